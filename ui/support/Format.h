#pragma once

#include <QString>

#include <cstdint>

namespace fd {

// A wall-clock time in ns since the epoch as "hh:mm:ss.zzz" (UTC), or "" for Entry::kNoTime.
QString formatWallTime(std::int64_t ns);
// A duration in ns as "1.25 ms", "3.0 s", ...
QString formatDurationNs(double ns);

} // namespace fd
