#include "Attribution.h"

#include "AnalysisContext.h"
#include "Coverage.h"
#include "ProgramOrder.h"
#include "WaitForGraph.h"
#include "core/model/Job.h"
#include "core/model/RankListText.h"

#include <QHash>
#include <QStringBuilder>

#include <algorithm>
#include <map>
#include <tuple>

namespace fd {

namespace {

bool isProgramBug(RankKind k)
{
    return k == RankKind::Mismatch || k == RankKind::Deadlocked;
}

struct FrontierKey
{
    std::uint32_t pg;
    std::int64_t seq;
    bool p2p;
    bool operator<(const FrontierKey& o) const
    {
        return std::tie(pg, p2p, seq) < std::tie(o.pg, o.p2p, o.seq);
    }
};

class Attributor
{
public:
    Attributor(AnalysisContext& ctx, const WaitForResult& wf, Analysis& out)
        : m_ctx(ctx), m_wf(wf), m_out(out), m_kind(ctx.views.size(), RankKind::Healthy),
          m_culprit(ctx.views.size(), 0), m_named(ctx.views.size(), 0)
    {
    }

    void run(const std::vector<CollectiveFinding>& mismatches)
    {
        for (const CollectiveFinding& c : mismatches)
            for (int r : c.mismatchedRanks)
                addCulprit(r, RankKind::Mismatch, c.pgIndex, c.seqId,
                           QStringLiteral("disagrees with its peers in %1 collective %2: %3")
                               .arg(m_out.pgLabel(c.pgIndex))
                               .arg(c.seqId)
                               .arg(c.detail));
        for (const BrokenGpuEvidence& b : m_wf.brokenGpu)
            addCulprit(
                b.rank, RankKind::BrokenGpu, b.pgIndex, b.seq,
                QStringLiteral("its collective %1 in %2 is still pending although rank(s) %3 completed it: "
                               "the collective ran, so this rank's GPU or its completion tracking broke")
                    .arg(b.seq)
                    .arg(m_out.pgLabel(b.pgIndex), rankListText(b.completedBy)));
        findRootComponents();
        if (m_out.culprits.empty())
            judgeStuckOrder();
        for (const Culprit& c : m_out.culprits)
            m_culprit[static_cast<std::size_t>(c.rank)] = 1;
        findVictims();
        buildFrontier(mismatches);
        decide();
    }

private:
    void addCulprit(int rank, RankKind kind, std::uint32_t pg, std::int64_t seq, const QString& reason)
    {
        if (rank < 0 || std::size_t(rank) >= m_named.size() || m_named[std::size_t(rank)])
            return; // first evidence wins: mismatch, broken GPU, then the graph
        m_named[std::size_t(rank)] = 1;
        m_out.culprits.push_back({rank, kind, pg, seq, reason});
        m_kind[static_cast<std::size_t>(rank)] = kind;
    }

    const WaitEdge* firstInEdge(int rank)
    {
        if (m_firstIn.empty()) {
            m_firstIn.assign(m_ctx.views.size(), nullptr);
            for (int r = 0; r < m_wf.graph.size(); ++r)
                for (const WaitEdge& e : m_wf.graph.out(r))
                    if (!m_firstIn[static_cast<std::size_t>(e.to)] ||
                        (m_firstIn[static_cast<std::size_t>(e.to)]->soft && !e.soft))
                        m_firstIn[static_cast<std::size_t>(e.to)] = &e;
        }
        return m_firstIn[static_cast<std::size_t>(rank)];
    }

    // Root causes are the sink components of the wait-for graph that someone waits on: a single rank that
    // waits on nobody, or a cycle (deadlock) that nothing outside it can break.
    void findRootComponents()
    {
        const auto& g = m_wf.graph;
        int count = 0;
        const std::vector<int> comp = g.components(&count);
        std::vector<std::vector<int>> byComp(static_cast<std::size_t>(count));
        std::vector<char> leaves(static_cast<std::size_t>(count), 0);
        for (int r = 0; r < g.size(); ++r)
            byComp[static_cast<std::size_t>(comp[static_cast<std::size_t>(r)])].push_back(r);
        for (int c = 0; c < count; ++c) {
            const auto& ranks = byComp[static_cast<std::size_t>(c)];
            bool sink = true, waited = false;
            for (int r : ranks) {
                waited = waited || g.hasIn(r);
                for (const WaitEdge& e : g.out(r))
                    if (comp[static_cast<std::size_t>(e.to)] != c)
                        sink = false;
            }
            if (!sink || !waited)
                continue;
            if (ranks.size() > 1)
                addCycle(ranks);
            else
                classifySink(ranks.front());
        }
    }

