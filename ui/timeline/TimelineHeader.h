#pragma once

#include "TimelineLayout.h"

#include <QString>

class QFont;
class QPainter;
class QPalette;
class QRectF;

namespace fd {

// The lane header column on the left of the timeline: the rank (and its host where the dumps name one), the
// culprit fill and the rank's health badge (NVRx -c checks from the analysis' RankFinding::health: a red
// pill naming the failed components, "GPU ✗", or a green dot when every check passed).

// A group row's header names its ranks ("255 ranks: 0-129, 131-255") on a shaded background; past its cap,
// the count and as many runs of them as fit ("182 ranks: 0, 155, 160, …"), the tooltip naming more.

// Width of the header column for `layout`: room for the widest group or host label (each capped: the label
// is elided past it) and the widest badge.
int laneHeaderWidth(const TimelineLayout& layout, const QFont& font);
void paintLaneHeader(QPainter& p, const TimelineRow& row, const TimelineLane& lane, const QRectF& header,
                     const QPalette& pal);
// What hovering a row header shows: the rank and its host (or the group's ranks, their hosts and how to
// expand it), why it is a culprit, its health checks.
QString laneHeaderTooltip(const TimelineLayout& layout, const TimelineRow& row);

} // namespace fd
