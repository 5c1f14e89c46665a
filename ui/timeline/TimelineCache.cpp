#include "TimelineCache.h"

#include "LaneHistories.h"

#include <QPainter>

namespace fd {

TimelinePaintStats TimelineRenderCache::paint(QPainter& p, const TimelineLayout& layout,
                                              const TimelineViewport& vp, const QPalette& pal, qreal dpr)
{
    const Key key{layout.generation(),
                  vp.rect.size(),
                  vp.headerWidth,
                  vp.scale.start(),
                  vp.scale.end(),
                  vp.scale.width(),
                  vp.laneHeight,
                  vp.scrollY,
                  pal.cacheKey(),
                  p.font().key(),
                  dpr,
                  vp.histories ? vp.histories->generation() : 0};
    TimelinePaintStats stats;
    m_hit = key == m_key;
    if (!m_hit) {
        m_image = QImage(vp.rect.size() * dpr, QImage::Format_ARGB32_Premultiplied);
        m_image.setDevicePixelRatio(dpr);
        QPainter ip(&m_image);
        ip.setFont(p.font());
        TimelineViewport at = vp;
        at.rect.moveTopLeft(QPoint(0, 0));
        stats = paintTimelineBase(ip, layout, at, pal);
        m_key = key;
    }
    p.drawImage(vp.rect.topLeft(), m_image);

    const SelectionKey sel{layout.generation(), vp.selectedPg, vp.selectedSeq, vp.selectedLane,
                           vp.selectedBox};
    if (!(sel == m_selectionKey)) {
        m_selection = selectedBoxes(layout, vp);
        m_selectionKey = sel;
    }
    paintTimelineSelection(p, layout, vp, pal, m_selection);
    return stats;
}

} // namespace fd
