#include "Evidence.h"

#include "AnalysisContext.h"
#include "core/model/Job.h"
#include "core/model/RankListText.h"

#include <QStringBuilder>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace fd {

namespace {

constexpr std::int64_t kColumnsBefore =
    3;                                    // collectives shown before the divergence: where ranks still agreed
constexpr std::int64_t kColumnsAfter = 1; // and after it: who went past
constexpr std::size_t kPinnedWitnesses = 8; // peers kept expanded per evidence, next to its culprits

// "rank 9" / "ranks 9, 14" / "ranks 1, 2, 3 and 5 more"
QString ranksText(const std::vector<int>& ranks)
{
    return (ranks.size() == 1 ? QStringLiteral("rank ") : QStringLiteral("ranks ")) % rankListText(ranks, 3);
}

bool entered(MemberState s)
{
    return s == MemberState::Scheduled || s == MemberState::Started;
}

class EvidenceBuilder
{
public:
    EvidenceBuilder(AnalysisContext& ctx, const Analysis& a) : m_ctx(ctx), m_a(a) {}

    Evidence build(const FrontierItem& f)
    {
        Evidence e;
        e.pgIndex = f.pgIndex;
        e.seq = f.seqId;
        e.isP2p = f.isP2p;
        e.status = f.status;
        for (const std::vector<int>* ranks : {&f.missingRanks, &f.stuckRanks, &f.mismatchedRanks})
            for (int r : *ranks)
                if (m_a.culprit(r))
                    e.culprits.push_back(r);
        std::sort(e.culprits.begin(), e.culprits.end());
        e.culprits.erase(std::unique(e.culprits.begin(), e.culprits.end()), e.culprits.end());
        if (f.pgIndex == kNoPg || f.pgIndex >= m_ctx.members.size())
            return e;
        if (f.isP2p)
            fillP2p(e);
        else
            fillCollective(e, f);
        markRoles(e, f);
        return e;
    }

private:
    // Rows: the PG's members; columns: the PG's collectives around the divergence that some member issued.
    void fillCollective(Evidence& e, const FrontierItem& f)
    {
        e.members = m_ctx.members[e.pgIndex];
        const PgFinding* pg = m_a.pgFinding(e.pgIndex);
        const std::int64_t newest = std::max(pg ? pg->maxEnqueued : e.seq, e.seq);
        for (std::int64_t s = std::max<std::int64_t>(e.seq - kColumnsBefore, 0);
             s <= std::min(e.seq + kColumnsAfter, newest); ++s)
            e.seqs.push_back(s);
        e.cells.reserve(e.members.size() * e.seqs.size());
        std::vector<int> mismatched = f.mismatchedRanks;
        std::sort(mismatched.begin(), mismatched.end());
        for (int m : e.members) {
            const RankView& v = m_ctx.views[static_cast<std::size_t>(m)];
            const bool odd = std::binary_search(mismatched.begin(), mismatched.end(), m);
            for (std::int64_t s : e.seqs)
                e.cells.push_back({v.memberState(e.pgIndex, s), CellRole::Context, s == e.seq && odd});
        }
    }