    void addCycle(const std::vector<int>& ranks)
    {
        DeadlockCycle cycle;
        cycle.ranks = ranks;
        QStringList steps;
        for (int r : ranks)
            for (const WaitEdge& e : m_wf.graph.out(r)) {
                if (std::find(ranks.begin(), ranks.end(), e.to) == ranks.end())
                    continue;
                if (std::find(cycle.pgIndices.begin(), cycle.pgIndices.end(), e.pgIndex) ==
                    cycle.pgIndices.end())
                    cycle.pgIndices.push_back(e.pgIndex);
                steps << QStringLiteral("rank %1 waits in %2 %3 %4 for rank %5")
                             .arg(r)
                             .arg(m_out.pgLabel(e.pgIndex),
                                  e.p2p ? QStringLiteral("p2p op") : QStringLiteral("collective"))
                             .arg(e.seq)
                             .arg(e.to);
            }
        cycle.description = steps.join(QStringLiteral("; "));
        // The rank whose order departs from its peers' is the one to fix; the rest of the cycle waits on it.
        // Where no member of both PGs says which order is right, every rank of the cycle is named.
        const CycleOrder order = judgeCycleOrder(m_ctx, m_wf.graph, ranks, m_out);
        const std::uint32_t pg = cycle.pgIndices.empty() ? kNoPg : cycle.pgIndices.front();
        if (order.named.empty())
            for (int r : ranks)
                addCulprit(r, RankKind::Deadlocked, pg, kNoSeq,
                           QStringLiteral("on a collective-order cycle: ") % cycle.description);
        for (const OrderDeparture& d : order.named)
            addCulprit(d.rank, RankKind::Deadlocked, pg, kNoSeq,
                       (order.ambiguous ? QStringLiteral("ambiguous: ") : QString()) % d.reason %
                           QStringLiteral("; the collective-order cycle: ") % cycle.description);
        m_out.cycles.push_back(std::move(cycle));
    }

    // Nothing isolated a rank (the stuck ones are where every member entered): before saying so, read the
    // order in which the ranks issued their pending collectives (judgePendingOrder()). A pair issued the
    // other way round deadlocks those ranks, and the one whose order departs is the one to fix.
    void judgeStuckOrder()
    {
        std::vector<int> stuck;
        for (const RankView& view : m_ctx.views)
            stuck.push_back(view.rank);
        const CycleOrder order = judgePendingOrder(m_ctx, stuck, m_out);
        if (order.named.empty())
            return;
        const std::uint32_t pg = order.pgs.empty() ? kNoPg : order.pgs.front();
        for (const OrderDeparture& d : order.named)
            addCulprit(d.rank, RankKind::Deadlocked, pg, kNoSeq,
                       (order.ambiguous ? QStringLiteral("ambiguous: ") : QString()) % d.reason %
                           QStringLiteral("; the GPUs run each rank's collectives in issue order, so the two "
                                          "orders deadlock"));
        m_behind.erase(
            std::remove_if(m_behind.begin(), m_behind.end(),
                           [&](const Culprit& b) { return m_named[static_cast<std::size_t>(b.rank)]; }),
            m_behind.end());
    }

