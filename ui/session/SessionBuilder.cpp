#include "SessionBuilder.h"

#include <QCoreApplication>

#include <algorithm>
#include <set>

namespace fd {

namespace {

// lupdate files BuilderText::tr() strings under the context named here, the one they are looked up in.
struct BuilderText
{
    Q_DECLARE_TR_FUNCTIONS(fd::SessionBuilder)
};

Highlights::Verdict toUi(Verdict v)
{
    switch (v) {
    case Verdict::NoHang: return Highlights::Verdict::NoHang;
    case Verdict::Continue: return Highlights::Verdict::Continue;
    case Verdict::Stop: return Highlights::Verdict::Stop;
    }
    return Highlights::Verdict::Unknown;
}

void addCollectiveFindings(const Analysis& a, Highlights& hl)
{
    for (const PgFinding& pg : a.pgs) {
        for (const CollectiveFinding& c : pg.collectives) {
            if (c.status == CollectiveStatus::Completed)
                continue;
            UiFinding f;
            const bool mismatch = c.status == CollectiveStatus::TypeMismatch || c.status == CollectiveStatus::SizeMismatch
                || c.status == CollectiveStatus::DtypeMismatch;
            f.severity = mismatch || !c.missingRanks.empty() ? UiFinding::Severity::Error : UiFinding::Severity::Warning;
            f.kind = QString::fromLatin1(collectiveStatusName(c.status));
            f.pgIndex = c.pgIndex;
            f.seq = c.seqId;
            f.ranks = mismatch ? c.mismatchedRanks : (!c.missingRanks.empty() ? c.missingRanks : c.stuckRanks);
            f.text = c.detail.isEmpty() ? c.opType : c.detail;
            hl.findings.push_back(std::move(f));
        }
    }
}

void addHealth(const Analysis& a, Highlights& hl)
{
    for (const RankFinding& r : a.ranks) {
        if (r.health.empty())
            continue;
        RankHealth h;
        h.rank = r.rank;
        for (const HealthCheck& c : r.health)
            h.checks.push_back({c.component, c.status, c.output, c.healthy()});
        hl.health.push_back(std::move(h));
    }
    std::sort(hl.health.begin(), hl.health.end(), [](const RankHealth& x, const RankHealth& y) { return x.rank < y.rank; });
}

} // namespace

Highlights highlightsFrom(const Analysis& a)
{
    Highlights hl;
    hl.verdict = toUi(a.verdict);
    hl.reason = a.reason;
    if (!a.frontier.empty()) {
        const FrontierItem& f = a.frontier.front();
        hl.frontierPg = f.pgIndex;
        hl.frontierSeq = f.seqId;
        hl.frontierOp = f.opType;
        hl.frontierP2p = f.isP2p;
    }
    std::vector<std::pair<int, QString>> culprits;
    for (const Culprit& c : a.culprits)
        culprits.emplace_back(c.rank, c.reason.isEmpty() ? QString::fromLatin1(rankKindName(c.kind)) : c.reason);
    std::sort(culprits.begin(), culprits.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    for (auto& [rank, reason] : culprits) {
        hl.culprits.push_back(rank);
        hl.culpritReasons.push_back(reason);
    }
    for (const Victim& v : a.victims)
        hl.victims.push_back(v.rank);
    std::sort(hl.victims.begin(), hl.victims.end());

    std::size_t pgCount = a.processGroups.size();
    for (const PgFinding& pg : a.pgs)
        pgCount = std::max<std::size_t>(pgCount, pg.pgIndex + 1);
    hl.pgs.resize(pgCount);
    for (const PgFinding& pg : a.pgs)
        if (pg.pgIndex < pgCount)
            hl.pgs[pg.pgIndex] = {int(pg.stuckRanks.size()), int(pg.missingRanks.size() + pg.noDumpRanks.size())};

    for (const Culprit& c : a.culprits) {
        UiFinding f;
        f.severity = UiFinding::Severity::Error;
        f.kind = QString::fromLatin1(rankKindName(c.kind));
        f.pgIndex = c.pgIndex;
        f.seq = c.seqId;
        f.ranks = {c.rank};
        f.text = c.reason;
        hl.findings.push_back(std::move(f));
    }
    addCollectiveFindings(a, hl);
    for (const DeadlockCycle& cycle : a.cycles) {
        UiFinding f;
        f.severity = UiFinding::Severity::Error;
        f.kind = BuilderText::tr("deadlock");
        f.ranks = cycle.ranks;
        f.text = cycle.description;
        hl.findings.push_back(std::move(f));
        for (std::size_t i = 0; i < cycle.pgIndices.size(); ++i)
            hl.waitEdges.push_back({cycle.pgIndices[i], cycle.pgIndices[(i + 1) % cycle.pgIndices.size()],
                                    BuilderText::tr("cycle")});
    }
    for (const QString& note : a.notes) {
        UiFinding f;
        f.kind = BuilderText::tr("note");
        f.text = note;
        hl.findings.push_back(std::move(f));
    }

    // A victim blocked in PG A behind a culprit that is missing from PG B: ranks of A wait on ranks of B.
    std::set<std::pair<std::uint32_t, std::uint32_t>> edges;
    for (const Victim& v : a.victims) {
        for (int root : v.rootCauses) {
            auto it = std::find_if(a.culprits.begin(), a.culprits.end(), [root](const Culprit& c) { return c.rank == root; });
            if (it != a.culprits.end() && it->pgIndex != kNoPg && v.pgIndex != kNoPg && it->pgIndex != v.pgIndex)
                edges.insert({v.pgIndex, it->pgIndex});
        }
    }
    for (auto [from, to] : edges)
        hl.waitEdges.push_back({from, to, BuilderText::tr("waits on")});
    addHealth(a, hl);
    return hl;
}

std::shared_ptr<const Analysis> analyse(const Job& job)
{
    return analyzeJob(job);
}

Session buildSession(std::shared_ptr<const Job> job, std::shared_ptr<const Analysis> analysis)
{
    Session s;
    if (!job)
        return s;
    s.index = std::make_shared<EntryIndex>(*job);
    s.coalesced = std::make_shared<CoalescedEntries>(*job);
    if (!analysis)
        analysis = analyse(*job);
    s.analysis = analysis;
    if (analysis)
        s.highlights = std::make_shared<Highlights>(highlightsFrom(*analysis));
    s.job = std::move(job);
    return s;
}

} // namespace fd
