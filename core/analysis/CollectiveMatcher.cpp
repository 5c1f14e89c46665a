#include "CollectiveMatcher.h"

#include "AnalysisContext.h"
#include "Disagreement.h"
#include "core/model/Job.h"
#include "core/model/Utf8Text.h"

#include <QStringBuilder>

#include <algorithm>
#include <iterator>
#include <limits>
#include <span>
#include <string>

namespace fd {

namespace {

// Majority vote over small value sets: returns the winning value, and whether another value has as many
// votes (then nothing in the dumps tells which side is wrong).
template <typename T> std::pair<T, bool> majority(const std::vector<std::pair<int, T>>& votes)
{
    std::vector<std::pair<T, int>> counts;
    for (const auto& [rank, v] : votes) {
        auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == v; });
        if (it == counts.end())
            counts.emplace_back(v, 1);
        else
            ++it->second;
    }
    const auto best = std::max_element(counts.begin(), counts.end(),
                                       [](const auto& a, const auto& b) { return a.second < b.second; });
    const bool tie = std::count_if(counts.begin(), counts.end(),
                                   [&](const auto& c) { return c.second == best->second; }) > 1;
    return {best->first, tie};
}

// The members whose vote differs from the majority; on a tie, every member (no side can be called wrong).
template <typename T>
std::vector<int> oddOnes(const std::vector<std::pair<int, T>>& votes, T* winner = nullptr)
{
    std::vector<int> odd;
    if (votes.empty())
        return odd;
    const auto [want, tie] = majority(votes);
    if (winner)
        *winner = want;
    bool disagree = false;
    for (const auto& [r, v] : votes)
        disagree = disagree || v != want;
    for (const auto& [r, v] : votes)
        if (disagree && (tie || v != want))
            odd.push_back(r);
    return odd;
}

// Ranks looked up in log time (a PG may have thousands of members), whatever order the list keeps.
class RankLookup
{
public:
    explicit RankLookup(std::vector<int> ranks) : m_sorted(std::move(ranks))
    {
        std::sort(m_sorted.begin(), m_sorted.end());
    }
    bool contains(int rank) const { return std::binary_search(m_sorted.begin(), m_sorted.end(), rank); }

private:
    std::vector<int> m_sorted;
};

QString noMajorityNote()
{
    return QStringLiteral("; no majority, so nothing in the dumps tells which side is wrong");
}

// "; nothing tells which side is wrong" when the vote is a tie (two members, or an even split).
template <typename T> QString tieNote(const std::vector<std::pair<int, T>>& votes)
{
    return majority(votes).second ? noMajorityNote() : QString();
}

} // namespace

CollectiveMatcher::CollectiveMatcher(AnalysisContext& ctx) : m_ctx(ctx) {}

std::vector<PgFinding> CollectiveMatcher::run()
{
    std::vector<PgFinding> out;
    out.reserve(m_ctx.members.size());
    for (std::uint32_t p = 0; p < m_ctx.members.size(); ++p)
        if (!m_ctx.members[p].empty())
            out.push_back(matchPg(p));
    return out;
}

