#pragma once

#include "TimeScale.h"
#include "TimelineLayout.h"

#include <QPalette>
#include <QRect>

#include <span>
#include <vector>

class QPainter;

namespace fd {

class LaneHistories;

// Where the timeline is looked at from: the visible x range, lane height and vertical scroll, in a target
// rectangle that holds the rank header column on the left and the ruler on top.
struct TimelineViewport
{
    static constexpr int kHeaderWidth = 78;
    static constexpr int kRulerHeight = 22;

    QRect rect;
    int headerWidth = kHeaderWidth; // wider when lanes carry health badges (laneHeaderWidth())
    TimeScale scale;                // width() == lanesRect().width()
    double laneHeight = 16;
    double scrollY = 0;    // pixels scrolled down from the first lane
    int selectedLane = -1; // the clicked box (row of TimelineLayout::rows(), box of its lane), outlined
    int selectedBox = -1;
    std::uint32_t selectedPg = kNoPg; // the selected collective, outlined on every lane
    std::int64_t selectedSeq = Entry::kAbsent;
    // The clicked older entry (a box of the row's history lane, LaneHistories::laneFor()), outlined.
    int selectedOlderRow = -1;
    int selectedOlderBox = -1;
    // The lanes' entries the loaded window left out, as far as they were read again; null: drawn from their
    // density only.
    const LaneHistories* histories = nullptr;

    QRect lanesRect() const;
    double laneTop(int lane) const { return lanesRect().top() + lane * laneHeight - scrollY; }
    double contentHeight(std::size_t lanes) const { return double(lanes) * laneHeight; }
};

struct TimelineHit
{
    int lane = -1; // a row of TimelineLayout::rows(); its box is one of that row's lane
    int box = -1;
    bool isValid() const { return lane >= 0 && box >= 0; }
};

struct TimelinePaintStats
{
    int lanesPainted = 0;
    std::size_t boxesVisited = 0;
    std::size_t rectsDrawn = 0;
};

// Paints a TimelineLayout with level of detail: only lanes and boxes in view (binary search), boxes that
// land on pixels already painted are skipped and runs of tiny boxes of one state merge into one rectangle.
// Used by the widget, the exporters and the benchmark alike.
TimelinePaintStats paintTimeline(QPainter& painter, const TimelineLayout& layout,
                                 const TimelineViewport& viewport, const QPalette& palette);

// A picture of the timeline (exports): every lane fits `size` (lanes at most 22 px tall), x from `start` to
// `end`.
TimelinePaintStats paintTimelinePicture(QPainter& painter, const TimelineLayout& layout, QSize size,
                                        const QPalette& palette, double start, double end);

// The same in two layers, so a widget can keep the first in an image (TimelineRenderCache): everything but
// the selection, then the selected collective's outlines on top.
struct TimelineBoxRef
{
    int lane = -1; // a row of TimelineLayout::rows()
    int box = -1;
};
TimelinePaintStats paintTimelineBase(QPainter& painter, const TimelineLayout& layout,
                                     const TimelineViewport& viewport, const QPalette& palette);
// The clicked box and every box of the selected collective (viewport.selectedPg/selectedSeq).
std::vector<TimelineBoxRef> selectedBoxes(const TimelineLayout& layout, const TimelineViewport& viewport);
void paintTimelineSelection(QPainter& painter, const TimelineLayout& layout, const TimelineViewport& viewport,
                            const QPalette& palette, std::span<const TimelineBoxRef> boxes);

// The row under `pos` (header column included), -1 outside the rows.
int laneAt(const TimelineViewport& viewport, const TimelineLayout& layout, QPointF pos);
TimelineHit hitTestTimeline(const TimelineLayout& layout, const TimelineViewport& viewport, QPointF pos);
// The box of `lane` (a lane of its own, such as a history lane) under `pos` on row `row`, -1 without one.
int boxAtTimeline(const TimelineLane& lane, const TimelineViewport& viewport, QPointF pos);
// The older entry under `pos`: a box of the history lane (LaneHistories) of the row there, where that lane
// is drawn box by box.
struct TimelineOlderHit
{
    int row = -1;                       // a row of TimelineLayout::rows()
    const TimelineLane* lane = nullptr; // its history lane
    int box = -1;
    bool isValid() const { return lane && box >= 0; }
};
TimelineOlderHit hitTestOlder(const TimelineLayout& layout, const TimelineViewport& viewport, QPointF pos);

} // namespace fd
