#include "SortedRuns.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace fd {

namespace {

// A key whose unsigned order is the floats' order (-0 just before +0, which compare equal).
std::uint32_t orderKey(float f)
{
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    return (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
}

float fromOrderKey(std::uint32_t key)
{
    const std::uint32_t bits = (key & 0x80000000u) ? (key & 0x7fffffffu) : ~key;
    float f = 0;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

// The smallest float in [lo, hi] for which countUpTo(value) > k; countUpTo must not decrease with the value
// and exceed k at hi. Such a value is one of the counted values; a zero is +0, as arithmetic gives zeros.
template <typename Count> float smallestReaching(float lo, float hi, std::size_t k, Count countUpTo)
{
    std::uint32_t a = orderKey(lo), b = orderKey(hi);
    while (a < b) {
        const std::uint32_t mid = a + (b - a) / 2;
        if (countUpTo(fromOrderKey(mid)) > k)
            b = mid;
        else
            a = mid + 1;
    }
    const float found = fromOrderKey(a);
    return found == 0.0f ? 0.0f : found;
}

} // namespace

void SortedRuns::add(const float* begin, const float* end)
{
    m_runs.emplace_back(begin, end);
}

std::size_t SortedRuns::size(std::size_t skip) const
{
    std::size_t n = 0;
    for (std::size_t r = 0; r < m_runs.size(); ++r)
        if (r != skip)
            n += std::size_t(m_runs[r].second - m_runs[r].first);
    return n;
}

float SortedRuns::kth(std::size_t k, std::size_t skip) const
{
    float lo = INFINITY, hi = -INFINITY;
    for (std::size_t r = 0; r < m_runs.size(); ++r) {
        if (r == skip || m_runs[r].first == m_runs[r].second)
            continue;
        lo = std::min(lo, *m_runs[r].first);
        hi = std::max(hi, *(m_runs[r].second - 1));
    }
    return smallestReaching(lo, hi, k, [&](float v) {
        std::size_t n = 0;
        for (std::size_t r = 0; r < m_runs.size(); ++r)
            if (r != skip)
                n += std::size_t(std::upper_bound(m_runs[r].first, m_runs[r].second, v) - m_runs[r].first);
        return n;
    });
}

// The k-th smallest of |x - centre| as float arithmetic gives it: x - centre rounds monotonically in x, so
// the values within a distance form one stretch of each run around `centre`.
float SortedRuns::kthDistance(std::size_t k, float centre, std::size_t skip) const
{
    float hi = 0;
    for (std::size_t r = 0; r < m_runs.size(); ++r) {
        if (r == skip || m_runs[r].first == m_runs[r].second)
            continue;
        hi = std::max({hi, std::abs(*m_runs[r].first - centre), std::abs(*(m_runs[r].second - 1) - centre)});
    }
    return smallestReaching(0.0f, hi, k, [&](float d) {
        std::size_t n = 0;
        for (std::size_t r = 0; r < m_runs.size(); ++r) {
            if (r == skip)
                continue;
            const float* begin = m_runs[r].first;
            const float* end = m_runs[r].second;
            const float* mid = std::lower_bound(begin, end, centre);
            const float* right = std::partition_point(mid, end, [&](float x) { return x - centre <= d; });
            const float* left = std::partition_point(begin, mid, [&](float x) { return centre - x > d; });
            n += std::size_t(right - left);
        }
        return n;
    });
}

double SortedRuns::quantile(double q, std::size_t skip) const
{
    const std::size_t n = size(skip);
    if (n == 0)
        return 0;
    return kth(std::size_t(std::floor(q * double(n - 1) + 0.5)), skip);
}

std::pair<double, double> SortedRuns::centreAndSpread(std::size_t skip) const
{
    const std::size_t n = size(skip);
    if (n == 0)
        return {0.0, 0.0};
    const std::size_t k = std::size_t(std::floor(0.5 * double(n - 1) + 0.5));
    const float centre = kth(k, skip);
    return {centre, kMadToSigma * double(kthDistance(k, centre, skip))};
}

} // namespace fd