    void classifySink(int r)
    {
        const RankView& view = m_ctx.views[static_cast<std::size_t>(r)];
        const WaitEdge* in = firstInEdge(r);
        const std::uint32_t pg = in ? in->pgIndex : kNoPg;
        const std::int64_t seq = in ? in->seq : kNoSeq;
        const QString where = in ? QStringLiteral("%1 %2 %3")
                                       .arg(m_out.pgLabel(pg),
                                            in->p2p ? QStringLiteral("p2p op") : QStringLiteral("collective"))
                                       .arg(seq)
                                 : QString();
        if (!view.dump) {
            if (view.unreadable)
                return; // not judged (see notJudgedReason()); the graph never points at it
            addCulprit(r, RankKind::MissingDump, pg, seq,
                       QStringLiteral("it wrote no dump (crashed, host lost, or never got the dump signal); "
                                      "peers wait on it in ") %
                           where);
            return;
        }
        bool statusPending = false;
        for (const RankPgView& v : view.pgs)
            statusPending = statusPending || v.oldestPending != kNoSeq;
        if (view.pendingOps == 0 && !statusPending) {
            QString open;
            for (const OpenCoalescedGroup& g : view.openGroups)
                open += QStringLiteral(
                            "; it recorded %1 op(s) of coalesced group %2 in %3 but never its terminator, "
                            "so the group was never launched")
                            .arg(g.entries.size())
                            .arg(g.seq)
                            .arg(m_out.pgLabel(g.pgIndex));
            addCulprit(r, RankKind::StoppedIssuing, pg, seq,
                       QStringLiteral("it has no pending collective at all while peers wait on it in ") %
                           where %
                           QStringLiteral(": its CPU never issued the next collective (hung process, held "
                                          "GIL, stuck input pipeline)") %
                           open);
            return;
        }
        if (m_wf.gpuStalled[static_cast<std::size_t>(r)]) {
            addCulprit(
                r, RankKind::GpuStalled, pg, seq,
                QStringLiteral("its peers are inside ") % where %
                    QStringLiteral(" (started) but its GPU never started it: stuck in earlier GPU work"));
            return;
        }
        if (m_named[static_cast<std::size_t>(r)])
            return; // already named on firmer evidence (a mismatch, a broken GPU)
        // Waited on, but itself inside an op that every member entered and none completed: it is stuck like
        // its peers there, and nothing in the dumps singles it out (what would, e.g. the entries showing why
        // that op hangs, is gone or was never recorded). Isolating it is not known to help: it is no culprit.
        m_kind[static_cast<std::size_t>(r)] = RankKind::Behind;
        m_behind.push_back(
            {r, RankKind::Behind, pg, seq,
             QStringLiteral("peers wait on it in ") % where %
                 QStringLiteral("; it is itself blocked in collectives that every member entered, and the "
                                "dump does not tell why")});
    }

    void findVictims()
    {
        std::vector<int> culprits;
        for (const Culprit& c : m_out.culprits)
            culprits.push_back(c.rank);
        const std::vector<char> reaches = m_wf.graph.reachesAny(culprits);
        // Per culprit reachability gives each victim its root causes; bounded, as a job rarely has many.
        std::vector<std::vector<int>> roots(m_ctx.views.size());
        for (std::size_t i = 0; i < culprits.size() && i < 64; ++i) {
            const std::vector<char> one = m_wf.graph.reachesAny({culprits[i]});
            for (std::size_t r = 0; r < one.size(); ++r)
                if (one[r] && !m_culprit[r])
                    roots[r].push_back(culprits[i]);
        }
        for (const RankView& view : m_ctx.views) {
            const auto r = static_cast<std::size_t>(view.rank);
            if (m_culprit[r] || m_kind[r] == RankKind::Behind)
                continue;
            const auto& out = m_wf.graph.out(view.rank);
            if (!reaches[r] && out.empty() && view.pendingOps == 0)
                continue;
            Victim v;
            v.rank = view.rank;
            if (!out.empty()) {
                v.pgIndex = out.front().pgIndex;
                v.seqId = out.front().seq;
            } else if (view.firstPendingOp >= 0) {
                const RankOp& head = view.ops[static_cast<std::size_t>(view.firstPendingOp)];
                v.pgIndex = view.pgOf(head);
                v.seqId = view.seqOf(head);
            }
            for (const WaitEdge& e : out)
                v.waitsOn.push_back(e.to);
            std::sort(v.waitsOn.begin(), v.waitsOn.end());
            v.rootCauses = roots[r];
            std::sort(v.rootCauses.begin(), v.rootCauses.end());
            m_kind[r] = RankKind::Victim;
            m_out.victims.push_back(std::move(v));
        }
    }

    void fillOp(FrontierItem& f, const WaitEdge* e)
    {
        if (!f.opType.isEmpty())
            return;
        if (e && e->viaOp >= 0) {
            const RankOp& op =
                m_ctx.views[static_cast<std::size_t>(e->viaRank)].ops[static_cast<std::size_t>(e->viaOp)];
            f.opType = m_ctx.opText(e->viaRank, op);
            f.sizes = m_ctx.sizesText(e->viaRank, op);
            f.dtypes = m_ctx.dtypesText(e->viaRank, op);
            return;
        }
        if (f.isP2p || f.pgIndex == kNoPg)
            return;
        for (int m : m_ctx.members[f.pgIndex]) {
            const RankView& v = m_ctx.views[static_cast<std::size_t>(m)];
            if (const RankOp* op = v.dump ? v.collective(f.pgIndex, f.seqId) : nullptr) {
                f.opType = m_ctx.opText(m, *op);
                f.sizes = m_ctx.sizesText(m, *op);
                f.dtypes = m_ctx.dtypesText(m, *op);
                return;
            }
        }
    }

