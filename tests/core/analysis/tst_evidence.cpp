// The evidence panels the analysis builds for each frontier item: the PG's members x the collectives around
// the divergence, each member's state, and the cells that prove the finding. Expectations come from how each
// scenario job was built (tools/synth/Scenarios.cpp) and from what the collective's semantics then imply.
#include "ScenarioJob.h"
#include "tests/support/SharedFixtures.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace fd;

namespace {

const Evidence* evidenceAt(const Analysis& a, std::uint32_t pg, std::int64_t seq)
{
    for (const Evidence& e : a.evidence)
        if (e.pgIndex == pg && e.seq == seq)
            return &e;
    return nullptr;
}

int rowOf(const Evidence& e, int rank)
{
    const auto it = std::find(e.members.begin(), e.members.end(), rank);
    return it == e.members.end() ? -1 : int(it - e.members.begin());
}

int columnOf(const Evidence& e, std::int64_t seq)
{
    const auto it = std::find(e.seqs.begin(), e.seqs.end(), seq);
    return it == e.seqs.end() ? -1 : int(it - e.seqs.begin());
}

const EvidenceCell& cellAt(const Evidence& e, int rank, std::int64_t seq)
{
    return e.cell(std::size_t(rowOf(e, rank)), std::size_t(columnOf(e, seq)));
}

std::vector<int> ranksWithRole(const Evidence& e, CellRole role)
{
    std::vector<int> out;
    for (std::size_t r = 0; r < e.members.size(); ++r)
        for (std::size_t c = 0; c < e.seqs.size(); ++c)
            if (e.cell(r, c).role == role)
                out.push_back(e.members[r]);
    return out;
}

} // namespace

