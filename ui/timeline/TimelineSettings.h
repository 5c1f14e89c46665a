#pragma once

#include "TimelineLayout.h"
#include "TimelinePainter.h"

namespace fd {

// The timeline preferences that outlive a session and a run, in QSettings group "timeline": x axis
// ("xMode": sequence | wallTime), lane order ("laneOrder": rank | pg | progress) and lane height
// ("laneHeight", pixels). The job-specific options (PG filter, rank range, group kind) are not kept.
// Unknown or missing values read as the defaults.
struct TimelinePrefs
{
    TimelineXMode xMode = TimelineXMode::Sequence;
    LaneOrder order = LaneOrder::ByRank;
    double laneHeight = TimelineViewport{}.laneHeight;
};

TimelinePrefs loadTimelinePrefs();
// Stores the x axis and the lane order of `options`.
void saveTimelineOptions(const TimelineOptions& options);
void saveTimelineLaneHeight(double pixels);

} // namespace fd
