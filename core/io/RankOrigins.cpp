#include "RankOrigins.h"

#include "DumpReread.h"

namespace fd {

RankOrigins::RankOrigins(std::unique_ptr<JobPools> pools, std::vector<EntryOrigin> origins)
    : m_pools(std::move(pools)), m_origins(std::move(origins))
{
}

const EntryOrigin& RankOrigins::origin(std::size_t entry) const
{
    static const EntryOrigin kNone;
    return entry < m_origins.size() ? m_origins[entry] : kNone;
}

RankOriginsResult readRankOrigins(const Job& job, const RankDump& dump, OriginsOf of)
{
    // The same rule on the same bytes keeps the loaded entries; the whole history numbers them as the file.
    const WindowRule rule = of == OriginsOf::FileEntries ? WindowRule::wholeHistory() : dump.window.rule;
    RereadResult read = rereadDump(job, dump, DetailLevel::Full, rule);
    if (auto* error = std::get_if<LoadError>(&read))
        return *error;
    RereadDump& now = std::get<RereadDump>(read);
    return std::make_shared<const RankOrigins>(std::move(now.pools), std::move(now.dump.origins));
}

} // namespace fd