class TstEvidence : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Ranks 0, 1, 3 completed all_reduce 6 of the default PG while rank 2 still holds it: a collective
    // completes on no member before every member joined, so rank 2's GPU or its completion tracking broke.
    void brokenGpu()
    {
        const auto j = test::loadScenario("broken-gpu");
        const Analysis& a = *j.analysis;
        QCOMPARE(a.evidence.size(), a.frontier.size());
        const Evidence* e = evidenceAt(a, j.pg("0"), 6);
        QVERIFY(e);
        QCOMPARE(e->culprits, std::vector<int>{2});
        QCOMPARE(e->members, (std::vector<int>{0, 1, 2, 3}));
        QCOMPARE(e->seqs, (std::vector<std::int64_t>{3, 4, 5, 6, 7})); // 3 before, 1 after (7: all scheduled)
        QCOMPARE(e->cells.size(), e->members.size() * e->seqs.size());
        for (int r : {0, 1, 2, 3}) {
            QCOMPARE(cellAt(*e, r, 5).state, MemberState::Completed); // where everyone still agreed
            QCOMPARE(cellAt(*e, r, 7).state, MemberState::Scheduled);
        }
        QCOMPARE(cellAt(*e, 2, 6).state, MemberState::Scheduled);
        QCOMPARE(cellAt(*e, 2, 6).role, CellRole::Proof);
        for (int r : {0, 1, 3}) {
            QCOMPARE(cellAt(*e, r, 6).state, MemberState::Completed);
            QCOMPARE(cellAt(*e, r, 6).role, CellRole::Witness);
        }
        QCOMPARE(cellAt(*e, 2, 5).role, CellRole::Context);
        QCOMPARE(e->caption, QStringLiteral("ranks 0, 1, 3 completed 6 while rank 2 still holds it"));
        QCOMPARE(a.evidenceFor(2), e);
        QCOMPARE(a.pinnedRanks, (std::vector<int>{0, 1, 2, 3}));
    }

    // Rank 2 never issued all_reduce 6 (only active entries dumped): its cell there is "not entered" while
    // the others wait inside, and everything before 6 completed everywhere (pg_status says so).
    void stoppedIssuing()
    {
        const auto j = test::loadScenario("stops-issuing");
        const Analysis& a = *j.analysis;
        const Evidence* e = evidenceAt(a, j.pg("0"), 6);
        QVERIFY(e);
        QCOMPARE(e->seqs, (std::vector<std::int64_t>{3, 4, 5, 6})); // nobody went past 6
        QCOMPARE(cellAt(*e, 2, 6).state, MemberState::NotEntered);
        QCOMPARE(cellAt(*e, 2, 6).role, CellRole::Proof);
        QCOMPARE(ranksWithRole(*e, CellRole::Witness), (std::vector<int>{0, 1, 3}));
        QCOMPARE(cellAt(*e, 0, 6).state, MemberState::Scheduled);
        QCOMPARE(cellAt(*e, 2, 5).state, MemberState::Completed);
        QCOMPARE(e->caption, QStringLiteral("rank 2 never entered collective 6"));
    }

    void missingDump()
    {
        const auto j = test::loadScenario("missing-dump");
        const Evidence* e = evidenceAt(*j.analysis, j.pg("0"), 6);
        QVERIFY(e);
        for (std::int64_t s : e->seqs)
            QCOMPARE(cellAt(*e, 3, s).state, MemberState::NoDump);
        QCOMPARE(cellAt(*e, 3, 6).role, CellRole::Proof);
        QCOMPARE(e->caption,
                 QStringLiteral("rank 3 wrote no dump, while ranks 0, 1, 2 wait in collective 6"));
    }

    // The odd one out of a size mismatch: its cell is marked odd; the agreeing members are its witnesses.
    void sizeMismatch()
    {
        const auto j = test::loadScenario("size-mismatch");
        const Evidence* e = evidenceAt(*j.analysis, j.pg("0"), 7);
        QVERIFY(e);
        QCOMPARE(e->status, CollectiveStatus::SizeMismatch);
        QVERIFY(cellAt(*e, 1, 7).odd);
        QCOMPARE(cellAt(*e, 1, 7).role, CellRole::Proof);
        for (int r : {0, 2, 3}) {
            QVERIFY(!cellAt(*e, r, 7).odd);
            QCOMPARE(cellAt(*e, r, 7).role, CellRole::Witness);
        }
        QVERIFY(!cellAt(*e, 1, 6).odd); // the correct all_gather before it is not flagged
        // The values themselves, not only that they differ.
        QCOMPARE(e->caption,
                 QStringLiteral("collective 7: rank 1 passed sizes [[1024]], its peers [[2048]]"));
    }

    // With timing on, ranks 0, 1, 3 are inside all_reduce 6 (started) while rank 2's GPU never started it.
    void gpuStalled()
    {
        const auto j = test::loadScenario("timing-started-stuck");
        const Evidence* e = evidenceAt(*j.analysis, j.pg("0"), 6);
        QVERIFY(e);
        QCOMPARE(cellAt(*e, 2, 6).state, MemberState::Scheduled);
        QCOMPARE(cellAt(*e, 0, 6).state, MemberState::Started);
        QCOMPARE(ranksWithRole(*e, CellRole::Witness), (std::vector<int>{0, 1, 3}));
        QCOMPARE(e->caption,
                 QStringLiteral("ranks 0, 1, 3 are inside collective 6 while rank 2 never started it"));
    }

    // p2p: a pair. Rank 3's receive from rank 2 (its p2p op 7) is pending; rank 2 never issued the send.
    void p2pPair()
    {
        const auto j = test::loadScenario("p2p-pipeline-hang");
        const Analysis& a = *j.analysis;
        const Evidence* e = evidenceAt(a, j.pg("pp"), 7);
        QVERIFY(e);
        QVERIFY(e->isP2p);
        QCOMPARE(e->members, (std::vector<int>{3, 2})); // the waiting rank, then the one it waits on
        QCOMPARE(cellAt(*e, 3, 7).state, MemberState::Scheduled);
        QCOMPARE(cellAt(*e, 2, 7).state, MemberState::NotEntered);
        QCOMPARE(cellAt(*e, 2, 7).role, CellRole::Proof);
        QCOMPARE(cellAt(*e, 3, 7).role, CellRole::Witness);
        QCOMPARE(e->caption, QStringLiteral("rank 2 never entered p2p 7"));
    }

    // A collective-order deadlock: each rank of the cycle never entered the collective the other waits in.
    void orderDeadlock()
    {
        const auto j = test::loadScenario("order-deadlock");
        const Analysis& a = *j.analysis;
        const Evidence* e10 = evidenceAt(a, j.pg("10"), 4);
        const Evidence* e11 = evidenceAt(a, j.pg("11"), 4);
        QVERIFY(e10 && e11);
        QCOMPARE(cellAt(*e10, 1, 4).state, MemberState::NotEntered);
        QCOMPARE(cellAt(*e10, 0, 4).state, MemberState::Scheduled);
        QCOMPARE(cellAt(*e11, 0, 4).state, MemberState::NotEntered);
        QCOMPARE(e10->caption, QStringLiteral("rank 1 never entered collective 4"));
        QVERIFY(a.evidenceFor(0) && a.evidenceFor(1));
    }

    void healthyJobHasNoEvidence()
    {
        const auto j = test::loadScenario("healthy");
        QVERIFY(j.analysis->evidence.empty());
        QVERIFY(j.analysis->pinnedRanks.empty());
        QCOMPARE(j.analysis->evidenceFor(0), nullptr);
    }
};

