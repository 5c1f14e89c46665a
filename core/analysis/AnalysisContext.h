#pragma once

#include "Analysis.h"
#include "CoalescedFold.h"
#include "RankProgress.h"
#include "SilentMembers.h"
#include "core/model/OpInfo.h"

#include <unordered_map>
#include <vector>

namespace fd {

class Job;

// What the analysis steps share while one Analysis is built: the job, parsed op names and per-rank views.
struct AnalysisContext
{
    explicit AnalysisContext(const Job& j);

    const Job& job;
    OpInfoCache ops;
    CoalescedFold coalesced;               // handed on to the Analysis when it is done
    std::vector<RankView> views;           // index = global rank
    std::vector<std::vector<int>> members; // per PG index: member ranks (from pg_config, else from entries,
                                           // with the ranks without a dump placeSilentMembers() finds)
    std::vector<SilentMembership> silentMembers; // ranks without a dump added to unlisted PGs
    std::vector<FailedCollective>
        failedCollectives; // gloo retirements read as failures (readFailedRetirements())
    // per PG index: the global rank of each local rank the dumps pin, for PGs no pg_config lists
    // (learnLocalRanks())
    std::vector<std::vector<int>> localRanks;

    // A rank with a dump that placeSilentMembers() put in PG p: its dump names no PG of that description, so
    // it has issued nothing there.
    bool placedWithDump(std::uint32_t p, int r) const;
    const Entry& entry(int rank, const RankOp& op) const;
    const OpInfo& opInfo(int rank, const RankOp& op) const;
    // A p2p op's peer as a global rank (p2pPeer()); -1 when unknown or not p2p.
    int peer(int rank, const RankOp& op) const;
    std::int64_t numel(ShapesId id);
    // "all_reduce" / "[[4096, 1, 5120]]" / "BFloat16" for one op, as the report shows them.
    QString opText(int rank, const RankOp& op);
    QString sizesText(int rank, const RankOp& op) const;
    QString dtypesText(int rank, const RankOp& op) const;

private:
    std::unordered_map<ShapesId, std::int64_t> m_numel;
};

} // namespace fd
