#pragma once

#include <QString>

#include <cstdint>

namespace fd {

// A wall-clock time in ns since the epoch as "hh:mm:ss.zzz" (UTC), or "" for Entry::kNoTime.
QString formatWallTime(std::int64_t ns);
// A duration in ns as "1.25 ms", "3.0 s", ...
QString formatDurationNs(double ns);
// A host as a label names it: a fully qualified name's first part ("ip-10-0-3-17" of
// "ip-10-0-3-17.us-west-2.compute.internal": a job's hosts share their domain), anything else whole (an IP
// address, a short name). Tooltips name the host whole.
QString hostLabel(const QString& host);

} // namespace fd
