#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace fd {

// The median absolute deviation of a normal distribution times this is its standard deviation.
inline constexpr double kMadToSigma = 1.4826;

// Order statistics of the union of sorted runs of floats, without merging or copying them: the straggler
// analysis asks for the median of a PG's members' values without one member's, for each member, which a
// copy per member would make quadratic in the PG's size. Each answer is the value std::nth_element would
// find in the union's copy, bit for bit: a binary search over the floats' order, counting in every run.
class SortedRuns
{
public:
    static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

    // A run sorted ascending, without NaN or -0 (a zero is answered as +0); it must outlive this object.
    void add(const float* begin, const float* end);
    void add(const std::vector<float>& sorted) { add(sorted.data(), sorted.data() + sorted.size()); }
    std::size_t runs() const { return m_runs.size(); }
    // Values in every run but `skip`.
    std::size_t size(std::size_t skip = kNone) const;

    // The value at `q` (0..1) of all runs but `skip`: the k-th smallest, k = floor(q (n - 1) + 0.5); 0 when
    // there is none.
    double quantile(double q, std::size_t skip = kNone) const;
    // Median, and sigma (1.4826 x the median absolute deviation from that median, taken in float), of all
    // runs but `skip`; (0, 0) when there is none.
    std::pair<double, double> centreAndSpread(std::size_t skip = kNone) const;

private:
    float kth(std::size_t k, std::size_t skip) const;
    float kthDistance(std::size_t k, float centre, std::size_t skip) const;
    std::vector<std::pair<const float*, const float*>> m_runs;
};

} // namespace fd