// Over ../shared's real NVRx jobs: run as tst_evidence_shared where ../shared exists
// (tests/support/SharedFixtures.h).
class TstEvidenceShared : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The real NVRx jobs (../shared/fixtures): the culprit each names and the caption of its evidence.
    void realJobs_data()
    {
        QTest::addColumn<QString>("job");
        QTest::addColumn<int>("culprit");
        QTest::addColumn<QString>("caption");
        QTest::newRow("gpu_error_1st")
            << "gpu_error_1st" << 12 << "rank 13 completed 42806 while rank 12 still holds it";
        QTest::newRow("lock_gil_1st") << "lock_gil_1st" << 9 << "rank 9 never entered p2p 14147";
    }

    void realJobs()
    {
        QFETCH(QString, job);
        QFETCH(int, culprit);
        QFETCH(QString, caption);
        const QString dir = QStringLiteral(FD_SHARED_FIXTURES "/nvrx/") + job;
        const auto j = test::loadScenario(dir);
        const Evidence* e = j.analysis->evidenceFor(culprit);
        QVERIFY(e);
        QVERIFY2(e->caption.contains(caption), qPrintable(e->caption));
        QVERIFY(std::binary_search(j.analysis->pinnedRanks.begin(), j.analysis->pinnedRanks.end(), culprit));
    }

    // One gloo dump named _dump_20000: ranks 0-19999 wrote no dump, and every one of them is a culprit that
    // the evidence outlines once. Built in time linear in the ranks (the nested searches it replaced took
    // minutes on this input, past ctest's timeout): pinned by the counts, the speed by tools/bench.
    void twentyThousandMissingRanksAreEachProvedOnce()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::copy(QStringLiteral(FD_TEST_DATA "/torch/rank-exits/_dump_1"),
                            dir.filePath(QStringLiteral("_dump_20000"))));
        const auto j = test::loadScenario(dir.path());
        const Analysis& a = *j.analysis;
        QCOMPARE(a.hangingRanks().size(), std::size_t(20000));
        std::size_t proofs = 0, culprits = 0;
        for (const Evidence& e : a.evidence) {
            culprits += e.culprits.size();
            proofs += ranksWithRole(e, CellRole::Proof).size();
        }
        QVERIFY2(culprits >= 20000, qPrintable(QString::number(culprits)));
        QCOMPARE(proofs, culprits);
    }
};

FD_TEST_GUILESS_MAIN_WITH_SHARED(TstEvidence, TstEvidenceShared)
#include "tst_evidence.moc"
