#pragma once

namespace fd {

struct Analysis;

// Fills Analysis::rankGroups from the finished attribution: every culprit alone, then the other ranks grouped
// by what the analysis says of them (their kind, and for a victim the PG and collective it is blocked in),
// largest group first. A view of 16384 ranks shows a few groups instead of 16384 lanes, and never hides a
// culprit inside one.
void groupRanks(Analysis& a);

} // namespace fd
