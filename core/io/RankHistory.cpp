#include "RankHistory.h"

#include "DumpReread.h"

#include <algorithm>

namespace fd {

RankHistory::RankHistory(std::unique_ptr<JobPools> pools, std::vector<Entry> entries,
                         std::vector<EntryTimes> times, std::vector<std::uint64_t> fileIndex,
                         std::uint64_t fileEntries)
    : m_pools(std::move(pools)), m_entries(std::move(entries)), m_times(std::move(times)),
      m_fileIndex(std::move(fileIndex)), m_fileEntries(fileEntries)
{
}

namespace {

// The job's pgIndex of each PG the re-read names, by position: with the same bytes, both windows list the
// file's PGs in the order the file first names them (EntryWindow::pgs), and every PG keeps entries.
std::vector<std::pair<EntryPgId, std::uint32_t>> pgIndexOfRereadPgs(const RankDump& loaded,
                                                                    const RankDump& now)
{
    std::vector<std::pair<EntryPgId, std::uint32_t>> out;
    const std::size_t n = std::min(loaded.window.pgs.size(), now.window.pgs.size());
    for (std::size_t p = 0; p < n; ++p) {
        const EntryPgId loadedPg = loaded.window.pgs[p].pg;
        const auto e = std::find_if(loaded.entries.begin(), loaded.entries.end(),
                                    [&](const Entry& x) { return x.pg == loadedPg; });
        out.emplace_back(now.window.pgs[p].pg, e != loaded.entries.end() ? e->pgIndex : Entry{}.pgIndex);
    }
    return out;
}

} // namespace

RankHistoryResult readRankHistory(const Job& job, const RankDump& dump)
{
    RereadResult read = rereadDump(job, dump, DetailLevel::Times, WindowRule::wholeHistory());
    if (auto* error = std::get_if<LoadError>(&read))
        return *error;
    RereadDump& now = std::get<RereadDump>(read);
    const auto pgIndexOf = pgIndexOfRereadPgs(dump, now.dump);
    std::vector<Entry> entries;
    std::vector<EntryTimes> times;
    std::vector<std::uint64_t> fileIndex;
    const std::size_t leftOut = std::size_t(std::count(now.leftOut.begin(), now.leftOut.end(), 1));
    entries.reserve(leftOut);
    times.reserve(leftOut);
    fileIndex.reserve(leftOut);
    for (std::size_t i = 0; i < now.leftOut.size(); ++i) {
        if (!now.leftOut[i])
            continue;
        Entry e = now.dump.entries[i];
        const auto pg =
            std::find_if(pgIndexOf.begin(), pgIndexOf.end(), [&](const auto& p) { return p.first == e.pg; });
        e.pgIndex = pg != pgIndexOf.end() ? pg->second : Entry{}.pgIndex;
        entries.push_back(e);
        times.push_back(now.dump.timesOf(i));
        fileIndex.push_back(i);
    }
    return std::make_shared<const RankHistory>(std::move(now.pools), std::move(entries), std::move(times),
                                               std::move(fileIndex), now.dump.window.fileEntries);
}

} // namespace fd
