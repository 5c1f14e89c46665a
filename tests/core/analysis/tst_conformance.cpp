// PyTorch's own matching rules (torch.distributed.flight_recorder, test_fr_analysis.py) as cases: the same
// situations between two ranks of one group, with the classification PyTorch's analyzer gives them. Where
// FlightDeck deliberately answers differently, the case says what and why (docs/attribution.md).
#include "JsonJob.h"
#include "core/analysis/Analyzer.h"

#include <QTest>

using fd::test::JsonJob;
using fd::test::Op;

namespace {

// The classification of collective 1 of group "0" after both ranks recorded `a` and `b` there: the status of
// the first finding, or "completed" when the collective is not among the findings.
QString classify(const Op& a, const Op& b, std::vector<int>* mismatched = nullptr)
{
    JsonJob job;
    job.group("0", "default_pg", {0, 1});
    job.op(0, a);
    job.op(1, b);
    const auto analysis = fd::analyzeJob(job.load());
    const fd::PgFinding* pg = analysis->pgFinding(0);
    for (const auto& c : pg->collectives)
        if (c.seqId == 1) {
            if (mismatched)
                *mismatched = c.mismatchedRanks;
            return QString::fromLatin1(fd::collectiveStatusName(c.status));
        }
    return QStringLiteral("completed");
}

Op op(const char* name, const char* in, const char* out, const char* state = "scheduled")
{
    return Op{"0", 1, name, state, in, out};
}

bool isMismatch(const QString& status)
{
    return status.endsWith(QStringLiteral("_mismatch"));
}

} // namespace

