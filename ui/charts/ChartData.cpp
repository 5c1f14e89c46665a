#include "ChartData.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace fd {

namespace {

struct Sample
{
    std::int64_t seq;
    float ms;
    int rank;
};

// The value at quantile q (0..1) of `values`, which it partially reorders (nearest rank).
float quantile(std::vector<float>& values, double q)
{
    const auto k = std::size_t(std::llround(q * double(values.size() - 1)));
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(k), values.end());
    return values[k];
}

} // namespace

int DurationChartData::pointCount() const
{
    int n = int(min.size() + median.size() + p95.size() + max.size());
    for (const RankSeries& s : slowest)
        n += int(s.points.size());
    return n;
}

DurationChartData computeDurationChart(const Job& job, std::uint32_t pgIndex, int slowRanks, int maxPoints)
{
    DurationChartData out;
    out.pgIndex = pgIndex;
    if (pgIndex >= job.processGroups.size())
        return out;

    std::vector<Sample> samples;
    struct RankTotal
    {
        int rank;
        double sum = 0;
        int count = 0;
    };
    std::vector<RankTotal> totals;
    for (int rank : job.processGroups[pgIndex].ranks) {
        const RankDump* dump = job.dumpForRank(rank);
        if (!dump)
            continue;
        RankTotal t{rank};
        for (std::size_t i = 0; i < dump->entries.size(); ++i) {
            const Entry& e = dump->entries[i];
            const EntryTimes& d = dump->timesOf(i);
            if (e.pgIndex == pgIndex && !e.isP2p && d.hasDuration() && e.collectiveSeqId != Entry::kAbsent) {
                samples.push_back({e.collectiveSeqId, float(d.durationMs), rank});
                t.sum += d.durationMs;
                ++t.count;
            }
        }
        if (t.count > 0)
            totals.push_back(t);
    }
    out.ranksWithTiming = int(totals.size());
    if (samples.empty())
        return out;

    std::sort(samples.begin(), samples.end(), [](const Sample& a, const Sample& b) { return a.seq < b.seq; });
    out.loSeq = double(samples.front().seq);
    out.hiSeq = double(samples.back().seq);
    for (std::size_t i = 0; i < samples.size(); ++i)
        out.sequences += i == 0 || samples[i].seq != samples[i - 1].seq;

    // The slowest ranks by mean duration: the ones to look at first.
    std::sort(totals.begin(), totals.end(), [](const RankTotal& a, const RankTotal& b) {
        const double ma = a.sum / a.count, mb = b.sum / b.count;
        return ma != mb ? ma > mb : a.rank < b.rank;
    });
    const std::size_t slowCount =
        totals.size() > 1 ? std::min<std::size_t>(std::size_t(std::max(0, slowRanks)), totals.size()) : 0;
    std::map<int, std::size_t> slowIndex;
    for (std::size_t i = 0; i < slowCount; ++i) {
        out.slowest.push_back({totals[i].rank, totals[i].sum / totals[i].count, {}});
        slowIndex[totals[i].rank] = i;
    }

    // Buckets of consecutive sequence ids, so that every series stays within the point budget.
    const int seriesCount = 4 + int(slowCount);
    const int perSeries = std::max(1, maxPoints / seriesCount);
    out.seqsPerPoint = std::max(1, int(std::ceil(double(out.hiSeq - out.loSeq + 1) / perSeries)));
    if (out.sequences <= perSeries)
        out.seqsPerPoint = 1;
    const auto bucketOf = [&](std::int64_t seq) { return (seq - samples.front().seq) / out.seqsPerPoint; };

    std::vector<float> values;
    std::vector<float> slowMax(slowCount);
    std::vector<bool> slowSeen(slowCount);
    for (std::size_t i = 0; i < samples.size();) {
        const std::int64_t bucket = bucketOf(samples[i].seq);
        values.clear();
        std::fill(slowSeen.begin(), slowSeen.end(), false);
        double seqSum = 0;
        std::size_t j = i;
        for (; j < samples.size() && bucketOf(samples[j].seq) == bucket; ++j) {
            values.push_back(samples[j].ms);
            seqSum += double(samples[j].seq);
            auto it = slowIndex.find(samples[j].rank);
            if (it != slowIndex.end()) {
                const std::size_t s = it->second;
                slowMax[s] = slowSeen[s] ? std::max(slowMax[s], samples[j].ms) : samples[j].ms;
                slowSeen[s] = true;
            }
        }
        const double x = out.seqsPerPoint == 1 ? double(samples[i].seq) : seqSum / double(j - i);
        const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
        out.min.append({x, double(*lo)});
        out.max.append({x, double(*hi)});
        out.maxMs = std::max(out.maxMs, double(*hi));
        out.median.append({x, double(quantile(values, 0.5))});
        out.p95.append({x, double(quantile(values, 0.95))});
        for (std::size_t s = 0; s < slowCount; ++s)
            if (slowSeen[s])
                out.slowest[s].points.append({x, double(slowMax[s])});
        i = j;
    }
    return out;
}

ProgressChartData computeProgressChart(const Analysis& analysis, std::uint32_t pgIndex, int maxBars)
{
    ProgressChartData out;
    out.pgIndex = pgIndex;
    if (!analysis.processGroup(pgIndex))
        return out;
    std::map<std::pair<std::int64_t, std::int64_t>, std::vector<int>> byProgress; // (completed, enqueued)
    for (int rank : analysis.pgMembers(pgIndex)) {
        const RankPgProgress* p = analysis.progress(rank, pgIndex);
        byProgress[{p ? p->lastCompleted : -1, p ? p->lastEnqueued : -1}].push_back(
            rank); // each group stays sorted
    }
    double lo = 1e300, hi = -1e300;
    for (auto& [key, ranks] : byProgress) {
        if (int(out.bars.size()) == std::max(1, maxBars)) {
            out.otherRanks += int(ranks.size());
            continue;
        }
        out.bars.push_back({std::move(ranks), key.second, key.first});
        lo = std::min({lo, double(key.first), double(key.second)});
        hi = std::max({hi, double(key.first), double(key.second)});
    }
    out.lo = lo;
    out.hi = hi;
    return out;
}

StragglerChartData computeStragglerChart(const Analysis& analysis, const Job* job, int maxBars)
{
    StragglerChartData out;
    const StragglerAnalysis& l = analysis.lateness;
    out.byStart = !l.stragglers.empty() &&
                  std::all_of(l.stragglers.begin(), l.stragglers.end(),
                              [](const Straggler& s) { return s.basis == LatenessBasis::Start; });
    const LatenessBasis basis = out.byStart ? LatenessBasis::Start : LatenessBasis::Enqueue;
    for (const RankLateness& r : l.perRank) {
        if (r.basis != basis)
            continue;
        const RankDump* dump = job ? job->dumpForRank(r.rank) : nullptr;
        out.ranks.push_back({r.rank, r.medianMs, r.straggler, dump ? dump->host : QString()});
        out.hosts = out.hosts || !out.ranks.back().host.isEmpty();
        out.stragglers += r.straggler;
        out.lo = std::min(out.lo, r.medianMs);
        out.hi = std::max(out.hi, r.medianMs);
    }
    out.strip = out.ranks.size() > std::size_t(std::max(0, maxBars));
    if (out.strip)
        std::sort(out.ranks.begin(), out.ranks.end(), [](const auto& a, const auto& b) {
            return std::tie(a.medianMs, a.rank) < std::tie(b.medianMs, b.rank);
        });
    return out;
}

} // namespace fd
