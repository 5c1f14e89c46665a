#include "RankProgress.h"

#include "core/io/ParallelFor.h"
#include "core/model/Job.h"

#include <algorithm>
#include <unordered_map>

namespace fd {

const RankPgView* RankView::pg(std::uint32_t pgIndex) const
{
    auto it = std::lower_bound(pgs.begin(), pgs.end(), pgIndex,
                               [](const RankPgView& v, std::uint32_t p) { return v.pgIndex < p; });
    return it != pgs.end() && it->pgIndex == pgIndex ? &*it : nullptr;
}

RankPgView* RankView::pg(std::uint32_t pgIndex)
{
    return const_cast<RankPgView*>(std::as_const(*this).pg(pgIndex));
}

const RankOp* RankView::collective(std::uint32_t pgIndex, std::int64_t seq) const
{
    const RankPgView* v = pg(pgIndex);
    if (!v)
        return nullptr;
    auto it = std::lower_bound(v->colls.begin(), v->colls.end(), seq,
                               [this](std::uint32_t i, std::int64_t s) { return seqOf(ops[i]) < s; });
    return it != v->colls.end() && seqOf(ops[*it]) == seq ? &ops[*it] : nullptr;
}

bool RankView::entered(std::uint32_t pgIndex, std::int64_t seq) const
{
    const RankPgView* v = pg(pgIndex);
    return v && v->enteredUpTo >= seq;
}

bool RankView::completed(std::uint32_t pgIndex, std::int64_t seq) const
{
    if (const RankOp* op = collective(pgIndex, seq))
        return !op->pending();
    const RankPgView* v = pg(pgIndex);
    // Not among the entries: either it rolled out of the ring buffer or the dump holds only active entries.
    // Both mean it is no longer pending, provided the rank went past it.
    return v && v->completedUpTo >= seq;
}

MemberState RankView::memberState(std::uint32_t pgIndex, std::int64_t seq) const
{
    if (!dump)
        return MemberState::NoDump;
    if (const RankOp* op = collective(pgIndex, seq)) {
        switch (op->state) {
        case EntryState::Completed:
            return MemberState::Completed;
        case EntryState::Started:
            return MemberState::Started;
        default:
            return MemberState::Scheduled;
        }
    }
    const RankPgView* v = pg(pgIndex);
    if (!v || v->unknown)
        return MemberState::Unknown;
    if (v->completedUpTo >= seq)
        return MemberState::Completed;
    if (v->enteredUpTo >= seq)
        return (v->hasStatus && !v->statusIsP2p && v->stStarted >= seq) ? MemberState::Started
                                                                        : MemberState::Scheduled;
    return MemberState::NotEntered;
}

int p2pPeer(const Job& job, const OpInfo& info, std::uint32_t pgIndex)
{
    // A learnt member list (no pg_config) may lack a member, so local peer numbers cannot go through it; the
    // default PG's is the world's either way.
    const ProcessGroup& pg = job.processGroups[pgIndex];
    const auto& ranks = pg.ranks;
    if ((pg.ranksKnown || isDefaultPg(pg)) && info.peerLocal >= 0 &&
        static_cast<std::size_t>(info.peerLocal) < ranks.size())
        return ranks[static_cast<std::size_t>(info.peerLocal)];
    return -1;
}

namespace {

// Ops of one rank, with coalesced groups folded (`folded`, see CoalescedFold.h): a non-p2p group counts once,
// through its terminator; p2p ops inside a group are listed on their own with the terminator's state. Entries
// in `notIssued` (sorted) are the inner entries of open groups (see findOpenGroups()) and are left out.
void buildOps(const RankDump& dump, std::span<const CoalescedInner> folded, const OpInfoCache& cache,
              RankView& view, const std::vector<std::uint32_t>& notIssued)
{
    const auto& entries = dump.entries;
    std::vector<std::int8_t> inner(entries.size(), 0);
    std::vector<EntryState> foldedState(entries.size(), EntryState::Unknown);
    for (const CoalescedInner& c : folded) {
        inner[c.entry] = 1;
        foldedState[c.entry] = entries[c.terminator].state;
    }

    view.ops.reserve(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const Entry& e = entries[i];
        if (e.pgIndex == kNoPg)
            continue;
        if (!notIssued.empty() &&
            std::binary_search(notIssued.begin(), notIssued.end(), static_cast<std::uint32_t>(i)))
            continue;
        const OpInfo& info = cache.get(e.profilingName);
        const bool p2p = e.isP2p || info.family == OpFamily::Send || info.family == OpFamily::Recv;
        if (inner[i] && !p2p)
            continue; // counted once, through its terminator
        RankOp op;
        op.entry = static_cast<std::uint32_t>(i);
        op.isP2p = p2p && info.family != OpFamily::CoalescedEnd;
        op.state = inner[i] ? foldedState[i] : e.state;
        // Gloo never moves an entry past "scheduled"; the recorder retires it when its work ends, which is
        // the only completion a gloo dump carries (docs/torch-jobs.md). NCCL retires completed work too.
        if (e.retired && !inner[i])
            op.state = EntryState::Completed;
        op.coalesced = inner[i] || info.family == OpFamily::CoalescedEnd;
        if (p2p && info.family == OpFamily::CoalescedEnd)
            continue; // a p2p batch terminator: its ops are listed on their own
        op.isSend = op.isP2p && info.family == OpFamily::Send;
        view.ops.push_back(op);
    }
}

// Ops, per-PG indexes and pg_status of one rank.
void indexRank(const Job& job, const RankDump& dump, std::span<const CoalescedInner> folded,
               const OpInfoCache& cache, RankView& view, const std::vector<std::uint32_t>& notIssued)
{
    buildOps(dump, folded, cache, view, notIssued);
    // Where each of the rank's PGs sits in view.pgs, by PG index: one load per op (a binary search per op
    // would be half of this function).
    std::vector<std::int32_t> slotOf(job.processGroups.size(), -1);
    const auto placePgs = [&] {
        for (std::size_t k = 0; k < view.pgs.size(); ++k)
            slotOf[view.pgs[k].pgIndex] = static_cast<std::int32_t>(k);
    };
    placePgs();
    for (std::uint32_t i = 0; i < view.ops.size(); ++i) {
        const RankOp& op = view.ops[i];
        const Entry& e = dump.entries[op.entry];
        if (slotOf[e.pgIndex] <
            0) { // an entry for a PG whose member list does not name this rank: keep it anyway
            RankPgView nv;
            nv.pgIndex = e.pgIndex;
            view.pgs.insert(
                std::lower_bound(view.pgs.begin(), view.pgs.end(), e.pgIndex,
                                 [](const RankPgView& a, std::uint32_t p) { return a.pgIndex < p; }),
                nv);
            placePgs();
        }
        RankPgView* v = &view.pgs[static_cast<std::size_t>(slotOf[e.pgIndex])];
        v->lastOp = static_cast<int>(i);
        const std::int64_t seq = view.seqOf(op);
        if (op.isP2p) {
            v->maxP2pSeq = std::max(v->maxP2pSeq, seq);
            v->statusIsP2p = true; // provisional: the PG's last op decides, below
        } else {
            v->colls.push_back(i);
            v->maxCollSeq = std::max(v->maxCollSeq, seq);
            v->statusIsP2p = false;
        }
    }
    for (RankPgView& v : view.pgs) // the local id its newest entry names, unless pg_status says (below)
        if (v.lastOp >= 0)
            v.localPgId = job.pools->entryPg(dump.entries[view.ops[std::size_t(v.lastOp)].entry].pg).localId;
    for (const PgStatus& st : dump.pgStatus) {
        if (st.pgIndex == kNoPg)
            continue;
        if (RankPgView* v = view.pg(st.pgIndex)) {
            v->hasStatus = true;
            v->localPgId = st.localPgId;
            v->stEnqueued = st.lastEnqueued;
            v->stStarted = st.lastStarted;
            v->stCompleted = st.lastCompleted;
        }
    }
    // A ring buffer lists a PG's collectives in seq order already: checking costs one pass, sorting a merge
    // sort with its buffer per PG per rank.
    const auto bySeq = [&](std::uint32_t a, std::uint32_t b) {
        return view.seqOf(view.ops[a]) < view.seqOf(view.ops[b]);
    };
    for (RankPgView& v : view.pgs)
        if (!std::is_sorted(v.colls.begin(), v.colls.end(), bySeq))
            std::stable_sort(v.colls.begin(), v.colls.end(), bySeq);
}

// Open coalesced groups (see OpenCoalescedGroup). Their inner entries look like ordinary pending collectives
// with the group's seq, while the peers that closed the group show its terminator there: compared as they
// are, that reads as a type mismatch (all_gather against ALLGATHER_coalesced), or as a rank inside a
// collective it never launched. A PG's newest ops are an open group when they are plain collectives, never
// started (inner ops get no events), nothing of the PG follows them, and either several of them share one
// collective_seq_id (only a coalescing region does that) or a peer closed a group of the same op at that
// seq. A single such op without that peer evidence stays an ordinary pending collective.
// Returns, per rank, the inner entries to leave out (sorted), and fills RankView::openGroups.
std::vector<std::vector<std::uint32_t>> findOpenGroups(const Job& job, const OpInfoCache& cache,
                                                       std::vector<RankView>& views)
{
    struct Candidate
    {
        int rank;
        std::uint32_t pg;
        std::int64_t seq;
        std::vector<std::uint32_t> entries;
    };
    std::vector<Candidate> sure, single;
    for (const RankView& view : views) {
        if (!view.dump)
            continue;
        for (const RankPgView& v : view.pgs) {
            if (v.colls.empty() || v.lastOp != static_cast<int>(v.colls.back()))
                continue;
            const std::int64_t s = view.seqOf(view.ops[v.colls.back()]);
            if (v.hasStatus && !v.statusIsP2p && v.stCompleted >= s)
                continue;
            Candidate c{view.rank, v.pgIndex, s, {}};
            bool plain = true;
            for (auto it = v.colls.rbegin(); it != v.colls.rend() && view.seqOf(view.ops[*it]) == s; ++it) {
                const RankOp& op = view.ops[*it];
                plain = plain && !op.coalesced && view.dump->entries[op.entry].state == EntryState::Scheduled;
                c.entries.push_back(op.entry);
            }
            if (!plain)
                continue;
            std::sort(c.entries.begin(), c.entries.end());
            (c.entries.size() >= 2 ? sure : single).push_back(std::move(c));
        }
    }

    if (!single.empty()) {
        // Seqs to look up per PG, then one pass over every rank's ops at those seqs for closed groups. The
        // op of the group is the one of the inner entry right before the terminator (pre-2.7 dumps have none:
        // any group then counts).
        std::vector<std::vector<std::pair<std::int64_t, std::string_view>>> closed(job.processGroups.size());
        std::vector<std::vector<std::int64_t>> wanted(job.processGroups.size());
        for (const Candidate& c : single)
            wanted[c.pg].push_back(c.seq);
        for (auto& w : wanted) {
            std::sort(w.begin(), w.end());
            w.erase(std::unique(w.begin(), w.end()), w.end());
        }
        for (const RankView& view : views) {
            if (!view.dump)
                continue;
            for (const RankPgView& v : view.pgs)
                for (std::int64_t s : wanted[v.pgIndex]) {
                    const RankOp* op = view.collective(v.pgIndex, s);
                    if (!op || op->isP2p ||
                        cache.get(view.dump->entries[op->entry].profilingName).family !=
                            OpFamily::CoalescedEnd)
                        continue;
                    std::string_view innerOp;
                    for (std::size_t j = op->entry, steps = 0; j-- > 0 && steps < 64; ++steps) {
                        const Entry& e = view.dump->entries[j];
                        if (e.pgIndex != v.pgIndex)
                            continue;
                        if (!e.isP2p && e.collectiveSeqId == s)
                            innerOp = cache.get(e.profilingName).canonical;
                        break;
                    }
                    closed[v.pgIndex].emplace_back(s, innerOp);
                }
        }
        for (Candidate& c : single) {
            const std::string_view mine = cache
                                              .get(views[static_cast<std::size_t>(c.rank)]
                                                       .dump->entries[c.entries.front()]
                                                       .profilingName)
                                              .canonical;
            for (const auto& [s, op] : closed[c.pg])
                if (s == c.seq && (op.empty() || op == mine)) {
                    sure.push_back(std::move(c));
                    break;
                }
        }
    }

    std::vector<std::vector<std::uint32_t>> notIssued(views.size());
    for (Candidate& c : sure) {
        auto& drop = notIssued[static_cast<std::size_t>(c.rank)];
        drop.insert(drop.end(), c.entries.begin(), c.entries.end());
        views[static_cast<std::size_t>(c.rank)].openGroups.push_back({c.pg, c.seq, std::move(c.entries)});
    }
    for (auto& drop : notIssued)
        std::sort(drop.begin(), drop.end());
    return notIssued;
}

} // namespace

std::vector<RankView> buildRankViews(const Job& job, const CoalescedFold& fold, const OpInfoCache& cache)
{
    std::vector<RankView> views(static_cast<std::size_t>(std::max(job.worldSize, 0)));
    for (std::size_t r = 0; r < views.size(); ++r)
        views[r].rank = static_cast<int>(r);

    // Which PGs each rank belongs to, from the job-wide PG list.
    for (std::uint32_t p = 0; p < job.processGroups.size(); ++p)
        for (int r : job.processGroups[p].ranks)
            if (r >= 0 && static_cast<std::size_t>(r) < views.size()) {
                RankPgView v;
                v.pgIndex = p;
                views[static_cast<std::size_t>(r)].pgs.push_back(v);
            }

    for (int r : job.unreadableRanks)
        if (r >= 0 && static_cast<std::size_t>(r) < views.size())
            views[static_cast<std::size_t>(r)].unreadable = true;

    // A rank's dumps (one, unless several files claim it) are indexed in job order; ranks in parallel.
    std::vector<std::vector<std::size_t>> dumpsOf(views.size());
    for (std::size_t d = 0; d < job.dumps.size(); ++d) {
        const RankDump& dump = job.dumps[d];
        if (dump.rank < 0 || static_cast<std::size_t>(dump.rank) >= views.size())
            continue;
        if (views[static_cast<std::size_t>(dump.rank)].unreadable)
            continue; // a dump cut off while it was written: its rank is not judged (docs/attribution.md)
        dumpsOf[static_cast<std::size_t>(dump.rank)].push_back(d);
    }
    parallelFor(views.size(), 0, nullptr, [&](std::size_t r) {
        RankView& view = views[r];
        for (const std::size_t d : dumpsOf[r]) {
            view.dump = &job.dumps[d];
            view.dumpIndex = d;
            indexRank(job, *view.dump, fold.ofDump(d), cache, view, {});
        }
    });

    // Kind of each PG's sequence counter: p2p-only PGs count p2p_seq_id in pg_status. Taken before open
    // groups are left out below: their seqs were issued on some rank's side all the same.
    std::vector<std::int64_t> pgMaxColl(job.processGroups.size(), -1), pgMaxP2p(job.processGroups.size(), -1);
    for (const RankView& view : views)
        for (const RankPgView& v : view.pgs) {
            pgMaxColl[v.pgIndex] = std::max(pgMaxColl[v.pgIndex], v.maxCollSeq);
            pgMaxP2p[v.pgIndex] = std::max(pgMaxP2p[v.pgIndex], v.maxP2pSeq);
        }

    // Ranks that stopped inside a coalesced group: index them again without the group's inner entries. Rare,
    // so redoing the whole rank is cheaper than making every step above aware of it.
    const std::vector<std::vector<std::uint32_t>> notIssued = findOpenGroups(job, cache, views);
    for (RankView& view : views) {
        const auto& drop = notIssued[static_cast<std::size_t>(view.rank)];
        if (drop.empty())
            continue;
        view.ops.clear();
        for (RankPgView& v : view.pgs) {
            RankPgView fresh;
            fresh.pgIndex = v.pgIndex;
            v = std::move(fresh);
        }
        indexRank(job, *view.dump, fold.ofDump(view.dumpIndex), cache, view, drop);
    }

    for (RankView& view : views) {
        for (RankPgView& v : view.pgs) {
            const bool hasEntries = v.maxCollSeq >= 0 || v.statusIsP2p;
            if (v.hasStatus && !hasEntries) {
                // No own entry tells which counter pg_status follows: take the one whose range it fits.
                // No entry of the PG in any dump: its counter is unknown. Taken as p2p, the PG's pg_status
                // then plays no part, rightly: p2p counters run per rank (a pipeline's first stage sends half
                // as often as a middle one), so comparing them across members as collective seqs would invent
                // ranks that are behind or that never finished what their peers completed.
                const std::int64_t c = pgMaxColl[v.pgIndex], p = pgMaxP2p[v.pgIndex];
                v.statusIsP2p =
                    c < 0 || (p >= 0 && std::llabs(v.stEnqueued - p) < std::llabs(v.stEnqueued - c));
            }
            const bool statusColl = v.hasStatus && !v.statusIsP2p;
            std::int64_t firstPendingEntry = kNoSeq, lastPendingEntry = kNoSeq;
            for (std::uint32_t i : v.colls) {
                RankOp& op = view.ops[i];
                const std::int64_t seq = view.seqOf(op);
                if (op.pending() && statusColl && v.stCompleted >= seq)
                    op.state = EntryState::Completed; // pg_status is newer than a stale entry state
                if (op.pending()) {
                    if (firstPendingEntry == kNoSeq)
                        firstPendingEntry = seq;
                    lastPendingEntry = seq;
                } else {
                    v.maxCollCompleted = std::max(v.maxCollCompleted, seq);
                }
            }
            // An open group was never enqueued, whatever pg_status says (PyTorch moves last_enqueued only
            // when the group's terminator is enqueued; a writer that counts inner ops would claim it).
            std::int64_t stEnqueued = statusColl ? v.stEnqueued : -1;
            for (const OpenCoalescedGroup& g : view.openGroups)
                if (g.pgIndex == v.pgIndex)
                    stEnqueued = std::min(stEnqueued, g.seq - 1);
            v.enteredUpTo = std::max(v.maxCollSeq, stEnqueued);
            // Completed: what pg_status says, raised by what the entries show: everything up to the newest
            // seq that is not pending. Seqs the entries do not show count as completed only when no entry was
            // dropped before the buffer's start (record 0 is there): seqs that rolled out of the ring buffer
            // are not, pg_status knows better. Entries showing completion beat a pg_status that lags them
            // (gloo updates it after it retires an entry).
            const bool wholeBuffer = view.dump && view.dump->holdsFromFirstRecord();
            const std::int64_t shown = firstPendingEntry == kNoSeq ? v.maxCollSeq : firstPendingEntry - 1;
            std::int64_t completedUpTo = statusColl ? v.stCompleted : -1;
            if (!statusColl || wholeBuffer)
                completedUpTo = std::max(completedUpTo, shown);
            else
                completedUpTo = std::max(completedUpTo, std::min(v.maxCollCompleted, shown));
            v.completedUpTo = completedUpTo;
            v.oldestPending = firstPendingEntry;
            v.newestPending = lastPendingEntry;
            if (statusColl && stEnqueued > std::max<std::int64_t>(completedUpTo, 0)) {
                // Pending collectives the entries do not show (entries excluded or rolled out). Entries that
                // show completion beat a pg_status that lags them (gloo updates it after retiring the entry).
                // collective_seq_id counts from 1 (PyTorch increments it before it records an op), so a
                // last_completed of -1 means nothing completed yet, not that a collective 0 is pending.
                const std::int64_t first = std::max<std::int64_t>(completedUpTo + 1, 1);
                if (v.oldestPending == kNoSeq || first < v.oldestPending)
                    v.oldestPending = first;
                v.newestPending = std::max(v.newestPending, stEnqueued);
            }
            // A member with a dump but neither status nor entries for this PG: nothing is known, unless the
            // dump carries no pg_status at all (old schema), where absence is the only evidence there is.
            v.unknown = view.dump && !v.hasStatus && !hasEntries && !view.dump->pgStatus.empty();
        }
        for (std::size_t i = 0; i < view.ops.size(); ++i)
            if (view.ops[i].pending()) {
                if (view.firstPendingOp < 0)
                    view.firstPendingOp = static_cast<int>(i);
                ++view.pendingOps;
            }
    }
    return views;
}

} // namespace fd