PgFinding CollectiveMatcher::matchPg(std::uint32_t p)
{
    PgFinding f;
    f.pgIndex = p;
    const auto& members = m_ctx.members[p];

    std::vector<std::int64_t> pendingSeqs;
    std::int64_t minCompleted = -1;
    bool firstKnown = true;
    for (int r : members) {
        const RankView& view = m_ctx.views[static_cast<std::size_t>(r)];
        if (!view.dump) {
            f.noDumpRanks.push_back(r);
            continue;
        }
        const RankPgView* v = view.pg(p);
        if (!v || v->unknown)
            continue;
        f.maxEnqueued = std::max(f.maxEnqueued, v->enteredUpTo);
        minCompleted = firstKnown ? v->completedUpTo : std::min(minCompleted, v->completedUpTo);
        firstKnown = false;
        f.collectivesSeen = std::max<std::int64_t>(f.collectivesSeen, v->enteredUpTo + 1);
        bool rankPending = false;
        if (v->oldestPending != kNoSeq) {
            rankPending = true;
            // Entries plus the status range, bounded: a PG that is thousands of collectives behind needs its
            // head, not every seq.
            const std::int64_t hi = std::min(v->newestPending, v->oldestPending + 4096);
            for (std::uint32_t i : v->colls) {
                const RankOp& op = view.ops[i];
                if (op.pending() && view.seqOf(op) <= hi)
                    pendingSeqs.push_back(view.seqOf(op));
            }
            if (v->hasStatus && !v->statusIsP2p && v->stEnqueued > v->stCompleted)
                for (std::int64_t s = v->oldestPending; s <= std::min(v->stEnqueued, hi); ++s)
                    pendingSeqs.push_back(s);
        }
        for (const RankOp& op : view.ops)
            if (op.isP2p && op.pending() && view.pgOf(op) == p) {
                rankPending = true;
                break;
            }
        if (rankPending)
            f.stuckRanks.push_back(r);
    }
    f.minCompleted = minCompleted;
    f.collectivesCompleted = std::max<std::int64_t>(minCompleted + 1, 0);
    f.hasHang = !f.stuckRanks.empty();

    std::sort(pendingSeqs.begin(), pendingSeqs.end());
    pendingSeqs.erase(std::unique(pendingSeqs.begin(), pendingSeqs.end()), pendingSeqs.end());
    // Once members disagree at a collective, the PG's later collectives are not compared: what follows a
    // disagreement is its echo (a rank that swapped two ops is one op off at every seq after), not a fault of
    // its own, and nobody is in those collectives anyway.
    bool disagreed = false;
    for (std::int64_t s : pendingSeqs) {
        CollectiveFinding c = classify(p, s, !disagreed);
        const bool mismatch = c.status == CollectiveStatus::TypeMismatch ||
                              c.status == CollectiveStatus::SizeMismatch ||
                              c.status == CollectiveStatus::DtypeMismatch;
        disagreed = disagreed || mismatch;
        if (mismatch)
            m_mismatches.push_back(c);
        if (c.status == CollectiveStatus::Completed)
            continue;
        // The PG's head is its oldest collective not completed everywhere: the one its members are in. Later
        // ones are queue; who has not queued them yet is not missing.
        if (f.headSeq == kNoSeq) {
            f.headSeq = c.seqId;
            f.headOpType = c.opType;
            f.headSizes = c.sizes;
            f.headDtypes = c.dtypes;
            if (!c.missingRanks.empty())
                f.missingRanks = c.missingRanks;
        }
        if (f.collectives.size() < kMaxDetailedPerPg || mismatch)
            f.collectives.push_back(std::move(c));
    }
    return f;
}

CollectiveFinding CollectiveMatcher::classify(std::uint32_t p, std::int64_t s, bool compare)
{
    CollectiveFinding c;
    c.pgIndex = p;
    c.seqId = s;
    bool allCompleted = true;
    bool anyUndecided = false;
    bool anyQueuedBehind = false; // a member is still in an earlier collective of this PG
    bool anyAtIt = false;         // a member is in this one (its oldest pending op here), or completed it
    for (int r : m_ctx.members[p]) {
        const RankView& view = m_ctx.views[static_cast<std::size_t>(r)];
        MemberStatus m;
        m.rank = r;
        m.state = view.memberState(p, s);
        switch (m.state) {
        case MemberState::NotEntered: {
            // Still in an earlier collective of this PG: it has not queued this one yet, which is no fault.
            const RankPgView* v = view.pg(p);
            if (v && v->oldestPending != kNoSeq && v->oldestPending < s)
                anyQueuedBehind = true;
            else
                c.missingRanks.push_back(r);
            break;
        }
        case MemberState::NoDump:
            if (view.unreadable)
                anyUndecided = true; // an unreadable dump says nothing about where the rank is
            else
                c.missingRanks.push_back(r);
            break;
        case MemberState::Scheduled:
        case MemberState::Started: {
            c.stuckRanks.push_back(r);
            const RankPgView* v = view.pg(p);
            if (v && v->oldestPending != kNoSeq && v->oldestPending < s)
                anyQueuedBehind = true;
            else
                anyAtIt = true;
            break;
        }
        case MemberState::Unknown:
            // A rank placed in a PG that its own dump never names (SilentMembers.h) issued nothing there.
            if (m_ctx.placedWithDump(p, r))
                c.missingRanks.push_back(r);
            else
                anyUndecided = true;
            break;
        case MemberState::Completed:
            anyAtIt = true;
            break;
        }
        if (m.state != MemberState::Completed)
            allCompleted = false;
        if (const RankOp* op = view.collective(p, s)) {
            c.coalesced = c.coalesced || op->coalesced;
            if (c.opType.isEmpty()) {
                c.opType = m_ctx.opText(r, *op);
                c.sizes = m_ctx.sizesText(r, *op);
                c.dtypes = m_ctx.dtypesText(r, *op);
            }
        }
        c.members.push_back(std::move(m));
    }
    if (allCompleted) {
        c.status = CollectiveStatus::Completed;
    } else if (anyQueuedBehind && !anyAtIt) {
        // Only queued: every member that holds it is still in an earlier collective of this PG, so nobody is
        // in it yet and whoever has not queued it is not missing here (docs/attribution.md).
        c.status = CollectiveStatus::Queued;
        c.missingRanks.clear();
    } else if (!c.missingRanks.empty()) {
        c.status = CollectiveStatus::NotEntered;
    } else if (!c.stuckRanks.empty()) {
        c.status = CollectiveStatus::InProgress;
    } else {
        c.status = anyUndecided ? CollectiveStatus::Undecided : CollectiveStatus::Completed;
    }
    if (compare)
        checkAgreement(p, c);
    return c;
}

