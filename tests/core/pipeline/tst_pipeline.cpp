// The one data path both programs run (core/pipeline): load -> analyse, blocking as the CLI calls it, and on
// a worker as the GUI does through PipelineRunner (progress, the analysing stage, superseding, cancelling).
#include "core/pipeline/PipelineRunner.h"

#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <vector>

using namespace fd;

namespace {

LoadRequest scenario(const char* name)
{
    LoadRequest request;
    request.options.frPath = QStringLiteral(FD_TEST_DATA "/scenarios/") + QLatin1String(name);
    return request;
}

// Every run a runner delivers, in order.
struct Delivered
{
    explicit Delivered(PipelineRunner& runner)
    {
        QObject::connect(&runner, &PipelineRunner::finished, &runner,
                         [this](const AnalysedJob& run) { runs.push_back(run); });
    }
    std::vector<AnalysedJob> runs;
};

} // namespace

class TestPipeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void blockingRunLoadsThenAnalyses()
    {
        const AnalysedJob run = loadAndAnalyse(scenario("order-deadlock"));
        QVERIFY(run.usable());
        QCOMPARE(run.job->dumps.size(), std::size_t(4));
        QCOMPARE(run.analysis->job->worldSize, 4);
        QCOMPARE(run.analysis->verdict, Verdict::Stop); // a collective-order deadlock: a restart hangs again
        QCOMPARE(run.analysis->job->processGroups.size(), run.job->processGroups.size());
        QCOMPARE(run.analysis->job.get(), run.job.get());
    }

    void explicitFilesSkipDiscovery()
    {
        LoadRequest request;
        for (int rank : {0, 2})
            request.files.push_back(
                {QStringLiteral(FD_TEST_DATA "/scenarios/healthy/_dump_%1").arg(rank), rank, {}});
        request.options.frPath = QStringLiteral("/nonexistent"); // ignored: the files are given
        const AnalysedJob run = loadAndAnalyse(request);
        QVERIFY(run.usable());
        QCOMPARE(run.job->dumps.size(), std::size_t(2));
        QCOMPARE(run.job->dumps.back().rank, 2);
    }

    void cancelledRunStopsBeforeTheAnalysis()
    {
        std::atomic<bool> cancel{true};
        bool analysing = false;
        PipelineControl control;
        control.cancel = &cancel;
        control.analysing = [&] { analysing = true; };
        const AnalysedJob run = loadAndAnalyse(scenario("healthy"), control);
        QVERIFY(!run.job);
        QVERIFY(!run.analysis);
        QVERIFY(!analysing);
    }

    void runnerReportsProgressThenTheAnalysedJob()
    {
        PipelineRunner runner;
        Delivered delivered(runner);
        QSignalSpy progress(&runner, &PipelineRunner::progress);
        QSignalSpy analysing(&runner, &PipelineRunner::analysing);
        runner.start(scenario("stops-issuing"));
        QVERIFY(runner.isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(delivered.runs.size(), std::size_t(1), 30000);
        QVERIFY(!runner.isRunning());
        QCOMPARE(analysing.size(), 1);
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.last().at(0).toInt(), 4); // every file read before the result
        QCOMPARE(progress.last().at(1).toInt(), 4);
        const AnalysedJob& run = delivered.runs.front();
        QVERIFY(run.usable());
        QCOMPARE(run.analysis->hangingRanks(), std::vector<int>{2}); // what tests/data/scenarios expects
    }

    void progressOfManyFilesComesInWholeStepsUpToTheLast()
    {
        LoadRequest request;
        const int files = 1000;
        for (int rank = 0; rank < files; ++rank) // one small dump read as a thousand ranks
            request.files.push_back({QStringLiteral(FD_TEST_DATA "/scenarios/healthy/_dump_0"), rank, {}});
        PipelineRunner runner;
        Delivered delivered(runner);
        QSignalSpy progress(&runner, &PipelineRunner::progress);
        runner.start(request);
        QTRY_COMPARE_WITH_TIMEOUT(delivered.runs.size(), std::size_t(1), 60000);
        QVERIFY(progress.size() >= 2);
        QVERIFY2(progress.size() <= 201, qPrintable(QString::number(progress.size()))); // not one per file
        for (qsizetype i = 1; i < progress.size(); ++i)
            QVERIFY(progress.at(i).at(0).toInt() > progress.at(i - 1).at(0).toInt()); // never backwards
        QCOMPARE(progress.last().at(0).toInt(), files);
        QCOMPARE(progress.last().at(1).toInt(), files);
    }

    void newerRunSupersedesTheOlder()
    {
        PipelineRunner runner;
        Delivered delivered(runner);
        runner.start(scenario("order-deadlock"));
        runner.start(scenario("healthy"));
        QTRY_COMPARE_WITH_TIMEOUT(delivered.runs.size(), std::size_t(1), 30000);
        QTest::qWait(100); // the superseded run, had it been delivered late, would be here by now
        QCOMPARE(delivered.runs.size(), std::size_t(1));
        QVERIFY(delivered.runs.front().job->source.endsWith(QLatin1String("/healthy")));
        QCOMPARE(delivered.runs.front().analysis->verdict, Verdict::NoHang);
    }

    void cancelledRunReportsNothing()
    {
        PipelineRunner runner;
        Delivered delivered(runner);
        QSignalSpy analysing(&runner, &PipelineRunner::analysing);
        runner.start(scenario("order-deadlock"));
        runner.cancel();
        QVERIFY(!runner.isRunning());
        runner.start(scenario("healthy")); // a later run still arrives, alone
        QTRY_COMPARE_WITH_TIMEOUT(delivered.runs.size(), std::size_t(1), 30000);
        QTest::qWait(100);
        QCOMPARE(delivered.runs.size(), std::size_t(1));
        QVERIFY(delivered.runs.front().job->source.endsWith(QLatin1String("/healthy")));
        QCOMPARE(analysing.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestPipeline)
#include "tst_pipeline.moc"