class TstConformance : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // FULLY_MATCHED: the same all_reduce on both ranks. Both wait inside it: nothing disagrees.
    void sameAllReduceMatches()
    {
        QCOMPARE(classify(op("all_reduce", "[[4, 4]]", "[[4, 4]]"), op("all_reduce", "[[4, 4]]", "[[4, 4]]")),
                 QStringLiteral("in_progress"));
    }

    // COLLECTIVE_TYPE_MISMATCH: all_reduce against all_gather.
    void allReduceAgainstAllGather()
    {
        QCOMPARE(classify(op("all_reduce", "[[4, 4]]", "[[4, 4]]"), op("all_gather", "[[4, 4]]", "[[4, 4]]")),
                 QStringLiteral("type_mismatch"));
    }

    // SIZE_OR_SYNTAX_MISMATCH: input [5, 4] against [4, 4]; and output [5, 4] against [4, 4].
    void allReduceSizes()
    {
        QCOMPARE(classify(op("all_reduce", "[[4, 4]]", "[[4, 4]]"), op("all_reduce", "[[5, 4]]", "[[4, 4]]")),
                 QStringLiteral("size_mismatch"));
        QCOMPARE(classify(op("all_reduce", "[[4, 4]]", "[[4, 4]]"), op("all_reduce", "[[4, 4]]", "[[5, 4]]")),
                 QStringLiteral("size_mismatch"));
    }

    // SIZE_OR_SYNTAX_MISMATCH even when both ranks agree: an all_reduce whose output is not its input's size
    // is wrong on its own.
    void allReduceInputOutputDiffer()
    {
        std::vector<int> odd;
        QCOMPARE(classify(op("all_reduce", "[[4, 4]]", "[[5, 4]]"), op("all_reduce", "[[4, 4]]", "[[5, 4]]"),
                          &odd),
                 QStringLiteral("size_mismatch"));
        QCOMPARE(odd, (std::vector<int>{0, 1}));
    }

    // COLLECTIVE_DTYPE_MISMATCH: same op and sizes, output float16 against float32.
    void outputDtype()
    {
        Op a = op("all_reduce", "[[4, 4]]", "[[4, 4]]");
        Op b = a;
        b.outDtype = "Half";
        QCOMPARE(classify(a, b), QStringLiteral("dtype_mismatch"));
    }

    // FULLY_MATCHED: a gather's root records the gathered outputs, a non-root records an empty output and no
    // output dtype.
    void gatherRootAndNonRoot()
    {
        Op root = op("gather", "[[4, 4]]", "[[4, 4], [4, 4]]");
        Op other = op("gather", "[[4, 4]]", "[[]]");
        other.outDtype = "";
        QVERIFY(!isMismatch(classify(root, other)));
        other.out = "[[4, 4]]";
        QVERIFY(!isMismatch(classify(root, other)));
    }

    // all_gather: output = input x group size; reduce_scatter: input = output x group size (group of 2).
    void gatherScatterSizeRules()
    {
        QVERIFY(!isMismatch(
            classify(op("all_gather", "[[4, 4]]", "[[32]]"), op("all_gather", "[[4, 4]]", "[[32]]"))));
        QVERIFY(!isMismatch(classify(op("_all_gather_base", "[[4, 4]]", "[[32]]"),
                                     op("_all_gather_base", "[[4, 4]]", "[[32]]"))));
        QVERIFY(!isMismatch(
            classify(op("reduce_scatter", "[[4, 4]]", "[[8]]"), op("reduce_scatter", "[[4, 4]]", "[[8]]"))));
        QCOMPARE(classify(op("all_gather", "[[4, 4]]", "[[16]]"), op("all_gather", "[[4, 4]]", "[[16]]")),
                 QStringLiteral("size_mismatch"));
        QCOMPARE(
            classify(op("reduce_scatter", "[[4, 4]]", "[[16]]"), op("reduce_scatter", "[[4, 4]]", "[[16]]")),
            QStringLiteral("size_mismatch"));
    }

    // PyTorch: UNDECIDED for any all_to_all. FlightDeck checks what can be checked, the totals across all
    // members: equal totals are no mismatch.
    void allToAllTotals()
    {
        QVERIFY(!isMismatch(
            classify(op("all_to_all", "[[4, 4]]", "[[4, 4]]"), op("all_to_all", "[[4, 4]]", "[[4, 4]]"))));
        QCOMPARE(classify(op("all_to_all", "[[4, 4]]", "[[4, 4]]"), op("all_to_all", "[[4, 4]]", "[[8, 4]]")),
                 QStringLiteral("size_mismatch"));
    }

    // PyTorch: COLLECTIVE_STATE_MISMATCH for scheduled against completed. FlightDeck goes one step further:
    // the collective ran, so the rank still showing it pending has a broken GPU (or completion tracking).
    void stateMismatchIsBrokenGpu()
    {
        JsonJob job;
        job.group("0", "default_pg", {0, 1});
        job.op(0, op("all_reduce", "[[4, 4]]", "[[4, 4]]"));
        job.op(1, op("all_reduce", "[[4, 4]]", "[[4, 4]]", "completed"));
        job.op(1, Op{"0", 2, "all_reduce"});
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->hangingRanks(), std::vector<int>{0});
        QCOMPARE(a->culprits.front().kind, fd::RankKind::BrokenGpu);
    }

    // Coalesced groups count once, by their terminator: two broadcasts closed by "coalesced" match.
    void coalescedBroadcastsMatch()
    {
        JsonJob job;
        job.group("0", "default_pg", {0, 1});
        for (int r : {0, 1}) {
            job.op(r, op("broadcast", "[[4, 4]]", "[[4, 4]]"));
            job.op(r, op("broadcast", "[[4, 4]]", "[[4, 4]]"));
            job.op(r, op("coalesced", "[]", "[]"));
        }
        const auto a = fd::analyzeJob(job.load());
        for (const auto& c : a->pgFinding(0)->collectives)
            QVERIFY(!isMismatch(QString::fromLatin1(fd::collectiveStatusName(c.status))));
        QVERIFY(a->culprits.empty());
    }

    // Inside a coalesced group (terminator ALLGATHER_coalesced), one rank's second _broadcast_oop has other
    // sizes: PyTorch fails the check on that op. The terminator has no sizes; the inner ops tell.
    void coalescedInnerSizesDiffer()
    {
        JsonJob job;
        job.group("0", "default_pg", {0, 1});
        for (int r : {0, 1}) {
            job.op(r, op("_broadcast_oop", "[[4, 4]]", "[[4, 4]]"));
            job.op(r, r == 0 ? op("_broadcast_oop", "[[5, 5]]", "[[5, 5]]")
                             : op("_broadcast_oop", "[[4, 4]]", "[[4, 4]]"));
            job.op(r, op("ALLGATHER_coalesced", "[]", "[]"));
        }
        std::vector<int> odd;
        const auto a = fd::analyzeJob(job.load());
        bool found = false;
        for (const auto& c : a->pgFinding(0)->collectives)
            found = found || c.status == fd::CollectiveStatus::SizeMismatch;
        QVERIFY(found);
        QCOMPARE(a->verdict, fd::Verdict::Stop);
    }

    // Matched coalesced _reduce_oop ops closed by REDUCE_SCATTER_coalesced.
    void coalescedReduceMatches()
    {
        JsonJob job;
        job.group("0", "default_pg", {0, 1});
        for (int r : {0, 1}) {
            job.op(r, op("_reduce_oop", "[[4, 4]]", "[[4, 4]]"));
            job.op(r, op("_reduce_oop", "[[4, 4]]", "[[4, 4]]"));
            job.op(r, op("REDUCE_SCATTER_coalesced", "[]", "[]"));
        }
        const auto a = fd::analyzeJob(job.load());
        QVERIFY(a->culprits.empty());
    }

    // test_all_events: every collective PyTorch knows, recorded identically by both members of a group of
    // two, is FULLY_MATCHED (all_to_all: UNDECIDED). Sizes as that test gives them: all_gather's output is
    // twice its input, reduce_scatter's output half its input, everything else [[4, 4]] -> [[4, 4]] (the
    // *_v, *_single and *_coalesced variants too). None of them may be called a mismatch.
    void everyCollectiveMatchesItself_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        const char* const plain[] = {"broadcast",
                                     "_broadcast_oop",
                                     "reduce",
                                     "_reduce_oop",
                                     "all_gather_single",
                                     "all_gather_v",
                                     "all_reduce",
                                     "reduce_scatter_single",
                                     "reduce_scatter_v",
                                     "gather",
                                     "scatter",
                                     "all_to_all",
                                     "all_to_all_single",
                                     "all_to_all_v_single",
                                     "all_reduce_barrier",
                                     "barrier",
                                     "split",
                                     "new_window",
                                     "allreduce_coalesced",
                                     "ALLGATHER_coalesced",
                                     "REDUCE_SCATTER_coalesced"};
        for (const char* name : plain)
            QTest::newRow(name) << QString::fromLatin1(name) << QStringLiteral("[[4, 4]]")
                                << QStringLiteral("[[4, 4]]");
        for (const char* name : {"all_gather", "_all_gather_base", "all_gather_into_tensor_coalesced"})
            QTest::newRow(name) << QString::fromLatin1(name) << QStringLiteral("[[4, 4]]")
                                << QStringLiteral("[[32]]");
        for (const char* name : {"reduce_scatter", "_reduce_scatter_base", "reduce_scatter_tensor_coalesced"})
            QTest::newRow(name) << QString::fromLatin1(name) << QStringLiteral("[[4, 4]]")
                                << QStringLiteral("[[8]]");
    }
    void everyCollectiveMatchesItself()
    {
        QFETCH(QString, name);
        QFETCH(QString, in);
        QFETCH(QString, out);
        const Op same = op(qPrintable(name), qPrintable(in), qPrintable(out));
        const QString status = classify(same, same);
        QVERIFY2(!isMismatch(status), qPrintable(name + QStringLiteral(": ") + status));
    }

    // testBuildDB case 2: allreduce_coalesced is an ordinary op (not a terminator): both ranks completed it,
    // so there is nothing to report.
    void allreduceCoalescedIsAnOp()
    {
        const Op done = op("allreduce_coalesced", "[[4, 4]]", "[[4, 4]]", "completed");
        QCOMPARE(classify(done, done), QStringLiteral("completed"));
        JsonJob job;
        job.group("0", "default_pg", {0, 1});
        job.op({0, 1}, done);
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->verdict, fd::Verdict::NoHang);
    }

    // testBuildDB case 6: rank 1 recorded a coalesced group of two _reduce_oop (REDUCE_SCATTER_coalesced)
    // after the all_reduce both ranks completed; rank 0 recorded nothing after it. Every entry is completed,
    // so PyTorch passes the check; nothing hangs and nobody disagrees.
    void coalescedGroupOnOneRankOnly()
    {
        JsonJob job;
        job.group("0", "default_pg", {0, 1});
        job.op({0, 1}, Op{"0", 1, "all_reduce", "completed", "[[4, 4]]", "[[4, 4]]"});
        for (const char* name : {"_reduce_oop", "_reduce_oop", "REDUCE_SCATTER_coalesced"})
            job.op(1, Op{"0", 2, name, "completed", name[0] == 'R' ? "[]" : "[[4, 4]]",
                         name[0] == 'R' ? "[]" : "[[4, 4]]"});
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->verdict, fd::Verdict::NoHang);
        QVERIFY(a->culprits.empty());
    }

    // Backends other than NCCL name ops with their own prefix; the op is what follows it.
    void backendPrefixes()
    {
        for (const char* backend : {"gloo", "xccl", "ncclx"}) {
            Op a = op("all_reduce", "[[4, 4]]", "[[4, 4]]");
            Op b = op("all_gather", "[[4, 4]]", "[[4, 4]]");
            a.name = std::string(backend) + ":" + a.name;
            b.name = std::string(backend) + ":" + b.name;
            a.rawName = b.rawName = true;
            QCOMPARE(classify(a, b), QStringLiteral("type_mismatch"));
        }
    }
};

QTEST_GUILESS_MAIN(TstConformance)
#include "tst_conformance.moc"
