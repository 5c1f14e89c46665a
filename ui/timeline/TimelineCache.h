#pragma once

#include "TimelinePainter.h"

#include <QImage>
#include <QString>

#include <vector>

namespace fd {

// Keeps the timeline's lanes (everything but the selection) as an image, so repaints that change nothing
// in them (hover, tooltips, a click that selects another collective, the rubber band) are one blit plus
// the selection outlines instead of a walk over every lane. The image is rebuilt when the layout (options,
// filter, session), the x range, lane height, scroll, size, palette or font change.
class TimelineRenderCache
{
public:
    TimelinePaintStats paint(QPainter& painter, const TimelineLayout& layout,
                             const TimelineViewport& viewport, const QPalette& palette,
                             qreal devicePixelRatio = 1);
    void invalidate() { m_key = {}; }
    bool lastPaintWasCached() const { return m_hit; }

private:
    struct Key
    {
        std::uint64_t generation = 0; // 0: nothing cached
        QSize size;
        int headerWidth = 0;
        double start = 0, end = 0, width = 0;
        double laneHeight = 0, scrollY = 0;
        qint64 palette = 0;
        QString font;
        qreal dpr = 1;
        std::uint64_t histories = 0; // LaneHistories::generation()
        bool operator==(const Key&) const = default;
    };
    struct SelectionKey
    {
        std::uint64_t generation = 0;
        std::uint32_t pg = kNoPg;
        std::int64_t seq = 0;
        int lane = -1, box = -1;
        bool operator==(const SelectionKey&) const = default;
    };

    QImage m_image;
    Key m_key;
    SelectionKey m_selectionKey;
    std::vector<TimelineBoxRef> m_selection;
    bool m_hit = false;
};

} // namespace fd