// Compares the members that hold an entry for this collective: op first, then sizes, then dtype (the order
// torchfrtrace reports them in). Sizes follow the op: all_gather out = in x n, reduce_scatter in = out x n,
// all_to_all only as a sum over all members, everything else equal.
void CollectiveMatcher::checkAgreement(std::uint32_t p, CollectiveFinding& c)
{
    struct Have
    {
        int rank;
        const RankOp* op;
        const Entry* e;
        const OpInfo* info;
    };
    std::vector<Have> have;
    for (int r : m_ctx.members[p]) {
        const RankView& view = m_ctx.views[static_cast<std::size_t>(r)];
        // A member whose group lost its inner ops to the ring buffer no longer shows what it issued: no vote.
        if (const RankOp* op = view.collective(p, c.seqId); op && !innerOpsRolledOut(r, *op))
            have.push_back({r, op, &m_ctx.entry(r, *op), &m_ctx.opInfo(r, *op)});
    }
    if (have.size() < 2)
        return;
    std::vector<const Have*> haveByRank; // sorted by rank
    for (const Have& h : have)
        haveByRank.push_back(&h);
    std::sort(haveByRank.begin(), haveByRank.end(),
              [](const Have* a, const Have* b) { return a->rank < b->rank; });
    auto markOdd = [&](const std::vector<int>& odd, CollectiveStatus st, const QString& what) {
        c.status = st;
        c.mismatchedRanks = odd;
        const RankLookup oddRank(odd);
        for (MemberStatus& m : c.members) {
            if (!oddRank.contains(m.rank))
                continue;
            m.oddOneOut = true;
            const auto h = std::lower_bound(haveByRank.begin(), haveByRank.end(), m.rank,
                                            [](const Have* x, int rank) { return x->rank < rank; });
            if (h != haveByRank.end() && (*h)->rank == m.rank) {
                m.opType = m_ctx.opText(m.rank, *(*h)->op);
                m.sizes = m_ctx.sizesText(m.rank, *(*h)->op);
                m.dtypes = m_ctx.dtypesText(m.rank, *(*h)->op);
            }
        }
        c.detail = what;
    };
    // The collective is summed up by what the members that agree issued (the first holder may be an odd one).
    const auto takeMajority = [&](CollectiveFinding& f, const std::vector<Have>& hv,
                                  const std::vector<int>& oddRanks) {
        const RankLookup odd(oddRanks);
        for (const Have& h : hv)
            if (!odd.contains(h.rank)) {
                f.opType = m_ctx.opText(h.rank, *h.op);
                f.sizes = m_ctx.sizesText(h.rank, *h.op);
                f.dtypes = m_ctx.dtypesText(h.rank, *h.op);
                return;
            }
    };
    // The input sizes the odd members passed against their peers', or the output sizes where the inputs agree
    // (an all_gather whose output is not input x group size).
    const auto sizesDisagreement = [&](const std::vector<Have>& hv, const std::vector<int>& oddRanks,
                                       bool tie) {
        const RankLookup odd(oddRanks);
        const Have* peer = nullptr;
        for (const Have& h : hv)
            if (!odd.contains(h.rank) && !peer)
                peer = &h;
        const auto& pools = *m_ctx.job.pools;
        bool inputsAgree = true;
        const QString peerIn = peer ? pools.shapesText(peer->e->inputSizes) : QString();
        QString firstIn;
        for (const Have& h : hv)
            if (odd.contains(h.rank)) {
                const QString in = pools.shapesText(h.e->inputSizes);
                if (firstIn.isNull())
                    firstIn = in;
                inputsAgree = inputsAgree && in == (peer ? peerIn : firstIn);
            }
        const bool output = inputsAgree;
        std::vector<MemberValue> values;
        for (const Have& h : hv)
            if (odd.contains(h.rank))
                values.emplace_back(h.rank, pools.shapesText(output ? h.e->outputSizes : h.e->inputSizes));
        return describeDisagreement(
            QStringLiteral("passed"), output ? QStringLiteral("output sizes") : QStringLiteral("sizes"),
            values, peer ? pools.shapesText(output ? peer->e->outputSizes : peer->e->inputSizes) : QString(),
            tie);
    };

    // A coalesced group is one collective whatever its inner ops are; those are compared one by one below.
    std::vector<std::pair<int, std::string_view>> ops;
    bool anyGroup = false;
    for (const Have& h : have) {
        bool maybeCut = false;
        const bool group = !groupInnerEntries(h.rank, p, c.seqId, maybeCut).empty();
        anyGroup = anyGroup || group;
        ops.emplace_back(h.rank, group ? std::string_view("coalesced group") : h.info->canonical);
    }
    std::string_view op;
    std::vector<int> odd = oddOnes(ops, &op);
    if (!odd.empty()) {
        const auto text = [](std::string_view v) { return visibleText(v); }; // escaped where not UTF-8
        std::vector<MemberValue> values;
        const RankLookup isOddRank(odd);
        for (const auto& [r, v] : ops)
            if (isOddRank.contains(r))
                values.emplace_back(r, text(v));
        markOdd(odd, CollectiveStatus::TypeMismatch,
                QStringLiteral("members disagree on the op: ") %
                    describeDisagreement(QStringLiteral("issued"), QString(), values, text(op),
                                         majority(ops).second) %
                    tieNote(ops));
        takeMajority(c, have, odd);
        return;
    }
    const OpFamily family = have.front().info->family;
    if (anyGroup) {
        checkCoalescedAgreement(p, c, have.size());
        return;
    }
    if (family == OpFamily::CoalescedEnd)
        return; // terminators carry no sizes, and these dumps recorded no inner ops (before 2.7)
    const auto groupSize = static_cast<std::int64_t>(m_ctx.members[p].size());

    if (family == OpFamily::AllToAll) {
        if (have.size() == m_ctx.members[p].size()) {
            std::int64_t in = 0, out = 0;
            for (const Have& h : have) {
                in += m_ctx.numel(h.e->inputSizes);
                out += m_ctx.numel(h.e->outputSizes);
            }
            if (in != out) {
                std::vector<int> all;
                for (const Have& h : have)
                    all.push_back(h.rank);
                markOdd(all, CollectiveStatus::SizeMismatch,
                        QStringLiteral("all_to_all: members send %1 elements in total but receive %2")
                            .arg(in)
                            .arg(out));
                return;
            }
        }
    } else if (family != OpFamily::Other) {
        std::vector<int> inconsistent;
        std::vector<std::pair<int, std::int64_t>> base;
        for (const Have& h : have) {
            const std::int64_t in = m_ctx.numel(h.e->inputSizes), out = m_ctx.numel(h.e->outputSizes);
            if (!sizesConsistentWithGroup(family, in, out, groupSize))
                inconsistent.push_back(h.rank);
            // The per-rank tensor every member must agree on: the output of reduce_scatter, else the input.
            const ShapesId key = family == OpFamily::ReduceScatter ? h.e->outputSizes : h.e->inputSizes;
            base.emplace_back(h.rank, family == OpFamily::AllReduce ? std::int64_t(key) : m_ctx.numel(key));
        }
        odd = oddOnes(base);
        odd.insert(odd.end(), inconsistent.begin(), inconsistent.end());
        if (!odd.empty()) {
            std::sort(odd.begin(), odd.end());
            odd.erase(std::unique(odd.begin(), odd.end()), odd.end());
            markOdd(odd, CollectiveStatus::SizeMismatch,
                    QStringLiteral("members disagree on sizes: ") %
                        sizesDisagreement(have, odd, majority(base).second) % tieNote(base));
            takeMajority(c, have, odd);
            return;
        }
    }

    // Input dtypes, then output dtypes where a member has them (a gather's non-root ranks record none).
    for (const bool output : {false, true}) {
        std::vector<std::pair<int, DtypesId>> dts;
        for (const Have& h : have)
            if (const DtypesId d = output ? h.e->outputDtypes : h.e->inputDtypes)
                dts.emplace_back(h.rank, d);
        if (dts.size() < 2)
            continue;
        DtypesId want = 0;
        odd = oddOnes(dts, &want);
        if (!odd.empty()) {
            const auto text = [this](DtypesId d) {
                return m_ctx.job.pools->dtypes(d).join(QLatin1Char(','));
            };
            std::vector<MemberValue> values;
            const RankLookup isOddRank(odd);
            for (const auto& [r, d] : dts)
                if (isOddRank.contains(r))
                    values.emplace_back(r, text(d));
            const QString which = output ? QStringLiteral("output") : QStringLiteral("input");
            markOdd(odd, CollectiveStatus::DtypeMismatch,
                    QStringLiteral("members disagree on %1 dtype: ").arg(which) %
                        describeDisagreement(QStringLiteral("passed"), which % QStringLiteral(" dtype"),
                                             values, text(want), majority(dts).second) %
                        tieNote(dts));
            takeMajority(c, have, odd);
            return;
        }
    }
}

