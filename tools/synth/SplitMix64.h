#pragma once

#include <cstdint>

namespace fd::synth {

// splitmix64: tiny, fast and identical on every platform, unlike std::uniform_*_distribution, so a seed names
// the same job everywhere (the committed fixtures and the attribution evaluation depend on that).
struct SplitMix64
{
    std::uint64_t s;
    std::uint64_t next()
    {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    // In [0, n); 0 without drawing when there is no choice.
    int below(int n) { return n <= 1 ? 0 : static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
    int between(int lo, int hi) { return lo + below(hi - lo + 1); } // inclusive
    bool chance(int percent) { return below(100) < percent; }
};

} // namespace fd::synth