    // A p2p op is one half of a transfer between two ranks; its p2p_seq_id is the issuing rank's own
    // counter. Rows: the rank that waits and the culprit it waits on. Columns: the waiting rank's last ops to
    // that peer up to the diverging one. The peer's cell is its matching half, paired in order as the
    // wait-for graph pairs them: a completed op's other half completed with it; the k-th pending op pairs
    // with the peer's k-th pending op the other way, and past those the peer never issued its half.
    void fillP2p(Evidence& e)
    {
        const int culprit = e.culprits.empty() ? -1 : e.culprits.front();
        int waiter = -1;
        const RankOp* waited = nullptr;
        for (int m : m_ctx.members[e.pgIndex]) {
            const RankView& v = m_ctx.views[static_cast<std::size_t>(m)];
            for (const RankOp& op : v.ops)
                if (op.isP2p && op.pending() && v.seqOf(op) == e.seq && v.pgOf(op) == e.pgIndex &&
                    (culprit < 0 || m_ctx.peer(m, op) == culprit)) {
                    waiter = m;
                    waited = &op;
                    break;
                }
            if (waited)
                break;
        }
        const int peer = waited ? m_ctx.peer(waiter, *waited) : -1;
        if (peer < 0 || static_cast<std::size_t>(peer) >= m_ctx.views.size())
            return;
        e.members = {waiter, peer};
        const RankView& wv = m_ctx.views[static_cast<std::size_t>(waiter)];
        const RankView& pv = m_ctx.views[static_cast<std::size_t>(peer)];
        auto sameDirection = [&](const RankOp& op) {
            return op.isP2p && op.isSend == waited->isSend && wv.pgOf(op) == e.pgIndex &&
                   m_ctx.peer(waiter, op) == peer;
        };
        std::vector<const RankOp*>
            mine; // the waiter's ops to the peer in this direction, up to the waited one
        for (const RankOp& op : wv.ops) {
            if (sameDirection(op))
                mine.push_back(&op);
            if (&op == waited)
                break;
        }
        const std::size_t first = mine.size() > static_cast<std::size_t>(kColumnsBefore) + 1
                                      ? mine.size() - static_cast<std::size_t>(kColumnsBefore) - 1
                                      : 0;
        std::vector<EntryState> theirs; // the peer's pending halves, in order
        if (pv.dump)
            for (const RankOp& op : pv.ops)
                if (op.isP2p && op.isSend != waited->isSend && op.pending() && pv.pgOf(op) == e.pgIndex &&
                    m_ctx.peer(peer, op) == waiter)
                    theirs.push_back(op.state);
        std::size_t pendingBefore = 0;
        for (std::size_t i = 0; i < first; ++i)
            pendingBefore += mine[i]->pending();
        std::vector<EvidenceCell> peerCells;
        for (std::size_t i = first; i < mine.size(); ++i) {
            const RankOp& op = *mine[i];
            e.seqs.push_back(wv.seqOf(op));
            e.cells.push_back({stateOf(op.state), CellRole::Context, false});
            MemberState ps = MemberState::Completed;
            if (!pv.dump)
                ps = MemberState::NoDump;
            else if (op.pending())
                ps = pendingBefore < theirs.size() ? stateOf(theirs[pendingBefore]) : MemberState::NotEntered;
            pendingBefore += op.pending();
            peerCells.push_back({ps, CellRole::Context, false});
        }
        e.cells.insert(e.cells.end(), peerCells.begin(), peerCells.end());
    }

    static MemberState stateOf(EntryState s)
    {
        switch (s) {
        case EntryState::Completed:
            return MemberState::Completed;
        case EntryState::Started:
            return MemberState::Started;
        default:
            return MemberState::Scheduled;
        }
    }

