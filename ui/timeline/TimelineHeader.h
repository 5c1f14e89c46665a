#pragma once

#include "TimelineLayout.h"

#include <QString>

class QFont;
class QPainter;
class QPalette;
class QRectF;

namespace fd {

// The lane header column on the left of the timeline: the rank, the culprit fill and the rank's health
// badge (NVRx -c checks from the analysis' RankFinding::health: a red pill naming the failed components, "GPU ✗", or a
// green dot when every check passed).

// Width of the header column for `layout`: room for the widest badge when some rank has one.
int laneHeaderWidth(const TimelineLayout& layout, const QFont& font);
void paintLaneHeader(QPainter& p, const TimelineLane& lane, const QRectF& header, const QPalette& pal);
// What hovering a lane header shows: the rank, why it is a culprit, its health checks.
QString laneHeaderTooltip(const TimelineLayout& layout, const TimelineLane& lane);

} // namespace fd
