#include "AnalysisContext.h"
#include "WaitForGraph.h"

#include "model/Job.h"

#include <algorithm>
#include <tuple>
#include <unordered_map>

// Builds the wait-for graph and the per-rank evidence (see WaitForGraph.h for the rules).
namespace fd {

namespace {

// Hard edges for collectives: a rank pending up to seq h in a PG waits on every member that has not issued
// h. Members are sorted by how far they got, so each waiter visits only the members it waits on.
void collectiveEdges(AnalysisContext& ctx, WaitForGraph& g)
{
    for (std::uint32_t p = 0; p < ctx.members.size(); ++p) {
        const auto& members = ctx.members[p];
        if (members.size() < 2)
            continue;
        struct Target { std::int64_t entered; int rank; };
        std::vector<Target> targets;
        std::vector<std::pair<int, const RankPgView*>> waiters;
        for (int r : members) {
            const RankView& view = ctx.views[static_cast<std::size_t>(r)];
            const RankPgView* v = view.pg(p);
            if (!view.dump) {
                targets.push_back({-1, r});
                continue;
            }
            if (!v || v->unknown)
                continue; // nothing known: never blamed on absence alone
            targets.push_back({v->enteredUpTo, r});
            if (v->newestPending != kNoSeq)
                waiters.emplace_back(r, v);
        }
        if (waiters.empty())
            continue;
        std::sort(targets.begin(), targets.end(), [](const Target& a, const Target& b) { return a.entered < b.entered; });
        for (const auto& [r, v] : waiters) {
            for (const Target& t : targets) {
                if (t.entered >= v->newestPending)
                    break;
                WaitEdge e;
                e.to = t.rank;
                e.pgIndex = p;
                e.seq = std::max(t.entered + 1, v->oldestPending);
                e.viaRank = r;
                const RankView& rv = ctx.views[static_cast<std::size_t>(r)];
                if (const RankOp* op = rv.collective(p, e.seq))
                    e.viaOp = static_cast<int>(op - rv.ops.data());
                g.addEdge(r, e);
            }
        }
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
        return (std::size_t(k.pg) * 1000003u) ^ (std::size_t(k.self) << 21) ^ (std::size_t(k.peer) << 1) ^ k.send;
    }
};

// Hard edges for p2p: pending sends from a to b pair with pending receives at b from a, in order (a pair
// completes together, so the pending ones line up). Unmatched ones wait on the peer that has not issued its
// side.
void p2pEdges(AnalysisContext& ctx, WaitForGraph& g)
{
    std::unordered_map<P2pKey, std::pair<int, int>, P2pKeyHash> pending; // count, first op index
    for (const RankView& view : ctx.views)
        for (std::size_t i = 0; i < view.ops.size(); ++i) {
            const RankOp& op = view.ops[i];
            if (!op.isP2p || !op.pending() || op.peer < 0)
                continue;
            auto [it, fresh] = pending.try_emplace(P2pKey{op.pgIndex, view.rank, op.peer, op.isSend},
                                                   std::make_pair(0, static_cast<int>(i)));
            ++it->second.first;
        }
    // Sorted so that the edge kept per (from, to) does not depend on hash order.
    std::vector<std::pair<P2pKey, std::pair<int, int>>> items(pending.begin(), pending.end());
    std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) {
        return std::tie(a.first.self, a.second.second) < std::tie(b.first.self, b.second.second);
    });
    for (const auto& [k, v] : items) {
        if (k.peer >= static_cast<int>(ctx.views.size()))
            continue;
        const bool peerDump = ctx.views[static_cast<std::size_t>(k.peer)].dump != nullptr;
        auto it = pending.find(P2pKey{k.pg, k.peer, k.self, !k.send});
        const int counterpart = it == pending.end() ? 0 : it->second.first;
        if (!peerDump || v.first > counterpart) {
            const RankOp& op = ctx.views[static_cast<std::size_t>(k.self)].ops[static_cast<std::size_t>(v.second)];
            WaitEdge e;
            e.to = k.peer;
            e.pgIndex = k.pg;
            e.seq = op.seq;
            e.p2p = true;
            e.viaRank = k.self;
            e.viaOp = v.second;
            g.addEdge(k.self, e);
        }
    }
}

