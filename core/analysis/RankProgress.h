#pragma once

#include "Analysis.h"
#include "CoalescedFold.h"
#include "core/model/OpInfo.h"

#include <cstdint>
#include <vector>

namespace fd {

class Job;
struct RankDump;

// One op of one rank as the analysis sees it: a collective (a coalesced group counts once, with the state of
// its terminator) or a p2p op. What its entry says as it is, the op reads from there: its seq
// (RankView::seqOf()), its PG (RankView::pgOf()) and a p2p op's peer (AnalysisContext::peer()).
struct RankOp
{
    std::uint32_t entry = 0; // index into RankDump::entries (the terminator for a coalesced group)
    EntryState state =
        EntryState::Unknown; // the entry's, or its group's; completed when retired or pg_status says so
    bool isP2p = false;
    bool coalesced = false;
    bool isSend = false;
    bool pending() const { return state != EntryState::Completed; }
};
// The analysis holds one per entry of the job while it runs, at its peak of memory: 8 bytes, not 24, is 8 MB
// less at 256 ranks x 2000 entries (docs/performance.md).
static_assert(sizeof(RankOp) == 8, "RankOp grew: read what the entry says from the entry");

// A p2p op's peer as a global rank: the local rank its name gives (`info`, "send 1->0") through the PG's
// member list; -1 when that list cannot tell.
int p2pPeer(const Job& job, const OpInfo& info, std::uint32_t pgIndex);

// A rank's position in one of its PGs: pg_status plus its own entries.
struct RankPgView
{
    std::uint32_t pgIndex = kNoPg;
    int localPgId = -1;
    bool hasStatus = false;
    bool statusIsP2p = false; // pg_status counts p2p_seq_id when the PG's last op was p2p
    std::int64_t stEnqueued = -1, stStarted = -1, stCompleted = -1;
    std::int64_t maxCollSeq = -1; // newest collective seq among entries
    std::int64_t maxP2pSeq = -1;  // newest p2p seq among entries
    std::int64_t maxCollCompleted = -1;
    std::vector<std::uint32_t> colls; // indices into RankView::ops, collectives only, by seq
    int lastOp = -1;                  // index into RankView::ops of this PG's newest op (any kind)
    std::int64_t enteredUpTo = -1;    // newest collective seq this rank issued
    std::int64_t completedUpTo = -1;  // newest collective seq known completed here
    std::int64_t oldestPending = kNoSeq;
    std::int64_t newestPending = kNoSeq;
    bool unknown = false; // member without status nor entries: nothing is known
};

// A non-p2p coalesced group this rank opened but did not close: its inner ops are recorded (since 2.7, before
// anything is launched) but its terminator is not, so the group was never enqueued. The rank has not entered
// that collective: its CPU stopped inside the coalescing region (or was still in it when the dump was taken).
struct OpenCoalescedGroup
{
    std::uint32_t pgIndex = kNoPg;
    std::int64_t seq = kNoSeq;          // the group's collective_seq_id
    std::vector<std::uint32_t> entries; // its inner entries, indices into RankDump::entries, oldest first
};

struct RankView
{
    int rank = -1;
    const RankDump* dump = nullptr; // null: no (readable) dump
    std::size_t dumpIndex = 0;      // index of `dump` in Job::dumps
    bool unreadable = false;        // a file was there but could not be read: no evidence either way
    std::vector<RankOp> ops;        // in entry order (oldest first); coalesced inner entries folded in, inner
                                    // entries of open groups left out (not issued)
    std::vector<OpenCoalescedGroup> openGroups;
    std::vector<RankPgView> pgs; // sorted by pgIndex
    int firstPendingOp = -1;     // index into ops of the oldest pending op
    int pendingOps = 0;

    const RankPgView* pg(std::uint32_t pgIndex) const;
    RankPgView* pg(std::uint32_t pgIndex);
    // The PG of one of `ops` (its entry's).
    std::uint32_t pgOf(const RankOp& op) const { return dump->entries[op.entry].pgIndex; }
    // The seq of one of `ops`: collective_seq_id, or p2p_seq_id for p2p.
    std::int64_t seqOf(const RankOp& op) const
    {
        const Entry& e = dump->entries[op.entry];
        return op.isP2p ? e.p2pSeqId : e.collectiveSeqId;
    }
    // The op of this rank for collective `seq` in `pgIndex`, or null.
    const RankOp* collective(std::uint32_t pgIndex, std::int64_t seq) const;
    // Whether this rank issued / completed collective `seq`; see RankProgress.cpp for the evidence used.
    bool entered(std::uint32_t pgIndex, std::int64_t seq) const;
    bool completed(std::uint32_t pgIndex, std::int64_t seq) const;
    MemberState memberState(std::uint32_t pgIndex, std::int64_t seq) const;
};

// Builds one RankView per rank of the world (index = rank), on the job's coalesced fold.
std::vector<RankView> buildRankViews(const Job& job, const CoalescedFold& fold, const OpInfoCache& ops);

} // namespace fd
