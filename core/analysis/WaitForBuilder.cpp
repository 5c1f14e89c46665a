#include "AnalysisContext.h"
#include "WaitForGraph.h"

#include "core/model/Job.h"

#include <algorithm>
#include <tuple>
#include <unordered_set>

// Builds the wait-for graph and the per-rank evidence (see WaitForGraph.h for the rules).
namespace fd {

namespace {

// The op a rank's GPU is in: its oldest incomplete op. Everything it queued after that is not progress, and
// not a wait either: the GPU runs a rank's collectives in issue order (each waits on the compute stream,
// which waits on the previous one), so the rank is not in them yet, and a peer that has not queued them as
// far is not behind. Null when the entries show nothing pending.
const RankOp* headOp(const RankView& view)
{
    return view.firstPendingOp >= 0 ? &view.ops[static_cast<std::size_t>(view.firstPendingOp)] : nullptr;
}

// Where a rank is, as an op: its head op (headOp()), unless a PG's pg_status shows a pending op (a
// collective, or a p2p op in a PG that counts p2p_seq_id) that no entry holds while the rank has pending
// entries. The ring buffer rolled that one out, so the rank issued it before everything the buffer holds and
// is there (in the one its GPU started, when pg_status says so). Such a place has no entry: `index` is -1 and
// the op is made from pg_status. A p2p one has no known peer, so it waits on nobody: it is taken only when
// timing shows the GPU inside it, else the rank's entries say more. `valid` is false when nothing is pending.
struct Place
{
    RankOp op; // state and kind (`op.entry` means nothing when `index` is -1)
    std::int64_t seq = kNoSeq;
    std::uint32_t pgIndex = kNoPg;
    int peer = -1;  // p2p: the peer's global rank, when known
    int index = -1; // into RankView::ops
    bool valid = false;
};

bool holdsP2p(const RankView& view, std::uint32_t pg, std::int64_t seq)
{
    return std::any_of(view.ops.begin(), view.ops.end(), [&](const RankOp& op) {
        return op.isP2p && view.seqOf(op) == seq && view.pgOf(op) == pg;
    });
}

Place placeOf(const AnalysisContext& ctx, const RankView& view)
{
    Place at;
    const RankOp* head = view.dump ? headOp(view) : nullptr;
    if (!head)
        return at;
    at = {*head, view.seqOf(*head), view.pgOf(*head), ctx.peer(view.rank, *head), view.firstPendingOp, true};
    bool started = false;
    for (const RankPgView& v : view.pgs) {
        if (!v.hasStatus)
            continue;
        // The oldest pending op pg_status shows: a collective, or (in a PG whose counter is p2p_seq_id) a p2p
        // op, whose peer is then unknown. Only one no entry holds counts. p2p_seq_id counts from 1, like
        // collective_seq_id; a dump that still holds record 0 lost nothing.
        const bool rolled = view.dump->lostOlderEntries();
        const std::int64_t seq = !v.statusIsP2p ? v.oldestPending
                                 : (rolled && v.stEnqueued > v.stCompleted)
                                     ? std::max<std::int64_t>(v.stCompleted + 1, 1)
                                     : kNoSeq;
        if (seq == kNoSeq ||
            (v.statusIsP2p ? holdsP2p(view, v.pgIndex, seq) : view.collective(v.pgIndex, seq) != nullptr))
            continue;
        const bool inside = v.stStarted >= seq;
        if (v.statusIsP2p && !inside)
            continue; // without its peer, a p2p place is worth taking only where the GPU is known to be
        if (at.index < 0 && (started || !inside))
            continue; // the first rolled-out one, or the one the GPU started, wins
        at.op = RankOp{};
        at.pgIndex = v.pgIndex;
        at.peer = -1;
        at.seq = seq;
        at.op.isP2p = v.statusIsP2p;
        at.op.state = inside ? EntryState::Started : EntryState::Scheduled;
        at.index = -1;
        started = inside;
    }
    return at;
}

WaitEdge collectiveEdge(const AnalysisContext& ctx, int from, std::uint32_t pg, std::int64_t seq, int to)
{
    WaitEdge e;
    e.to = to;
    e.pgIndex = pg;
    e.seq = seq;
    e.viaRank = from;
    const RankView& rv = ctx.views[static_cast<std::size_t>(from)];
    if (const RankOp* op = rv.collective(pg, seq))
        e.viaOp = static_cast<int>(op - rv.ops.data());
    return e;
}

// Hard edges for collectives: a rank in collective h of a PG waits on every member that has not issued h. h
// is the rank's oldest incomplete op (headOp()); a rank whose entries show nothing pending but whose
// pg_status does (entries excluded, or rolled out) waits at its oldest pending seq of each such PG. Members
// are sorted by how far they got, so each waiter visits only the members it waits on.
void collectiveEdges(AnalysisContext& ctx, const std::vector<Place>& places, WaitForGraph& g)
{
    for (std::uint32_t p = 0; p < ctx.members.size(); ++p) {
        const auto& members = ctx.members[p];
        if (members.size() < 2)
            continue;
        struct Target
        {
            std::int64_t entered;
            int rank;
        };
        std::vector<Target> targets;
        std::vector<std::pair<int, std::int64_t>> waiters; // rank, the seq it is in
        for (int r : members) {
            const RankView& view = ctx.views[static_cast<std::size_t>(r)];
            const RankPgView* v = view.pg(p);
            if (!view.dump) {
                if (!view.unreadable)
                    targets.push_back({-1, r});
                continue; // an unreadable dump is no evidence either way: never blamed on absence alone
            }
            if (!v || v->unknown) {
                if (ctx.placedWithDump(p, r))
                    targets.push_back({-1, r}); // its dump names no PG of this kind: it issued nothing here
                continue;                       // otherwise nothing known: never blamed on absence alone
            }
            targets.push_back({v->enteredUpTo, r});
            const Place& at = places[static_cast<std::size_t>(r)];
            if (at.valid && !at.op.isP2p && at.pgIndex == p)
                waiters.emplace_back(r, at.seq);
            else if (!at.valid && v->oldestPending != kNoSeq)
                waiters.emplace_back(r, v->oldestPending);
        }
        if (waiters.empty())
            continue;
        std::sort(targets.begin(), targets.end(),
                  [](const Target& a, const Target& b) { return a.entered < b.entered; });
        for (const auto& [r, seq] : waiters)
            for (const Target& t : targets) {
                if (t.entered >= seq)
                    break;
                g.addEdge(r, collectiveEdge(ctx, r, p, seq, t.rank));
            }
    }
}

// A collective whose members disagree never completes: every member in it is stuck because of the members
// that disagree, so it waits on them (they are the mismatch's culprits, and it their victim).
void mismatchEdges(AnalysisContext& ctx, const std::vector<Place>& places,
                   const std::vector<CollectiveFinding>& mismatches, WaitForGraph& g)
{
    for (const CollectiveFinding& c : mismatches)
        for (int m : ctx.members[c.pgIndex]) {
            const Place& at = places[static_cast<std::size_t>(m)];
            if (!at.valid || at.op.isP2p || at.pgIndex != c.pgIndex || at.seq != c.seqId ||
                std::find(c.mismatchedRanks.begin(), c.mismatchedRanks.end(), m) != c.mismatchedRanks.end())
                continue;
            for (int odd : c.mismatchedRanks)
                g.addEdge(m, collectiveEdge(ctx, m, c.pgIndex, c.seqId, odd));
        }
}

struct P2pKey
{
    std::uint32_t pg;
    int self, peer;
    bool send;
    bool operator==(const P2pKey&) const = default;
};
struct P2pKeyHash
{
    std::size_t operator()(const P2pKey& k) const
    {
        return (std::size_t(k.pg) * 1000003u) ^ (std::size_t(k.self) << 21) ^ (std::size_t(k.peer) << 1) ^
               k.send;
    }
};

// Hard edges for p2p: a rank whose oldest incomplete op is a send to (or a receive from) a peer waits on that
// peer when the peer has no pending receive from (send to) it: the peer never issued its side. When it has
// one, both sides issued the transfer and the peer is blocked before it, which softEdges() tells.
void p2pEdges(AnalysisContext& ctx, const std::vector<Place>& places, WaitForGraph& g)
{
    std::unordered_set<P2pKey, P2pKeyHash> pending;
    for (const RankView& view : ctx.views)
        for (const RankOp& op : view.ops)
            if (op.isP2p && op.pending())
                if (const int peer = ctx.peer(view.rank, op); peer >= 0)
                    pending.insert(P2pKey{view.pgOf(op), view.rank, peer, op.isSend});
    for (const RankView& view : ctx.views) {
        const Place& at = places[static_cast<std::size_t>(view.rank)];
        if (at.index < 0 || !at.op.isP2p || at.peer < 0 || at.peer >= static_cast<int>(ctx.views.size()))
            continue; // no head op, or not p2p, or no known peer
        const RankView& peer = ctx.views[static_cast<std::size_t>(at.peer)];
        if (peer.unreadable)
            continue;
        if (peer.dump && pending.count(P2pKey{at.pgIndex, at.peer, view.rank, !at.op.isSend}))
            continue;
        WaitEdge e;
        e.to = at.peer;
        e.pgIndex = at.pgIndex;
        e.seq = at.seq;
        e.p2p = true;
        e.viaRank = view.rank;
        e.viaOp = view.firstPendingOp;
        g.addEdge(view.rank, e);
    }
}

bool sameOp(const Place& a, const Place& b)
{
    return a.pgIndex == b.pgIndex && a.op.isP2p == b.op.isP2p && (a.op.isP2p || a.seq == b.seq);
}

// Soft edges for a rank with no hard edge: everyone issued what it waits in, so look at where each peer's
// GPU is. A peer whose oldest pending op is another one is blocked before it; a peer that has not started the
// same op while this rank is inside it (timing on) has a stalled GPU.
void softEdges(AnalysisContext& ctx, const std::vector<Place>& places, WaitForResult& res)
{
    for (RankView& view : ctx.views) {
        if (!view.dump || view.firstPendingOp < 0 || !res.graph.out(view.rank).empty())
            continue;
        const Place& mineAt = places[static_cast<std::size_t>(view.rank)];
        const RankOp& mine = mineAt.op;
        std::vector<int> peers;
        if (mine.isP2p) {
            if (mineAt.peer >= 0)
                peers.push_back(mineAt.peer);
        } else {
            peers = ctx.members[mineAt.pgIndex];
        }
        for (int m : peers) {
            if (m == view.rank || m < 0 || static_cast<std::size_t>(m) >= ctx.views.size())
                continue;
            const RankView& pv = ctx.views[static_cast<std::size_t>(m)];
            const Place& theirsAt = places[static_cast<std::size_t>(m)];
            if (!theirsAt.valid)
                continue;
            if (!mine.isP2p && pv.completed(mineAt.pgIndex, mineAt.seq))
                continue; // BrokenGpu evidence against this rank, not a wait
            const RankOp& theirs = theirsAt.op;
            WaitEdge e;
            e.to = m;
            e.pgIndex = mineAt.pgIndex;
            e.seq = mineAt.seq;
            e.p2p = mine.isP2p;
            e.soft = true;
            e.viaRank = view.rank;
            e.viaOp = mineAt.index;
            // p2p: only the peer's matching half (its send to us for our receive, and the reverse) is the
            // same transfer; a peer blocked in another op with us, e.g. its own send while we send, is
            // elsewhere.
            const bool together =
                sameOp(mineAt, theirsAt) &&
                (!mine.isP2p || (theirsAt.peer == view.rank && theirs.isSend != mine.isSend));
            if (!together) {
                res.graph.addEdge(view.rank, e);
            } else if (mine.state == EntryState::Started && theirs.state == EntryState::Scheduled) {
                res.gpuStalled[static_cast<std::size_t>(m)] = 1;
                res.graph.addEdge(view.rank, e);
            }
        }
    }
}

// Gloo runs collectives on the CPU: a rank of a gloo job has no GPU to break (docs/torch-jobs.md).
bool onCpuBackend(const AnalysisContext& ctx, int rank, const RankOp& op)
{
    return ctx.job.pools->str(ctx.entry(rank, op).profilingName).startsWith(QLatin1String("gloo:"));
}

// A rank whose oldest pending collective in a PG was completed by a peer: the collective ran, so this rank's
// GPU (or its completion tracking) broke. Root-asymmetric ops (broadcast, reduce, ...) need every peer. Not
// on a CPU backend: there, an op peers finished while one member still holds it failed on that member's side,
// which readFailedRetirements() and the waits on silent members tell.
void brokenGpu(AnalysisContext& ctx, WaitForResult& res)
{
    for (const RankView& view : ctx.views) {
        if (!view.dump)
            continue;
        for (const RankPgView& v : view.pgs) {
            if (v.oldestPending == kNoSeq)
                continue;
            const std::int64_t s = v.oldestPending;
            const RankOp* op = view.collective(v.pgIndex, s);
            if (op && onCpuBackend(ctx, view.rank, *op))
                continue;
            const bool asym = op && ctx.opInfo(view.rank, *op).rootAsymmetric;
            std::vector<int> by;
            bool allOthers = true;
            bool memberSilent = false; // a member without a dump: it may have died in this collective
            bool onlyRetired = true;   // no peer shows more than gloo's retirement
            for (int m : ctx.members[v.pgIndex]) {
                if (m == view.rank)
                    continue;
                const RankView& pv = ctx.views[static_cast<std::size_t>(m)];
                if (pv.dump && pv.completed(v.pgIndex, s)) {
                    by.push_back(m);
                    const RankOp* theirs = pv.collective(v.pgIndex, s);
                    if (!theirs || ctx.entry(m, *theirs).state == EntryState::Completed)
                        onlyRetired = false;
                } else {
                    allOthers = false;
                    memberSilent = memberSilent || !pv.dump;
                }
            }
            // Gloo retires work that failed like work that finished: when a member died, its ring neighbours'
            // collective ends with "connection reset" and reads as completed (docs/torch-jobs.md). That
            // proves nothing against the members still in it; the silent member is the suspect
            // (collectiveEdges()).
            if (memberSilent && onlyRetired)
                continue;
            if (!by.empty() && (!asym || allOthers)) {
                res.brokenGpu.push_back({view.rank, v.pgIndex, s, std::move(by)});
                break; // one piece of evidence per rank is enough to name it
            }
        }
    }
}

} // namespace

WaitForResult buildWaitForGraph(AnalysisContext& ctx, const std::vector<CollectiveFinding>& mismatches)
{
    WaitForResult res{WaitForGraph(static_cast<int>(ctx.views.size())), {}, {}};
    res.gpuStalled.assign(ctx.views.size(), 0);
    std::vector<Place> places;
    places.reserve(ctx.views.size());
    for (const RankView& view : ctx.views)
        places.push_back(placeOf(ctx, view));
    collectiveEdges(ctx, places, res.graph);
    p2pEdges(ctx, places, res.graph);
    mismatchEdges(ctx, places, mismatches, res.graph);
    softEdges(ctx, places, res);
    brokenGpu(ctx, res);
    return res;
}

} // namespace fd