    // Outlines the culprits' cells at the divergence and the peers' cells that contradict them, and says in
    // words what they show. Linear in members + shown ranks: a gloo job can name 25,000 missing ranks, so no
    // rank list is searched inside a loop over another.
    void markRoles(Evidence& e, const FrontierItem& f)
    {
        const auto column = std::find(e.seqs.begin(), e.seqs.end(), e.seq);
        if (column == e.seqs.end() || e.members.empty())
            return;
        const std::size_t c = static_cast<std::size_t>(column - e.seqs.begin());
        auto cellOf = [&](std::size_t row) -> EvidenceCell& { return e.cells[row * e.seqs.size() + c]; };
        const QString what = QStringLiteral("%1 %2")
                                 .arg(e.isP2p ? QStringLiteral("p2p") : QStringLiteral("collective"))
                                 .arg(e.seq);
        QStringList captions;
        std::vector<int> shown = e.culprits;
        if (shown.empty())
            shown = f.stuckRanks; // a hang nobody can be blamed for: the ranks stuck inside
        std::vector<int> shownSorted = shown;
        std::sort(shownSorted.begin(), shownSorted.end());
        const auto isShown = [&shownSorted](int rank) {
            return std::binary_search(shownSorted.begin(), shownSorted.end(), rank);
        };
        std::unordered_map<int, std::size_t> rowOf;
        rowOf.reserve(e.members.size());
        for (std::size_t i = 0; i < e.members.size(); ++i)
            rowOf.emplace(e.members[i], i);
        // The peers whose cell at the divergence tells a different story than the shown ranks' (the same
        // peers for every shown rank: a shown rank is never another's peer here).
        std::vector<int> completed, inside, agreeing;
        for (std::size_t i = 0; i < e.members.size(); ++i) {
            if (isShown(e.members[i]))
                continue;
            const EvidenceCell& peer = cellOf(i);
            if (peer.state == MemberState::Completed)
                completed.push_back(e.members[i]);
            else if (peer.state == MemberState::Started)
                inside.push_back(e.members[i]);
            if (entered(peer.state) && !peer.odd)
                agreeing.push_back(e.members[i]);
        }
        // Each list of witnesses is outlined once, however many shown ranks it answers.
        std::unordered_set<const std::vector<int>*> outlined;
        for (int r : shown) {
            const auto row = rowOf.find(r);
            if (row == rowOf.end())
                continue;
            EvidenceCell& proof = cellOf(row->second);
            proof.role = CellRole::Proof;
            const Culprit* culprit = m_a.culprit(r);
            const std::vector<int>* witnesses = nullptr;
            QString caption;
            if (proof.odd) {
                witnesses = &agreeing;
                // What the odd members passed against their peers (the finding's detail, after what it is
                // about): one caption for all of them.
                const qsizetype colon = f.detail.indexOf(QStringLiteral(": "));
                caption = colon < 0 ? QStringLiteral("%1's %2 differ from its peers' in %3")
                                          .arg(ranksText({r}), mismatchWhat(e.status), what)
                                    : QStringLiteral("%1: %2").arg(what, f.detail.mid(colon + 2));
                if (captions.contains(caption))
                    caption.clear();
            } else if (proof.state == MemberState::NoDump) {
                witnesses = &agreeing;
                const bool unreadable = culprit && culprit->kind == RankKind::UnreadableDump;
                caption = ranksText({r}) % (unreadable ? QStringLiteral(" left an unreadable dump")
                                                       : QStringLiteral(" wrote no dump"));
                if (!agreeing.empty())
                    caption += QStringLiteral(", while %1 wait in %2").arg(ranksText(agreeing), what);
            } else if (proof.state == MemberState::NotEntered) {
                witnesses = &agreeing;
                caption = QStringLiteral("%1 never entered %2").arg(ranksText({r}), what);
            } else if (entered(proof.state) && !completed.empty()) {
                witnesses = &completed;
                caption = QStringLiteral("%1 completed %2 while %3 still holds it")
                              .arg(ranksText(completed))
                              .arg(e.seq)
                              .arg(ranksText({r}));
            } else if (proof.state == MemberState::Scheduled && !inside.empty()) {
                witnesses = &inside;
                caption = QStringLiteral("%1 %2 inside %3 while %4 never started it")
                              .arg(ranksText(inside),
                                   inside.size() == 1 ? QStringLiteral("is") : QStringLiteral("are"), what,
                                   ranksText({r}));
            } else if (entered(proof.state)) {
                caption = QStringLiteral("%1 entered %2 and did not finish it").arg(ranksText({r}), what);
            } else {
                caption = QStringLiteral("%1 is %2 in %3")
                              .arg(ranksText({r}), QLatin1String(memberStateName(proof.state)), what);
            }
            if (witnesses && outlined.insert(witnesses).second)
                for (int w : *witnesses)
                    cellOf(rowOf.at(w)).role = CellRole::Witness;
            if (!caption.isEmpty())
                captions << caption;
        }
        if (e.culprits.empty() && !shown.empty())
            captions = QStringList{QStringLiteral("every member entered %1 and none completed it").arg(what)};
        e.caption = captions.join(QStringLiteral("; "));
    }

    static QString mismatchWhat(CollectiveStatus s)
    {
        switch (s) {
        case CollectiveStatus::TypeMismatch:
            return QStringLiteral("op type");
        case CollectiveStatus::DtypeMismatch:
            return QStringLiteral("dtypes");
        default:
            return QStringLiteral("sizes");
        }
    }

    AnalysisContext& m_ctx;
    const Analysis& m_a;
};

// Culprits, then per evidence the first few peers whose cells contradict a culprit's: what a grouped view
// must keep on its own lanes for the proof to stay visible.
std::vector<int> pinned(const Analysis& a)
{
    std::vector<int> out = a.hangingRanks();
    for (const Evidence& e : a.evidence) {
        std::size_t witnesses = 0;
        for (std::size_t row = 0; row < e.members.size(); ++row)
            for (std::size_t col = 0; col < e.seqs.size(); ++col)
                if (e.cell(row, col).role != CellRole::Context &&
                    witnesses < kPinnedWitnesses + e.culprits.size()) {
                    out.push_back(e.members[row]);
                    ++witnesses;
                }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace

void buildEvidence(AnalysisContext& ctx, Analysis& a)
{
    EvidenceBuilder builder(ctx, a);
    a.evidence.reserve(a.frontier.size());
    for (const FrontierItem& f : a.frontier)
        a.evidence.push_back(builder.build(f));
    a.pinnedRanks = pinned(a);
}

} // namespace fd
