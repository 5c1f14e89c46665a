#include "ProgramOrder.h"

#include "AnalysisContext.h"
#include "Disagreement.h"
#include "WaitForGraph.h"

#include <QStringBuilder>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace fd {

namespace {

// One collective some rank of the cycle waits in.
struct Place
{
    std::uint32_t pg = 0;
    std::int64_t seq = 0;
    bool operator<(const Place& o) const { return std::tie(pg, seq) < std::tie(o.pg, o.seq); }
    bool operator==(const Place& o) const { return pg == o.pg && seq == o.seq; }
};

// Which of the two collectives `rank` issued first: -1 `a`, +1 `b`, 0 when its dump cannot tell (it issued
// neither, or both and neither entry is left). An entry that is gone while the other is held was the older
// one: a ring buffer drops the oldest entries, an only-active dump the completed ones, and a rank's ops
// complete in the order it issued them. How far the rank's GPU got with one collective: 2 completed, 1
// started (pg_status), 0 neither.
int progressOf(const RankView& view, const Place& p)
{
    if (view.completed(p.pg, p.seq))
        return 2;
    const RankPgView* v = view.pg(p.pg);
    return v && v->hasStatus && !v->statusIsP2p && v->stStarted >= p.seq ? 1 : 0;
}

int firstOf(const RankView& view, const Place& a, const Place& b)
{
    const bool hasA = view.entered(a.pg, a.seq), hasB = view.entered(b.pg, b.seq);
    if (hasA != hasB)
        return hasA ? -1 : 1;
    if (!hasA)
        return 0;
    const RankOp* opA = view.collective(a.pg, a.seq);
    const RankOp* opB = view.collective(b.pg, b.seq);
    if (!opA && !opB) {
        // Both entries gone: pg_status still says how far the GPU got in each PG, and it runs a rank's ops in
        // issue order, so the one it completed, or else started, came first.
        const int byProgress = progressOf(view, a) - progressOf(view, b);
        return byProgress > 0 ? -1 : byProgress < 0 ? 1 : 0;
    }
    if (!opA || !opB)
        return opA ? 1 : -1;
    if (opA->entry == opB->entry)
        return 0;
    return opA->entry < opB->entry ? -1 : 1;
}

bool isMember(const std::vector<int>& members, int r)
{
    return std::find(members.begin(), members.end(), r) != members.end();
}

bool pendingOn(const RankView& view, const Place& p)
{
    return view.entered(p.pg, p.seq) && !view.completed(p.pg, p.seq);
}

// Each pair of collectives of two PGs is a vote among the members of both (see ProgramOrder.h). With
// `onlyPending`, a member votes only where it still has both pending: a pair it issued in one order and
// completed says nothing about a deadlock.
CycleOrder vote(const AnalysisContext& ctx, const std::vector<std::pair<Place, Place>>& pairs,
                const Analysis& analysis, bool onlyPending)
{
    CycleOrder out;
    const auto where = [&](const Place& p) {
        return QStringLiteral("%1 collective %2").arg(analysis.pgLabel(p.pg)).arg(p.seq);
    };
    std::map<int, QString> departed, tied;
    const auto pgsOf = [&](const Place& a, const Place& b) {
        if (out.pgs.empty())
            out.pgs = {a.pg, b.pg};
    };
    for (const auto& [a, b] : pairs) {
        if (a.pg == b.pg)
            continue; // one PG's own order is its seq: a disagreement there is a mismatch, found elsewhere
        std::vector<int> aFirst, bFirst;
        for (int m : ctx.members[a.pg]) {
            if (!isMember(ctx.members[b.pg], m))
                continue;
            const RankView& view = ctx.views[static_cast<std::size_t>(m)];
            if (!view.dump || (onlyPending && (!pendingOn(view, a) || !pendingOn(view, b))))
                continue;
            const int first = firstOf(view, a, b);
            if (first < 0)
                aFirst.push_back(m);
            else if (first > 0)
                bFirst.push_back(m);
        }
        if (aFirst.empty() || bFirst.empty())
            continue; // every voter agrees: this pair is in program order
        if (aFirst.size() == bFirst.size()) {
            const QString why =
                QStringLiteral("%1 issued %2 first and %3 issued %4 first, and no other member of "
                               "both PGs says which order the program has: the dumps cannot tell "
                               "which side is wrong")
                    .arg(ranksPhrase(aFirst), where(a), ranksPhrase(bFirst), where(b));
            pgsOf(a, b);
            for (int r : aFirst)
                tied.emplace(r, why);
            for (int r : bFirst)
                tied.emplace(r, why);
            continue;
        }
        const bool aIsMajority = aFirst.size() > bFirst.size();
        const std::vector<int>& minority = aIsMajority ? bFirst : aFirst;
        const std::vector<int>& majority = aIsMajority ? aFirst : bFirst;
        const Place& theirs = aIsMajority ? a : b;
        const Place& mine = aIsMajority ? b : a;
        pgsOf(a, b);
        for (int r : minority)
            departed.emplace(
                r, QStringLiteral("it issued %1 before %2, while %3 (the majority of the members of both "
                                  "PGs) issued %4 first: its sequence departs from what its peers did")
                       .arg(where(mine), where(theirs), ranksPhrase(majority), where(theirs)));
    }
    const auto& chosen = departed.empty() ? tied : departed;
    out.ambiguous = departed.empty() && !tied.empty();
    for (const auto& [rank, reason] : chosen)
        out.named.push_back({rank, reason});
    return out;
}

} // namespace