    // The frontier: where root causes are missing (edges into them), where a broken GPU left its own
    // collective pending, and the mismatched collectives.
    void buildFrontier(const std::vector<CollectiveFinding>& mismatches)
    {
        std::map<FrontierKey, FrontierItem> items;
        auto item = [&](std::uint32_t pg, std::int64_t seq, bool p2p) -> FrontierItem& {
            FrontierItem& f = items[FrontierKey{pg, seq, p2p}];
            f.pgIndex = pg;
            f.seqId = seq;
            f.isP2p = p2p;
            return f;
        };
        // Duplicates are dropped once at the end: 50,000 edges into one frontier item must not be searched
        // each.
        auto addUnique = [](std::vector<int>& v, int r) { v.push_back(r); };
        for (int r = 0; r < m_wf.graph.size(); ++r)
            for (const WaitEdge& e : m_wf.graph.out(r)) {
                if (!m_culprit[static_cast<std::size_t>(e.to)] ||
                    (m_culprit[static_cast<std::size_t>(r)] &&
                     m_kind[static_cast<std::size_t>(r)] != RankKind::Deadlocked))
                    continue;
                const RankKind k = m_kind[static_cast<std::size_t>(e.to)];
                if (k == RankKind::Mismatch)
                    continue;
                FrontierItem& f = item(e.pgIndex, e.seq, e.p2p);
                if (k == RankKind::GpuStalled || (e.soft && k != RankKind::Deadlocked)) {
                    addUnique(f.stuckRanks, e.to);
                    f.status = CollectiveStatus::InProgress;
                } else {
                    addUnique(f.missingRanks, e.to);
                    f.status = CollectiveStatus::NotEntered;
                }
                fillOp(f, &e);
            }
        for (const BrokenGpuEvidence& b : m_wf.brokenGpu) {
            if (m_kind[static_cast<std::size_t>(b.rank)] != RankKind::BrokenGpu)
                continue;
            FrontierItem& f = item(b.pgIndex, b.seq, false);
            addUnique(f.stuckRanks, b.rank);
            if (f.missingRanks.empty())
                f.status = CollectiveStatus::InProgress;
            fillOp(f, nullptr);
        }
        for (const CollectiveFinding& c : mismatches) {
            FrontierItem& f = item(c.pgIndex, c.seqId, false);
            f.status = c.status;
            f.mismatchedRanks = c.mismatchedRanks;
            f.detail = c.detail;
            fillOp(f, nullptr);
        }
        // A hang nobody can be blamed for: the oldest collectives every member is stuck inside.
        if (items.empty())
            for (const PgFinding& pf : m_out.pgs)
                for (const CollectiveFinding& c : pf.collectives)
                    if (c.status == CollectiveStatus::InProgress) {
                        FrontierItem& f = item(c.pgIndex, c.seqId, false);
                        f.status = c.status;
                        f.stuckRanks = c.stuckRanks;
                        fillOp(f, nullptr);
                        break;
                    }
        for (auto& [k, f] : items) {
            for (std::vector<int>* ranks : {&f.missingRanks, &f.stuckRanks}) {
                std::sort(ranks->begin(), ranks->end());
                ranks->erase(std::unique(ranks->begin(), ranks->end()), ranks->end());
            }
            m_out.frontier.push_back(std::move(f));
        }
        for (PgFinding& pf : m_out.pgs)
            for (const FrontierItem& f : m_out.frontier)
                if (f.pgIndex == pf.pgIndex)
                    pf.isFrontier = true;
    }

