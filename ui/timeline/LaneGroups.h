#pragma once

#include "TimelineLayout.h"

#include <QString>

class QFontMetrics;

#include <span>
#include <utility>
#include <vector>

namespace fd {

// Up to this many lanes every rank keeps its own row, in the layout's order: they fit on a screen.
constexpr std::size_t kGroupLanesAbove = 24;

// The rows of `layout`'s lanes for the x range `window`. Above kGroupLanesAbove lanes, ranks whose lanes are
// identical in the window (the same boxes: op, kind of PG, state and slot; the same health and role) share
// one row, placed where its first member's lane is; culprits and the ranks in `pinned` (the analysis'
// evidence peers) come first on rows of their own, and so do the ranks in `expanded` (sorted), where they
// are.
std::vector<TimelineRow> groupLanes(const TimelineLayout& layout, std::pair<double, double> window,
                                    std::span<const int> expanded, std::span<const int> pinned);

// What a row's header says: "rank 12", "rank 12 · node-a" where the dumps name its host (hostLabel()), "12 ✗"
// without a dump, "255 ranks: 0-129, 131-255" for a group.
QString rowLabel(const TimelineRow& row, const TimelineLane& lane);
// rowLabel() in at most `width` pixels of `metrics`: a host is elided in its middle (host names differ at
// their ends: "trainer-worker-0017", "node017"), the rank kept whole; a group keeps its count and names
// fewer of its ranks ("182 ranks: 0, 155, …"); anything else is elided right.
QString rowLabelFitting(const TimelineRow& row, const TimelineLane& lane, const QFontMetrics& metrics,
                        int width);

} // namespace fd
