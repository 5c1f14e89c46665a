// The charts' data at job scale (ui/charts/ChartData.h): per-sequence statistics across a PG's ranks, the
// slowest ranks on their own, and a point budget no job can exceed. And the chart widgets on a job too large
// to compute inline: they show the data once the worker hands it over.
#include "charts/ChartData.h"
#include "charts/ProgressChart.h"
#include "support/LatestResult.h"
#include "support/SyntheticJob.h"
#include "support/UiTestSetup.h"

#include <QSignalSpy>
#include <QTest>

using namespace fd;

namespace {

// The first PG that has timed collectives (the synthetic job's default PG has barriers only now and then).
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
        SyntheticJobSpec spec;
        spec.worldSize = 32;
        spec.entriesPerRank = 120;
        const std::shared_ptr<Job> made = makeSyntheticJob(spec);
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
        // SyntheticJob adds 0.01 ms per (rank % 7): the slowest members are those with rank % 7 == 6, then 5.
        QCOMPARE(data.slowest.size(), std::size_t(2));
        QCOMPARE(data.slowest[0].rank % 7, 6);
        QVERIFY(data.slowest[0].meanMs >= data.slowest[1].meanMs);
    }

    void oneSlowOpShowsInMaxAndInItsRank()
    {
        SyntheticJobSpec spec;
        spec.worldSize = 16;
        spec.entriesPerRank = 60;
        const std::shared_ptr<Job> made = makeSyntheticJob(spec);
        const std::uint32_t pg = timedPg(*made);
        QVERIFY(pg != kNoPg);
        // Rank 3 (rank % 7 == 3: never among the naturally slow) takes 500 ms on one collective.
        const int slowRank = memberWithRemainder3(*made, pg);
        QVERIFY(slowRank >= 0);
        std::int64_t slowSeq = -1;
        for (RankDump& d : made->dumps)
            if (d.rank == slowRank)
                for (std::size_t i = 0; i < d.entries.size(); ++i)
                    if (const Entry& e = d.entries[i]; e.pgIndex == pg && !e.isP2p && d.details[i].hasDuration()) {
                        d.details[i].durationMs = 500;
                        slowSeq = e.collectiveSeqId;
                        break;
                    }
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
        SyntheticJobSpec spec;
        spec.worldSize = 512;
        spec.tp = 1;
        spec.pp = 1; // one DP group of all 512 ranks
        spec.entriesPerRank = 400;
        const std::shared_ptr<Job> made = makeSyntheticJob(spec);
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
        SyntheticJobSpec spec;
        spec.worldSize = 64;
        spec.tp = 1;
        spec.pp = 1;
        spec.hangRank = 5;
        const Session made = makeSyntheticSession(spec);
        const std::uint32_t pg = frontierOf(made).pgIndex;
        QVERIFY(pg < made.job->processGroups.size());
        const ProgressChartData data = computeProgressChart(*made.job, pg);
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
        SyntheticJobSpec spec;
        spec.worldSize = 256;
        spec.entriesPerRank = 400; // beyond fitsInline: computed on a worker
        const Session s = makeSyntheticSession(spec);
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

private:
    // A member of `pg` with rank % 7 == 3.
    static int memberWithRemainder3(const Job& job, std::uint32_t pg)
    {
        for (int r : job.processGroups[pg].ranks)
            if (r % 7 == 3)
                return r;
        return -1;
    }
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