    // "blocked in PG 41 (TP) collective 42806, waiting on rank(s) 12; behind culprit(s) 12"
    QString victimReason(const Victim& v) const
    {
        QString text = QStringLiteral("blocked");
        if (const ProcessGroup* found = m_out.processGroup(v.pgIndex)) {
            const ProcessGroup& pg = *found;
            text += QStringLiteral(" in PG %1").arg(pg.name);
            if (!pg.desc.isEmpty())
                text += QStringLiteral(" (%1)").arg(pg.desc);
            if (v.seqId != kNoSeq)
                text += QStringLiteral(" at %1").arg(v.seqId);
        }
        if (!v.waitsOn.empty())
            text += QStringLiteral(", waiting on rank(s) %1").arg(rankListText(v.waitsOn));
        if (!v.rootCauses.empty())
            text += QStringLiteral("; behind culprit(s) %1").arg(rankListText(v.rootCauses));
        // A mismatch explains everyone behind it: name it, so the reason holds without the culprits' rows.
        QStringList mismatches;
        for (int root : v.rootCauses)
            for (const Culprit& c : m_out.culprits)
                if (c.rank == root && c.kind == RankKind::Mismatch) {
                    const QString where =
                        QStringLiteral("%1 collective %2").arg(m_out.pgLabel(c.pgIndex)).arg(c.seqId);
                    if (!mismatches.contains(where))
                        mismatches << where;
                }
        if (!mismatches.isEmpty())
            text +=
                QStringLiteral("; a victim of the mismatch in %1").arg(mismatches.join(QStringLiteral(", ")));
        return text;
    }

    void decide()
    {
        std::sort(m_out.culprits.begin(), m_out.culprits.end(),
                  [](const Culprit& a, const Culprit& b) { return a.rank < b.rank; });
        std::sort(m_out.victims.begin(), m_out.victims.end(),
                  [](const Victim& a, const Victim& b) { return a.rank < b.rank; });
        // Each rank's reason, looked up rather than searched for (a job may name 50,000 culprits): a victim's
        // wins over being behind, which wins over being a culprit, as the last of these that names the rank.
        QHash<int, const Victim*> victimOf;
        for (const Victim& v : m_out.victims)
            victimOf.insert(v.rank, &v);
        QHash<int, const QString*> reasons;
        for (const Culprit& c : m_out.culprits)
            reasons.insert(c.rank, &c.reason);
        for (const Culprit& b : m_behind)
            reasons.insert(b.rank, &b.reason);
        for (const Victim& v : m_out.victims)
            reasons.remove(v.rank);
        for (RankFinding& rf : m_out.ranks) {
            rf.kind = m_kind[static_cast<std::size_t>(rf.rank)];
            if (m_ctx.views[static_cast<std::size_t>(rf.rank)].unreadable && rf.kind == RankKind::Healthy) {
                rf.kind = RankKind::UnreadableDump;
                rf.reason = notJudgedReason(rf.rank);
                continue;
            }
            if (!rf.hasDump && rf.kind == RankKind::Healthy) {
                rf.kind = RankKind::NoDump;
                rf.reason = QStringLiteral("not judged: it wrote no dump, and no peer waits on it");
                continue;
            }
            if (const QString* reason = reasons.value(rf.rank))
                rf.reason = *reason;
            else if (const Victim* v = victimOf.value(rf.rank))
                rf.reason = victimReason(*v);
        }
        bool hang = !m_out.culprits.empty() || !m_out.victims.empty();
        for (const PgFinding& pf : m_out.pgs)
            hang = hang || pf.hasHang;
        const std::vector<int> culprits = m_out.hangingRanks();
        if (const Coverage coverage = coverageOf(m_out); !hang && !coverage.enoughForNoHang()) {
            m_out.verdict = Verdict::Unknown;
            m_out.reason = tooFewJudgedReason(m_out, coverage);
            return;
        }
        if (!hang) {
            m_out.verdict = Verdict::NoHang;
            m_out.reason =
                QStringLiteral("No hang found: no rank has a pending collective or p2p op, and every "
                               "process group's members agree on how far they got.");
            if (!m_out.job->missingRanks.empty())
                m_out.reason += QStringLiteral(" Ranks %1 wrote no dump, so their state is unknown.")
                                    .arg(rankListText(m_out.job->missingRanks));
            return;
        }
        const bool bug = std::any_of(m_out.culprits.begin(), m_out.culprits.end(),
                                     [](const Culprit& c) { return isProgramBug(c.kind); });
        QStringList why;
        for (const Culprit& c : m_out.culprits)
            why << QStringLiteral("rank %1 (%2): %3")
                       .arg(c.rank)
                       .arg(QString::fromLatin1(rankKindName(c.kind)), c.reason);
        const QString victims =
            m_out.victims.empty()
                ? QString()
                : QStringLiteral(" %1 other rank(s) are blocked behind them.").arg(m_out.victims.size());
        const QString unread = notJudgedNote();
        if (culprits.empty()) {
            m_out.verdict = Verdict::Stop;
            m_out.reason =
                QStringLiteral("Ranks are stuck, but no rank can be isolated: every member entered the "
                               "collectives they are stuck in and none completed them, with no dump "
                               "missing and no rank that stopped issuing.") %
                behindNote() %
                QStringLiteral(" A restart is not known to help; look at NCCL/network logs for the frontier "
                               "collective.") %
                unread;
        } else if (bug) {
            m_out.verdict = Verdict::Stop;
            m_out.reason =
                QStringLiteral("A restart would hang again: the ranks disagree about the program "
                               "(collective order or shapes), which is a bug, not a faulty rank. ") %
                why.join(QStringLiteral("; ")) % QLatin1Char('.') % victims % unread;
        } else {
            m_out.verdict = Verdict::Continue;
            m_out.reason =
                QStringLiteral("The hang is explained by rank(s) %1: ").arg(rankListText(culprits)) %
                why.join(QStringLiteral("; ")) % QLatin1Char('.') % victims % behindNote() %
                healthEvidence(culprits) %
                QStringLiteral(" Isolate rank(s) %1 and restart.").arg(rankListText(culprits)) % unread;
        }
    }

