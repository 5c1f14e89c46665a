#pragma once

#include <QString>

#include <cstdint>
#include <span>

namespace fd {

// "0-3, 8, 12-15": rank lists stay short in labels and tooltips.
QString formatRanks(std::span<const int> ranks, int maxParts = 8);
// A wall-clock time in ns since the epoch as "hh:mm:ss.zzz" (UTC), or "" for Entry::kNoTime.
QString formatWallTime(std::int64_t ns);
// A duration in ns as "1.25 ms", "3.0 s", ...
QString formatDurationNs(double ns);

} // namespace fd