// The inner ops of the coalesced group a member holds at (pg, seq), in entry order: those CoalescedFold found
// before its terminator, or, when the terminator is not in the dump (only-active dumps leave out a completed
// terminator while its inner ops, which never complete, stay), the plain entries that share that seq (only a
// coalescing region gives several entries one collective_seq_id). Empty for a single op. `maybeCut`: the
// group starts at the front of a dump that does not start at record 0, so the ring buffer may have cut it.
std::vector<std::uint32_t> CollectiveMatcher::groupInnerEntries(int rank, std::uint32_t p, std::int64_t seq,
                                                                bool& maybeCut) const
{
    std::vector<std::uint32_t> out;
    const RankView& view = m_ctx.views[static_cast<std::size_t>(rank)];
    const RankOp* op = view.dump ? view.collective(p, seq) : nullptr;
    if (!op)
        return out;
    if (op->coalesced) {
        const std::span<const CoalescedInner> inner = m_ctx.coalesced.ofDump(view.dumpIndex);
        auto it = std::lower_bound(inner.begin(), inner.end(), op->entry,
                                   [](const CoalescedInner& ci, std::uint32_t e) { return ci.entry < e; });
        for (auto first = it; first != inner.begin() && std::prev(first)->terminator == op->entry;)
            out.insert(out.begin(), (--first)->entry);
    } else {
        // collective() found the first op at this seq; the others follow it in the PG's seq order.
        const RankPgView* v = view.pg(p);
        auto i =
            std::lower_bound(v->colls.begin(), v->colls.end(), seq, [&view](std::uint32_t o, std::int64_t s) {
                return view.seqOf(view.ops[o]) < s;
            });
        for (; i != v->colls.end() && view.seqOf(view.ops[*i]) == seq; ++i)
            if (!view.ops[*i].coalesced)
                out.push_back(view.ops[*i].entry);
        if (out.size() < 2)
            out.clear();
        std::sort(out.begin(), out.end());
    }
    maybeCut = !out.empty() && out.front() == 0 && view.dump->entries.front().recordId > 0;
    return out;
}

