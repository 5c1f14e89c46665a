// The charts' data at job scale (ui/charts/ChartData.h): per-sequence statistics across a PG's ranks, the
// slowest ranks on their own, and a point budget no job can exceed. And the chart widgets on a job too large
// to compute inline: they show the data once the worker hands it over.
#include "tests/ui/support/SynthSession.h"
#include "tests/ui/support/UiTestSetup.h"
#include "ui/charts/ChartData.h"
#include "ui/charts/DurationChart.h"
#include "ui/charts/ProgressChart.h"
#include "ui/support/LatestResult.h"

#include <QSignalSpy>
#include <QTest>

using namespace fd;
using namespace fd::test;

namespace {

// The first PG that has timed collectives.
std::uint32_t timedPg(const Job& job)
{
    for (std::uint32_t pg = 0; pg < job.processGroups.size(); ++pg)
        if (!computeDurationChart(job, pg).isEmpty())
            return pg;
    return kNoPg;
}

} // namespace

class TestCharts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void statisticsAreOrderedAndSlowestRanksComeFirst()
    {
        const std::shared_ptr<const Job> made = loadSyntheticJob(jobAtScale(32, 120, -1));
        const Job& job = *made;
        const std::uint32_t pg = timedPg(job);
        QVERIFY(pg != kNoPg);
        const DurationChartData data = computeDurationChart(job, pg, 2);
        QCOMPARE(data.seqsPerPoint, 1); // few sequences: one point per sequence id
        QCOMPARE(data.min.size(), data.sequences);
        QCOMPARE(data.ranksWithTiming, int(job.processGroups[pg].ranks.size()));
        for (qsizetype i = 0; i < data.min.size(); ++i) {
            QCOMPARE(data.min[i].x(), data.max[i].x());
            QVERIFY(data.min[i].y() <= data.median[i].y());
            QVERIFY(data.median[i].y() <= data.p95[i].y());
            QVERIFY(data.p95[i].y() <= data.max[i].y());
        }
        // The slowest ranks are those whose collectives in the PG took longest on average, slowest first.
        QCOMPARE(data.slowest.size(), std::size_t(2));
        QVERIFY(data.slowest[0].meanMs >= data.slowest[1].meanMs);
        for (int rank : job.processGroups[pg].ranks) {
            double sum = 0;
            int count = 0;
            const RankDump& dump = *job.dumpForRank(rank);
            for (std::size_t i = 0; i < dump.entries.size(); ++i) {
                const Entry& e = dump.entries[i];
                if (e.pgIndex == pg && !e.isP2p &&
                    dump.timesOf(i).hasDuration()) { // its collectives' durations
                    sum += dump.timesOf(i).durationMs;
                    ++count;
                }
            }
            QVERIFY(count > 0);
            const bool shown = rank == data.slowest[0].rank || rank == data.slowest[1].rank;
            QVERIFY2(shown || sum / count <= data.slowest[1].meanMs, qPrintable(QString::number(rank)));
            if (rank == data.slowest[0].rank)
                QCOMPARE(data.slowest[0].meanMs, sum / count);
        }
    }

    void oneSlowOpShowsInMaxAndInItsRank()
    {
        // One member takes 500 ms on one collective (fr-synth's take at most 8 ms): found on the job as
        // loaded, then set in its dump before the job is assembled again.
        const SyntheticJobOptions options = jobAtScale(16, 60, -1);
        const std::shared_ptr<const Job> plain = loadSyntheticJob(options);
        const std::uint32_t pg = timedPg(*plain);
        QVERIFY(pg != kNoPg);
        const int slowRank = plain->processGroups[pg].ranks.back();
        std::int64_t slowSeq = -1;
        std::size_t slowEntry = 0;
        const RankDump& d = *plain->dumpForRank(slowRank);
        for (std::size_t i = 0; i < d.entries.size() && slowSeq < 0; ++i)
            if (const Entry& e = d.entries[i]; e.pgIndex == pg && !e.isP2p && d.times[i].hasDuration()) {
                slowSeq = e.collectiveSeqId;
                slowEntry = i;
            }
        const std::shared_ptr<const Job> made = loadSyntheticJob(options, [&](JobInputs& inputs) {
            for (RankDump& dump : inputs.dumps)
                if (dump.rank == slowRank)
                    dump.times[slowEntry].durationMs = 500;
        });
        QVERIFY(slowSeq >= 0);
        const DurationChartData data = computeDurationChart(*made, pg, 1);
        QCOMPARE(data.maxMs, 500.0);
        QCOMPARE(data.slowest.front().rank, slowRank); // its mean is now the highest
        bool found = false;
        for (const QPointF& p : data.max)
            found = found || (p.x() == double(slowSeq) && p.y() == 500.0);
        QVERIFY(found);
        for (const QPointF& p : data.median)
            QVERIFY(p.y() < 500.0); // one rank does not move the median
    }

    void pointBudgetHoldsAtScale()
    {
        SyntheticJobOptions options = jobAtScale(512, 400, -1);
        options.tensorParallel = options.pipelineParallel = options.expertParallel =
            1; // one DP group of all ranks
        const std::shared_ptr<const Job> made = loadSyntheticJob(options);
        for (std::uint32_t pg = 0; pg < made->processGroups.size(); ++pg) {
            const DurationChartData data = computeDurationChart(*made, pg, 3, 600);
            QVERIFY2(data.pointCount() <= 600, qPrintable(QString::number(data.pointCount())));
            if (!data.isEmpty())
                QCOMPARE(data.min.size(), data.max.size());
        }
        const DurationChartData data = computeDurationChart(*made, timedPg(*made));
        QVERIFY(data.pointCount() <= kMaxChartPoints);
    }

    void progressBarsGroupRanksThatGotEquallyFar()
    {
        SyntheticJobOptions options = jobAtScale(64, 200, 5);
        options.tensorParallel = options.pipelineParallel = options.expertParallel =
            1; // one DP group of all ranks
        const Session made = synthSession(options);
        const std::uint32_t pg = frontierOf(made).pgIndex;
        QVERIFY(pg < made.job->processGroups.size());
        const ProgressChartData data = computeProgressChart(*made.analysis, pg);
        QVERIFY(data.bars.size() >= 2);
        QVERIFY(data.bars.size() < 64);
        // Least progress first: the hung rank is the first bar, alone.
        QCOMPARE(data.bars.front().ranks, std::vector<int>{5});
        std::size_t ranks = 0;
        for (const ProgressChartData::Bar& b : data.bars)
            ranks += b.ranks.size();
        QCOMPARE(int(ranks) + data.otherRanks, int(made.job->processGroups[pg].ranks.size()));
    }

    void widgetsShowWorkerResults()
    {
        const Session s = synthSession(jobAtScale(256, 400, 5)); // beyond fitsInline: computed on a worker
        QVERIFY(!fitsInline(s.job->entryCount()));
        DurationChart durations;
        ProgressChart progress;
        QSignalSpy durationsUpdated(&durations, &DurationChart::updated);
        QSignalSpy progressUpdated(&progress, &ProgressChart::updated);
        durations.setSession(s);
        progress.setSession(s);
        QVERIFY(test::waitForBackgroundViews());
        QVERIFY(!durationsUpdated.isEmpty());
        QVERIFY(!progressUpdated.isEmpty());
        QVERIFY(durations.pointCount() > 0);
        QVERIFY(durations.pointCount() <= kMaxChartPoints);
        QCOMPARE(durations.seriesCount(), 4 + 3); // min, median, p95, max and three slowest ranks
        QVERIFY(progress.barCount() >= 2);
    }
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
