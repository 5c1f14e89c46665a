#include "Job.h"

#include <QStringBuilder>

#include <algorithm>

namespace fd {

QString LoadError::toString() const
{
    if (hasOffset)
        return filePath % QStringLiteral(": byte ") % QString::number(offset) % QStringLiteral(": ") %
               message;
    return filePath % QStringLiteral(": ") % message;
}

const PgStatus* RankDump::statusForLocalPg(std::int32_t localPgId) const
{
    for (const auto& s : pgStatus) {
        if (s.localPgId == localPgId)
            return &s;
    }
    return nullptr;
}

const PgConfig* RankDump::configForPg(std::uint32_t pgIndex) const
{
    for (const auto& c : pgConfigs) {
        if (c.pgIndex == pgIndex)
            return &c;
    }
    return nullptr;
}

const EntryTimes& RankDump::timesOf(std::size_t i) const
{
    static const EntryTimes kNone;
    return i < times.size() ? times[i] : kNone;
}

const EntryOrigin& RankDump::originOf(std::size_t i) const
{
    static const EntryOrigin kNone;
    return i < origins.size() ? origins[i] : kNone;
}

const RankDump* Job::dumpForRank(int rank) const
{
    auto it = std::lower_bound(dumps.begin(), dumps.end(), rank,
                               [](const RankDump& d, int r) { return d.rank < r; });
    return it != dumps.end() && it->rank == rank ? &*it : nullptr;
}

std::size_t Job::entryCount() const
{
    std::size_t n = 0;
    for (const auto& d : dumps)
        n += d.entries.size();
    return n;
}

std::uint64_t Job::totalFileBytes() const
{
    std::uint64_t n = 0;
    for (const auto& d : dumps)
        n += d.fileSize;
    return n;
}

std::size_t Job::memoryUsage() const
{
    std::size_t n = pools->memoryUsage();
    for (const auto& d : dumps) {
        n += sizeof(RankDump) + d.entries.capacity() * sizeof(Entry) +
             d.times.capacity() * sizeof(EntryTimes) + d.origins.capacity() * sizeof(EntryOrigin);
        n += d.pgConfigs.capacity() * sizeof(PgConfig) + d.pgStatus.capacity() * sizeof(PgStatus);
    }
    for (const auto& pg : processGroups)
        n += sizeof(ProcessGroup) + pg.ranks.capacity() * sizeof(int);
    return n;
}

} // namespace fd
