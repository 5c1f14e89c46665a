// SortedRuns (the straggler analysis' order statistics over sorted runs) against std::nth_element on a copy
// of the union, bit for bit: random runs with ties, negatives and zeros, every run left out in turn.
#include "core/analysis/SortedRuns.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

using namespace fd;

namespace {

float kthOfCopy(std::vector<float> v, double q)
{
    const auto k = static_cast<std::ptrdiff_t>(std::floor(q * double(v.size() - 1) + 0.5));
    std::nth_element(v.begin(), v.begin() + k, v.end());
    return v[std::size_t(k)];
}

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

class TstSortedRuns : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void matchesACopy()
    {
        std::mt19937 rng(7);
        for (int round = 0; round < 200; ++round) {
            const int runCount = 1 + int(rng() % 9);
            std::vector<std::vector<float>> runs(static_cast<std::size_t>(runCount));
            for (auto& run : runs) {
                const int n = int(rng() % 40); // empty runs too
                std::normal_distribution<float> late(float(rng() % 5) - 2.0f, 0.1f + float(rng() % 30));
                for (int i = 0; i < n; ++i)
                    run.push_back(rng() % 7 == 0 ? 0.0f
                                                 : std::round(late(rng) * 8) / 8 + 0.0f); // ties; no -0
                std::sort(run.begin(), run.end());
            }
            SortedRuns sorted;
            for (const auto& run : runs)
                sorted.add(run);
            for (std::size_t skip = 0; skip <= runs.size(); ++skip) {
                const std::size_t leftOut = skip == runs.size() ? SortedRuns::kNone : skip;
                std::vector<float> all;
                for (std::size_t r = 0; r < runs.size(); ++r)
                    if (r != leftOut)
                        all.insert(all.end(), runs[r].begin(), runs[r].end());
                QCOMPARE(sorted.size(leftOut), all.size());
                const auto [centre, spread] = sorted.centreAndSpread(leftOut);
                if (all.empty()) {
                    QCOMPARE(centre, 0.0);
                    QCOMPARE(spread, 0.0);
                    QCOMPARE(sorted.quantile(0.9, leftOut), 0.0);
                    continue;
                }
                for (const double q : {0.0, 0.1, 0.5, 0.9, 1.0})
                    QVERIFY(sameBits(sorted.quantile(q, leftOut), kthOfCopy(all, q)));
                const float m = kthOfCopy(all, 0.5);
                QVERIFY(sameBits(centre, m));
                std::vector<float> distances;
                for (const float x : all)
                    distances.push_back(std::abs(x - m));
                QVERIFY(sameBits(spread, 1.4826 * double(kthOfCopy(distances, 0.5))));
            }
        }
    }
};

QTEST_MAIN(TstSortedRuns)
#include "tst_sortedruns.moc"
