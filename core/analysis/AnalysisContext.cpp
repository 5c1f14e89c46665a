#include "AnalysisContext.h"

#include "core/model/Job.h"
#include "core/model/Utf8Text.h"

#include <algorithm>

namespace fd {

namespace {
const std::vector<int> kNoRanks;
} // namespace

AnalysisContext::AnalysisContext(const Job& j) : job(j), ops(*j.pools)
{
    coalesced = CoalescedFold(job, ops);
    views = buildRankViews(job, coalesced, ops);
    // pg_config's members, or for a PG no pg_config listed, those the loader learnt (JobAssembler.h).
    members.resize(job.processGroups.size());
    for (std::uint32_t p = 0; p < job.processGroups.size(); ++p)
        members[p] = job.processGroups[p].ranks;
    silentMembers = placeSilentMembers(job, ops, members);
    failedCollectives = readFailedRetirements(job, views, members, silentMembers);
    localRanks = learnLocalRanks(job, ops, members, silentMembers);
}

bool AnalysisContext::placedWithDump(std::uint32_t p, int r) const
{
    if (!views[static_cast<std::size_t>(r)].dump)
        return false;
    return std::any_of(silentMembers.begin(), silentMembers.end(), [&](const SilentMembership& s) {
        return s.pgIndex == p && std::binary_search(s.ranks.begin(), s.ranks.end(), r);
    });
}

const Entry& AnalysisContext::entry(int rank, const RankOp& op) const
{
    return views[static_cast<std::size_t>(rank)].dump->entries[op.entry];
}

const OpInfo& AnalysisContext::opInfo(int rank, const RankOp& op) const
{
    return ops.get(entry(rank, op).profilingName);
}

int AnalysisContext::peer(int rank, const RankOp& op) const
{
    if (!op.isP2p)
        return -1;
    const Entry& e = entry(rank, op);
    const OpInfo& info = ops.get(e.profilingName);
    if (const int peer = p2pPeer(job, info, e.pgIndex); peer >= 0)
        return peer;
    // A PG no pg_config lists: through the local ranks its dumps pin.
    const std::vector<int>& pinned = e.pgIndex < localRanks.size() ? localRanks[e.pgIndex] : kNoRanks;
    return info.peerLocal >= 0 && static_cast<std::size_t>(info.peerLocal) < pinned.size()
               ? pinned[static_cast<std::size_t>(info.peerLocal)]
               : -1;
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
    return visibleText(n); // a name that is not UTF-8 shows its bytes (model/Utf8Text.h)
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