CycleOrder judgeCycleOrder(const AnalysisContext& ctx, const WaitForGraph& graph,
                           const std::vector<int>& cycle, const Analysis& analysis)
{
    CycleOrder out;
    std::vector<Place> places;
    for (int r : cycle)
        for (const WaitEdge& e : graph.out(r)) {
            if (!isMember(cycle, e.to))
                continue;
            if (e.p2p)
                return out; // a p2p op has no PG-wide order to vote on
            const Place at{e.pgIndex, e.seq};
            if (std::find(places.begin(), places.end(), at) == places.end())
                places.push_back(at);
        }
    std::sort(places.begin(), places.end());

    std::vector<std::pair<Place, Place>> pairs;
    for (std::size_t i = 0; i < places.size(); ++i)
        for (std::size_t j = i + 1; j < places.size(); ++j)
            pairs.emplace_back(places[i], places[j]);
    return vote(ctx, pairs, analysis, false);
}

CycleOrder judgePendingOrder(const AnalysisContext& ctx, const std::vector<int>& stuck,
                             const Analysis& analysis)
{
    // A rank rarely has more than a few collectives queued per PG; past this many, the oldest ones decide.
    constexpr std::int64_t kMaxPerPg = 32;
    std::set<std::pair<Place, Place>> pairs;
    for (int r : stuck) {
        const RankView& view = ctx.views[static_cast<std::size_t>(r)];
        if (!view.dump)
            continue;
        std::vector<Place> mine;
        for (const RankPgView& v : view.pgs) {
            if (v.oldestPending == kNoSeq)
                continue;
            const std::int64_t last = std::min(v.enteredUpTo, v.oldestPending + kMaxPerPg - 1);
            for (std::int64_t seq = v.oldestPending; seq <= last; ++seq)
                if (pendingOn(view, Place{v.pgIndex, seq}))
                    mine.push_back(Place{v.pgIndex, seq});
        }
        for (std::size_t i = 0; i < mine.size(); ++i)
            for (std::size_t j = i + 1; j < mine.size(); ++j)
                if (mine[i].pg != mine[j].pg)
                    pairs.insert(std::minmax(mine[i], mine[j]));
    }
    return vote(ctx, std::vector<std::pair<Place, Place>>(pairs.begin(), pairs.end()), analysis, true);
}

} // namespace fd