bool sameOp(const RankOp& a, const RankOp& b)
{
    return a.pgIndex == b.pgIndex && a.isP2p == b.isP2p && (a.isP2p || a.seq == b.seq);
}

// Soft edges for a rank with no hard edge: everyone issued what it waits in, so look at where each peer's
// GPU is. A peer whose oldest pending op is another one is blocked before it; a peer that has not started the
// same op while this rank is inside it (timing on) has a stalled GPU.
void softEdges(AnalysisContext& ctx, WaitForResult& res)
{
    for (RankView& view : ctx.views) {
        if (!view.dump || view.firstPendingOp < 0 || !res.graph.out(view.rank).empty())
            continue;
        const RankOp& mine = view.ops[static_cast<std::size_t>(view.firstPendingOp)];
        std::vector<int> peers;
        if (mine.isP2p) {
            if (mine.peer >= 0)
                peers.push_back(mine.peer);
        } else {
            peers = ctx.members[mine.pgIndex];
        }
        for (int m : peers) {
            if (m == view.rank || m < 0 || static_cast<std::size_t>(m) >= ctx.views.size())
                continue;
            const RankView& pv = ctx.views[static_cast<std::size_t>(m)];
            if (!pv.dump || pv.firstPendingOp < 0)
                continue;
            if (!mine.isP2p && pv.completed(mine.pgIndex, mine.seq))
                continue; // BrokenGpu evidence against this rank, not a wait
            const RankOp& theirs = pv.ops[static_cast<std::size_t>(pv.firstPendingOp)];
            WaitEdge e;
            e.to = m;
            e.pgIndex = mine.pgIndex;
            e.seq = mine.seq;
            e.p2p = mine.isP2p;
            e.soft = true;
            e.viaRank = view.rank;
            e.viaOp = view.firstPendingOp;
            // p2p: only the peer's matching half (its send to us for our receive, and the reverse) is the same
            // transfer; a peer blocked in another op with us, e.g. its own send while we send, is elsewhere.
            const bool together =
                sameOp(mine, theirs) && (!mine.isP2p || (theirs.peer == view.rank && theirs.isSend != mine.isSend));
            if (!together) {
                res.graph.addEdge(view.rank, e);
            } else if (mine.state == EntryState::Started && theirs.state == EntryState::Scheduled) {
                res.gpuStalled[static_cast<std::size_t>(m)] = 1;
                res.graph.addEdge(view.rank, e);
            }
        }
    }
}

// A rank whose oldest pending collective in a PG was completed by a peer: the collective ran, so this rank's
// GPU (or its completion tracking) broke. Root-asymmetric ops (broadcast, reduce, ...) need every peer.
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
            const bool asym = op && ctx.opInfo(view.rank, *op).rootAsymmetric;
            std::vector<int> by;
            bool allOthers = true;
            for (int m : ctx.members[v.pgIndex]) {
                if (m == view.rank)
                    continue;
                const RankView& pv = ctx.views[static_cast<std::size_t>(m)];
                if (pv.dump && pv.completed(v.pgIndex, s))
                    by.push_back(m);
                else
                    allOthers = false;
            }
            if (!by.empty() && (!asym || allOthers)) {
                res.brokenGpu.push_back({view.rank, v.pgIndex, s, std::move(by)});
                break; // one piece of evidence per rank is enough to name it
            }
        }
    }
}

} // namespace

WaitForResult buildWaitForGraph(AnalysisContext& ctx)
{
    WaitForResult res{WaitForGraph(static_cast<int>(ctx.views.size())), {}, {}};
    res.gpuStalled.assign(ctx.views.size(), 0);
    collectiveEdges(ctx, res.graph);
    p2pEdges(ctx, res.graph);
    softEdges(ctx, res);
    brokenGpu(ctx, res);
    return res;
}

} // namespace fd
