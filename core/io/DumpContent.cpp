#include "DumpContent.h"

namespace fd {

namespace {

bool holdsNothing(const RankDump& d)
{
    return d.version.isEmpty() && d.pgConfigs.empty() && d.pgStatus.empty() && d.entries.empty() &&
           !d.partial;
}

} // namespace

std::variant<RankDump, LoadError> refuseIfNoDump(std::variant<RankDump, LoadError> read)
{
    const auto* dump = std::get_if<RankDump>(&read);
    if (!dump || !holdsNothing(*dump))
        return read;
    return LoadError{
        dump->filePath, dump->rank, 0, false,
        QStringLiteral("it decodes, but holds no version, pg_config, pg_status or entries, so it is no "
                       "Flight Recorder dump")};
}

std::variant<RankDump, LoadError> checkDumpContent(std::variant<RankDump, LoadError> read)
{
    read = refuseIfNoDump(std::move(read));
    auto* dump = std::get_if<RankDump>(&read);
    if (!dump)
        return read;
    if (dump->invalidUtf8Strings > 0)
        dump->warnings << QStringLiteral(
                              "%1 string(s) are not valid UTF-8 (Python's pickle would refuse this dump); "
                              "they are kept and shown with \\xNN for each byte outside a valid sequence")
                              .arg(dump->invalidUtf8Strings);
    return read;
}

} // namespace fd