    // A dump that could not be read is no evidence of guilt: a half-written file means the rank was alive and
    // dumping, an empty one is ambiguous. Such ranks are not judged; the verdict says how they could change
    // it.
    QString notJudgedReason(int rank) const
    {
        QString why;
        for (const LoadError& e : m_ctx.job.errors)
            if (e.rank == rank)
                why = e.toString();
        const RankDump* partial = m_ctx.job.dumpForRank(rank);
        return (partial ? QStringLiteral(
                              "not judged: its dump ends early, so it may lack the rank's newest entries")
                        : QStringLiteral("not judged: its dump could not be read")) %
               (why.isEmpty() ? QString() : QStringLiteral(" (") % why % QLatin1Char(')'));
    }

    // Ranks peers wait on that are themselves stuck where every member is: the dumps do not tell why.
    QString behindNote() const
    {
        if (m_behind.empty())
            return {};
        std::vector<int> ranks;
        for (const Culprit& b : m_behind)
            ranks.push_back(b.rank);
        std::sort(ranks.begin(), ranks.end());
        return QStringLiteral(
                   " Peers wait on rank(s) %1, but those are themselves stuck in collectives that every "
                   "member entered, and the dumps do not tell why (the entries that would, may have rolled "
                   "out of the ring buffers): they are not named.")
            .arg(rankListText(ranks));
    }

    QString notJudgedNote() const
    {
        if (m_out.job->unreadableRanks.empty())
            return {};
        return QStringLiteral(
                   " Rank(s) %1 are not judged: their dumps could not be read. If one of them stopped "
                   "before the collective its peers wait in, it is a culprit too; if it is blocked like "
                   "its peers, nothing changes.")
            .arg(rankListText(m_out.job->unreadableRanks));
    }

    // NVRx health checks that failed on a culprit's node corroborate the verdict: the node, not the program,
    // is at fault, so isolating it is the right move. Healthy checks on a culprit prove nothing either way.
    QString healthEvidence(const std::vector<int>& culprits) const
    {
        QStringList failed;
        std::vector<int> sorted = culprits;
        std::sort(sorted.begin(), sorted.end());
        for (const RankFinding& rf : m_out.ranks) {
            if (!std::binary_search(sorted.begin(), sorted.end(), rf.rank))
                continue;
            for (const HealthCheck& h : rf.health)
                if (!h.healthy())
                    failed << QStringLiteral("rank %1 %2 %3").arg(rf.rank).arg(h.component, h.status);
        }
        if (failed.isEmpty())
            return {};
        return QStringLiteral(" The node health checks agree: ") % failed.join(QStringLiteral(", ")) %
               QStringLiteral(", so the fault is in that hardware, not in the program.");
    }

    AnalysisContext& m_ctx;
    const WaitForResult& m_wf;
    Analysis& m_out;
    std::vector<RankKind> m_kind;
    std::vector<char> m_culprit;
    std::vector<char> m_named; // by rank: already in m_out.culprits (addCulprit)
    std::vector<const WaitEdge*> m_firstIn;
    std::vector<Culprit> m_behind; // waited on but stuck where every member is: not culprits (classifySink())
};

} // namespace

void attribute(AnalysisContext& ctx, const WaitForResult& wf,
               const std::vector<CollectiveFinding>& mismatches, Analysis& out)
{
    Attributor(ctx, wf, out).run(mismatches);
}

} // namespace fd