// A group terminator that is the oldest entry of a dump whose ring buffer rolled over: its inner ops,
// recorded right before it, were dropped, so the dump no longer tells what the group held.
bool CollectiveMatcher::innerOpsRolledOut(int rank, const RankOp& op) const
{
    const RankView& view = m_ctx.views[static_cast<std::size_t>(rank)];
    return op.coalesced && m_ctx.opInfo(rank, op).family == OpFamily::CoalescedEnd && op.entry == 0 &&
           view.dump->entries.front().recordId > 0;
}

// A coalesced group's terminator carries no sizes: its inner ops (recorded since 2.7, right before the
// terminator, with the group's collective_seq_id; CoalescedFold finds them) are compared instead, one by one:
// their ops, then sizes, then dtypes. A group that starts at the very front of a dump that does not start at
// record 0 may have lost its first inner ops to the ring buffer (or to only-active filtering, which cannot be
// told apart): such a member is compared on the ops it holds, against the tail of what the others agree on.
void CollectiveMatcher::checkCoalescedAgreement(std::uint32_t p, CollectiveFinding& c, std::size_t holders)
{
    if (holders < 2)
        return;
    struct Member
    {
        int rank;
        bool maybeCut;
        std::vector<std::string> ops, sizes, dtypes;
        QStringList shownOps, shownSizes, shownDtypes;
    };
    std::vector<Member> members;
    for (int r : m_ctx.members[p]) {
        Member m{r, false, {}, {}, {}, {}, {}, {}};
        const std::vector<std::uint32_t> inner = groupInnerEntries(r, p, c.seqId, m.maybeCut);
        if (inner.empty())
            continue; // a single op (a type mismatch, found before), or no inner ops recorded (before 2.7)
        const auto& entries = m_ctx.views[static_cast<std::size_t>(r)].dump->entries;
        for (std::uint32_t i : inner) {
            const Entry& e = entries[i];
            m.ops.emplace_back(m_ctx.ops.get(e.profilingName).canonical);
            m.sizes.push_back(std::to_string(m_ctx.numel(e.inputSizes)) + ':' +
                              std::to_string(m_ctx.numel(e.outputSizes)));
            m.dtypes.push_back(std::to_string(e.inputDtypes) + ':' + std::to_string(e.outputDtypes));
            const std::string_view name = m_ctx.ops.get(e.profilingName).name;
            m.shownOps << QString::fromUtf8(name.data(), qsizetype(name.size()));
            m.shownSizes << m_ctx.job.pools->shapesText(e.inputSizes);
            m.shownDtypes << m_ctx.job.pools->dtypes(e.inputDtypes).join(QLatin1Char(','));
        }
        members.push_back(std::move(m));
    }
    if (members.size() < 2)
        return;

    // Inner ops line up from the terminator back (a cut removes the oldest). Position by position, the
    // members that hold it vote; a member is odd when it disagrees at any position. Whole groups must also
    // hold as many inner ops as each other (a cut one may hold fewer).
    using Aspect = std::vector<std::string> Member::*;
    const std::pair<Aspect, CollectiveStatus> aspects[] = {
        {&Member::ops, CollectiveStatus::TypeMismatch},
        {&Member::sizes, CollectiveStatus::SizeMismatch},
        {&Member::dtypes, CollectiveStatus::DtypeMismatch}};
    std::size_t longest = 0;
    for (const Member& m : members)
        longest = std::max(longest, m.ops.size());
    for (const auto& [aspect, status] : aspects) {
        std::vector<int> odd;
        bool tie = false;
        auto vote = [&](const auto& votes) {
            if (votes.size() < 2)
                return;
            const std::vector<int> o = oddOnes(votes);
            tie = tie || (!o.empty() && majority(votes).second);
            odd.insert(odd.end(), o.begin(), o.end());
        };
        if (status == CollectiveStatus::TypeMismatch) {
            std::vector<std::pair<int, std::size_t>> counts;
            for (const Member& m : members)
                if (!m.maybeCut)
                    counts.emplace_back(m.rank, m.ops.size());
            vote(counts);
        }
        for (std::size_t k = 1; k <= longest; ++k) {
            std::vector<std::pair<int, std::string_view>> votes;
            for (const Member& m : members)
                if ((m.*aspect).size() >= k)
                    votes.emplace_back(m.rank, (m.*aspect)[(m.*aspect).size() - k]);
            vote(votes);
        }
        if (odd.empty())
            continue;
        std::sort(odd.begin(), odd.end());
        odd.erase(std::unique(odd.begin(), odd.end()), odd.end());
        c.status = status;
        c.mismatchedRanks = odd;
        for (MemberStatus& m : c.members)
            m.oddOneOut = std::binary_search(odd.begin(), odd.end(), m.rank); // sorted above
        // The inner ops' values, in entry order, of the odd members against those of a member that agrees.
        const QStringList Member::*shown = status == CollectiveStatus::TypeMismatch   ? &Member::shownOps
                                           : status == CollectiveStatus::SizeMismatch ? &Member::shownSizes
                                                                                      : &Member::shownDtypes;
        std::vector<MemberValue> values;
        QString peers;
        for (const Member& m : members) {
            const QString v = (m.*shown).join(QStringLiteral(", "));
            if (std::binary_search(odd.begin(), odd.end(), m.rank))
                values.emplace_back(m.rank, v);
            else if (peers.isNull())
                peers = v;
        }
        const QString aspectName = status == CollectiveStatus::TypeMismatch   ? QStringLiteral("op types")
                                   : status == CollectiveStatus::SizeMismatch ? QStringLiteral("sizes")
                                                                              : QStringLiteral("dtypes");
        c.detail = QStringLiteral("the ops inside coalesced group %1 differ between members (%2): ")
                       .arg(c.seqId)
                       .arg(aspectName) %
                   describeDisagreement(QStringLiteral("passed"), QStringLiteral("inner %1").arg(aspectName),
                                        values, peers, tie || peers.isNull()) %
                   (tie ? noMajorityNote() : QString());
        return;
    }
}

} // namespace fd
