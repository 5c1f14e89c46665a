#include "AnalysisContext.h"

#include "model/Job.h"

#include <algorithm>

namespace fd {

AnalysisContext::AnalysisContext(const Job& j)
    : job(j)
    , ops(*j.pools)
{
    coalesced = CoalescedFold(job, ops);
    views = buildRankViews(job, coalesced, ops);
    members.resize(job.processGroups.size());
    for (std::uint32_t p = 0; p < job.processGroups.size(); ++p)
        members[p] = job.processGroups[p].ranks;
    // PGs whose pg_config no dump carried: their members are whoever has entries or status for them, except the
    // default PG, which spans the world by definition, ranks without a dump included. Gloo dumps name no PG's
    // members (docs/torch-jobs.md), and a rank that died must still count as a member of the world.
    for (const RankView& v : views)
        for (const RankPgView& pv : v.pgs)
            if (job.processGroups[pv.pgIndex].ranks.empty())
                members[pv.pgIndex].push_back(v.rank);
    for (std::uint32_t p = 0; p < job.processGroups.size(); ++p)
        if (job.processGroups[p].ranks.empty() && isDefaultPg(job.processGroups[p]))
            for (int r = 0; r < job.worldSize; ++r)
                members[p].push_back(r);
    for (auto& m : members) {
        std::sort(m.begin(), m.end());
        m.erase(std::unique(m.begin(), m.end()), m.end());
    }
}

const Entry& AnalysisContext::entry(int rank, const RankOp& op) const
{
    return views[static_cast<std::size_t>(rank)].dump->entries[op.entry];
}

const OpInfo& AnalysisContext::opInfo(int rank, const RankOp& op)
{
    return ops.get(entry(rank, op).profilingName);
}

std::int64_t AnalysisContext::numel(ShapesId id)
{
    if (id == 0)
        return 0;
    auto it = m_numel.find(id);
    if (it != m_numel.end())
        return it->second;
    const std::int64_t n = job.pools->numel(id);
    m_numel.emplace(id, n);
    return n;
}

QString AnalysisContext::opText(int rank, const RankOp& op)
{
    const std::string_view n = opInfo(rank, op).name;
    return QString::fromUtf8(n.data(), static_cast<qsizetype>(n.size()));
}

QString AnalysisContext::sizesText(int rank, const RankOp& op) const
{
    return job.pools->shapesText(entry(rank, op).inputSizes);
}

QString AnalysisContext::dtypesText(int rank, const RankOp& op) const
{
    return job.pools->dtypes(entry(rank, op).inputDtypes).join(QLatin1Char(','));
}

} // namespace fd
