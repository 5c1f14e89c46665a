// Lining up each PG's collectives by collective_seq_id across its members, on committed scenario jobs whose
// layout tools/synth/Scenarios.cpp documents. Expectations follow from the collective semantics: a collective
// completes on no member before every member joined; members of one collective agree on op, sizes and dtype.
#include "ScenarioJob.h"
#include "core/analysis/AnalysisContext.h"
#include "core/analysis/CollectiveMatcher.h"

#include <QTest>

using namespace fd;

namespace {

struct Matched
{
    test::AnalysedJob job;
    std::vector<PgFinding> pgs;
    std::vector<CollectiveFinding> mismatches;

    const CollectiveFinding* at(const char* pg, std::int64_t seq) const
    {
        for (const PgFinding& p : pgs)
            for (const CollectiveFinding& c : p.collectives)
                if (c.pgIndex == job.pg(pg) && c.seqId == seq && !c.isP2p)
                    return &c;
        return nullptr;
    }
};

Matched match(const char* scenario)
{
    Matched m;
    m.job = test::loadScenario(scenario);
    if (!m.job.job)
        return m;
    AnalysisContext ctx(*m.job.job);
    CollectiveMatcher matcher(ctx);
    m.pgs = matcher.run();
    m.mismatches = matcher.mismatches();
    return m;
}

} // namespace

class TstCollectiveMatcher : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Every collective completed on every member: nothing to report, in any PG.
    void healthyJobHasNoFindings()
    {
        const Matched m = match("healthy");
        QVERIFY(!m.pgs.empty());
        for (const PgFinding& pg : m.pgs) {
            QVERIFY(pg.collectives.empty());
            QVERIFY(!pg.hasHang);
        }
        QVERIFY(m.mismatches.empty());
    }

    // Ranks 0, 1, 3 entered all_reduce 6; rank 2 never issued it: not entered, rank 2 missing.
    void notEntered()
    {
        const Matched m = match("stops-issuing");
        const CollectiveFinding* c = m.at("0", 6);
        QVERIFY(c);
        QCOMPARE(c->status, CollectiveStatus::NotEntered);
        QCOMPARE(c->missingRanks, std::vector<int>{2});
        QCOMPARE(c->opType, QStringLiteral("all_reduce"));
    }

    // All four entered all_reduce 6; three completed it while rank 2 did not: in progress, rank 2 stuck.
    void enteredButNotFinished()
    {
        const Matched m = match("broken-gpu");
        const CollectiveFinding* c = m.at("0", 6);
        QVERIFY(c);
        QCOMPARE(c->status, CollectiveStatus::InProgress);
        QVERIFY(c->missingRanks.empty());
        QCOMPARE(c->stuckRanks, std::vector<int>{2});
    }

    // all_reduce 7: one member disagrees on sizes / dtype / op. The pending all_gather 6 before it is correct
    // (out = in x 4) and must not be flagged.
    void mismatches_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<int>("status");
        QTest::addColumn<int>("odd");
        QTest::newRow("sizes") << "size-mismatch" << int(CollectiveStatus::SizeMismatch) << 1;
        QTest::newRow("dtype") << "dtype-mismatch" << int(CollectiveStatus::DtypeMismatch) << 3;
        QTest::newRow("op") << "type-mismatch" << int(CollectiveStatus::TypeMismatch) << 0;
    }

    void mismatches()
    {
        QFETCH(QString, scenario);
        QFETCH(int, status);
        QFETCH(int, odd);
        const Matched m = match(qPrintable(scenario));
        const CollectiveFinding* c = m.at("0", 7);
        QVERIFY(c);
        QCOMPARE(int(c->status), status);
        QCOMPARE(c->mismatchedRanks, std::vector<int>{odd});
        for (const MemberStatus& member : c->members)
            QCOMPARE(member.oddOneOut, member.rank == odd);
        QCOMPARE(m.mismatches.size(), std::size_t(1));
        const CollectiveFinding* gather = m.at("0", 6);
        QVERIFY(!gather || gather->mismatchedRanks.empty());
    }

    // Coalesced groups are matched through their terminator: inner ops (always "scheduled") are not pending.
    void coalescedGroupsAreNotPending()
    {
        const Matched m = match("coalesced-healthy");
        for (const PgFinding& pg : m.pgs)
            QVERIFY(pg.collectives.empty());
    }
};

QTEST_GUILESS_MAIN(TstCollectiveMatcher)
#include "tst_collectivematcher.moc"
