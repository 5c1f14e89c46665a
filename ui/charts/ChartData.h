#pragma once

#include "core/analysis/Analysis.h"
#include "core/model/Job.h"

#include <QList>
#include <QPointF>
#include <QString>

#include <cstdint>
#include <vector>

namespace fd {

// What the charts draw, computed from the Job alone (no QtCharts, no widgets) so it can be built on a worker
// thread and swapped into the chart in one go. However many ranks and entries the job has, a chart holds at
// most about kMaxChartPoints points: per-sequence statistics across the PG's ranks instead of one point per
// rank and entry, and the few slowest ranks on their own.
inline constexpr int kMaxChartPoints = 10000;

// Op durations (TORCH_NCCL_ENABLE_TIMING) of one PG's collectives against their sequence id.
struct DurationChartData
{
    struct RankSeries
    {
        int rank = -1;
        double meanMs = 0;
        QList<QPointF> points; // (seq, ms); with buckets, the rank's longest op in each
    };
    std::uint32_t pgIndex = 0xffffffffu;
    // Across the PG's ranks, per sequence id (or per bucket of sequence ids when there are too many).
    QList<QPointF> min, median, p95, max;
    std::vector<RankSeries> slowest; // highest mean duration first
    int ranksWithTiming = 0;
    int sequences = 0;    // distinct sequence ids with a duration
    int seqsPerPoint = 1; // > 1: sequence ids were bucketed to stay under the point budget
    double loSeq = 0, hiSeq = 0, maxMs = 0;

    bool isEmpty() const { return sequences == 0; }
    int pointCount() const;
};

DurationChartData computeDurationChart(const Job& job, std::uint32_t pgIndex, int slowRanks = 3,
                                       int maxPoints = kMaxChartPoints);

// How far each member of one PG got (last enqueued / completed sequence id: pg_status, else its entries).
// Ranks that got equally far share one bar labelled with their ranks ("255 ranks: 0-129, 131-255"); bars
// are ordered from the rank that got least far, so the laggards are on the left.
struct ProgressChartData
{
    struct Bar
    {
        std::vector<int> ranks; // sorted
        std::int64_t lastEnqueued = -1;
        std::int64_t lastCompleted = -1;
    };
    std::uint32_t pgIndex = 0xffffffffu;
    std::vector<Bar> bars;
    int otherRanks = 0; // ranks in the PG beyond the bars shown (they got further than every bar)
    double lo = 0, hi = 0;
};

// The PG's members grouped by how far they got there (Analysis::progress()), least first.
ProgressChartData computeProgressChart(const Analysis& analysis, std::uint32_t pgIndex, int maxBars = 24);

// How late each rank joins its collectives (Analysis::lateness, all its PGs together), on the CPU's enqueue
// times, or on the GPU's start times when every straggler was found by those. Up to maxBars ranks are one bar
// each, by rank; more would not read, so a larger job is a strip: every rank a point, sorted by its median
// lateness, so the bulk shows as a curve and the stragglers stand out at its end. Each rank carries its host
// (RankDump::host) where the job's files name one.
struct StragglerChartData
{
    struct Rank
    {
        int rank = -1;
        double medianMs = 0;
        bool straggler = false;
        QString host; // empty where the dumps name none
    };
    bool byStart = false;
    bool strip = false;
    std::vector<Rank> ranks; // bars: by rank; strip: by median lateness, then rank
    int stragglers = 0;
    bool hosts = false;    // some rank has a host
    double lo = 0, hi = 0; // of the medians, and 0
};

// `job` (the analysed one) gives the hosts; without it the ranks have none.
StragglerChartData computeStragglerChart(const Analysis& analysis, const Job* job, int maxBars = 64);

} // namespace fd
