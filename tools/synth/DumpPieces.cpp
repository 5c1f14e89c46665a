#include "DumpPieces.h"

namespace fd {

std::string ranksText(const std::vector<int>& ranks)
{
    std::string s = "[";
    for (std::size_t i = 0; i < ranks.size(); ++i)
        s += (i ? ", " : "") + std::to_string(ranks[i]);
    return s + "]";
}

void writePgConfigItem(PickleWriter& w, const std::string& name, const std::string& desc,
                       const std::string& ranks)
{
    w.string(name);
    w.beginDict();
    w.string("name");
    w.string(name);
    w.string("desc");
    w.string(desc);
    w.string("ranks");
    w.string(ranks);
    w.endDict();
}

void writePgStatusItem(PickleWriter& w, int localId, std::int64_t enqueued, std::int64_t started,
                       std::int64_t completed)
{
    w.string(std::to_string(localId));
    w.beginDict();
    w.string("last_enqueued_collective");
    w.integer(enqueued);
    w.string("last_started_collective");
    w.integer(started);
    w.string("last_completed_collective");
    w.integer(completed);
    w.endDict();
}

} // namespace fd
