#include "TimelinePainter.h"

#include "LaneHistories.h"
#include "TimelineHeader.h"

#include "ui/support/Theme.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <array>
#include <cmath>

namespace fd {

QRect TimelineViewport::lanesRect() const
{
    return rect.adjusted(headerWidth, kRulerHeight, 0, 0);
}

namespace {

constexpr int kStates = int(BoxState::Count);

// lupdate files PainterText::tr() strings under the context named here, the one they are looked up in.
struct PainterText
{
    Q_DECLARE_TR_FUNCTIONS(fd::TimelinePainter)
};

// A "nice" tick step (1, 2 or 5 times a power of ten) for about `approx` units.
double niceStep(double approx)
{
    const double p = std::pow(10.0, std::floor(std::log10(std::max(approx, 1e-12))));
    for (double m : {1.0, 2.0, 5.0})
        if (m * p >= approx)
            return m * p;
    return 10 * p;
}

struct LaneBatch
{
    std::array<QVector<QRectF>, kStates> fills;
    QVector<QRectF> frontierOutlines;
    struct FrontierMark
    {
        int row = 0;
        QPointF centre;
    };
    QVector<FrontierMark> frontierMarks;
    // The left-out entries of lanes, by how dense they are (kDensityLevels, sparsest first), and those being
    // read again or that could not be read, hatched over them.
    std::array<QVector<QRectF>, 4> historyBands;
    QVector<QRectF> historyReading;
    QVector<QRectF> historyFailed;
    int row = 0; // the row being collected
    struct Label
    {
        QRectF rect;
        QString text;
    };
    QVector<Label> labels;
};

// Adds the visible boxes of one lane to the batch. Boxes narrower than a few pixels merge into runs per
// state, and boxes inside pixels already painted are skipped: the cost is bounded by the width in pixels,
// not by the number of entries.
std::size_t collectLane(const TimelineLayout& layout, const TimelineViewport& vp, const TimelineLane& lane,
                        double top, double height, LaneBatch& batch)
{
    const QRect lr = vp.lanesRect();
    const TimeScale& s = vp.scale;
    const double viewEnd = s.end();
    const bool labels = height >= 13;
    // Thin lanes show no gaps between boxes, so neighbouring boxes of one state always merge.
    const double separateWidth = height >= 6 ? 4 : 1e300;
    std::size_t visited = 0;
    double runStart = 0, runEnd = -1e300, paintedEnd = -1e300;
    int runState = -1;
    auto flush = [&] {
        if (runState >= 0)
            batch.fills[std::size_t(runState)].append(
                QRectF(lr.left() + runStart, top, runEnd - runStart, height));
        runState = -1;
    };
    auto outline = [&](const TimelineBox& b, double px0, double px1) {
        if (!b.frontier)
            return;
        const QRectF box(lr.left() + px0, top, std::max(px1 - px0 - 1, 2.0), height);
        batch.frontierOutlines.append(box);
        batch.frontierMarks.append({batch.row, box.center()});
    };
    bool frontierSeen = false;
    for (std::size_t i = lane.firstVisible(s.start()); i < lane.boxes.size(); ++i) {
        const TimelineBox& b = lane.boxes[i];
        if (b.x0 > viewEnd)
            break;
        ++visited;
        double px0 = std::max(std::floor(s.toPixel(b.x0)), -1.0);
        const double px1 = std::min(std::max(std::ceil(s.toPixel(b.x1)), px0 + 1), double(lr.width()) + 1);
        if (px1 < 0)
            continue;
        if (px1 <= paintedEnd && !b.frontier) {
            // Lands on pixels already painted: jump to the first box that starts past them.
            const double past = s.toValue(paintedEnd);
            auto next = std::lower_bound(lane.boxes.begin() + std::ptrdiff_t(i) + 1, lane.boxes.end(), past,
                                         [](const TimelineBox& box, double x) { return box.x0 < x; });
            i = std::size_t(next - lane.boxes.begin()) - 1;
            continue;
        }
        const double w = px1 - px0;
        if (w >= separateWidth) {
            flush();
            // Wide boxes keep a one-pixel gap so neighbours stay apart.
            const QRectF r(lr.left() + px0, top, w - 1, height);
            batch.fills[std::size_t(b.state)].append(r);
            if (labels && w >= 48)
                if (const Entry* e = layout.entryOf(lane, b))
                    batch.labels.append({r.adjusted(3, 0, -2, 0), layout.opName(lane, *e)});
        } else if (int(b.state) == runState && px0 <= runEnd) {
            runEnd = std::max(runEnd, px1);
        } else {
            flush();
            runState = int(b.state);
            runStart = px0;
            runEnd = px1;
        }
        paintedEnd = std::max(paintedEnd, px1);
        frontierSeen = frontierSeen || b.frontier;
        outline(b, px0, px1);
    }
    flush();
    // Skipping may have jumped over the frontier box: it is always outlined.
    if (!frontierSeen && lane.frontierBox >= 0) {
        const TimelineBox& b = lane.boxes[std::size_t(lane.frontierBox)];
        if (b.x1 >= s.start() && b.x0 <= viewEnd)
            outline(b, std::floor(s.toPixel(b.x0)),
                    std::max(std::ceil(s.toPixel(b.x1)), std::floor(s.toPixel(b.x0)) + 1));
    }
    return visited;
}

// The left-out entries of `lane` between its historyStart and windowStart, as bands shaded by how many
// entries each pixel column holds: from the file's activity (RankActivity, counted over time) by wall time,
// even (one entry per slot) by sequence. Bounded by the activity's buckets, not by the entries.
void collectHistoryBand(const TimelineLayout& layout, const TimelineViewport& vp, const TimelineLane& lane,
                        double top, double height, LaneHistories::State state, LaneBatch& batch)
{
    const QRect lr = vp.lanesRect();
    const TimeScale& s = vp.scale;
    const double from = std::max(lane.historyStart, s.start());
    const double to = std::min(lane.windowStart, s.end());
    if (to <= from)
        return;
    const double px0 = std::floor(s.toPixel(from));
    const double px1 = std::max(std::ceil(s.toPixel(to)), px0 + 1);
    const QRectF whole(lr.left() + px0, top, px1 - px0, height);
    const RankActivity& activity = layout.session().job->dumps[std::size_t(lane.dump)].activity;
    if (layout.xMode() == TimelineXMode::WallTime && !activity.empty()) {
        const std::uint32_t most = *std::max_element(activity.counts.begin(), activity.counts.end());
        for (std::size_t b = 0; b < activity.counts.size(); ++b) {
            if (activity.counts[b] == 0 || most == 0)
                continue; // nothing recorded then: left empty
            const double t0 =
                double(activity.firstNs - layout.timeOrigin()) + double(b) * double(activity.bucketNs);
            const double a = std::max(t0, from);
            const double z = std::min(t0 + double(activity.bucketNs), to);
            if (z <= a)
                continue;
            // Rounded, not floored and ceiled: neighbouring buckets meet without overlapping (no darker
            // seams).
            const double x0 = std::round(s.toPixel(a));
            const double x1 = std::max(std::round(s.toPixel(z)), x0 + 1);
            const auto level = std::min<std::size_t>(3, std::size_t(4.0 * activity.counts[b] / (most + 1.0)));
            batch.historyBands[level].append(QRectF(lr.left() + x0, top, x1 - x0, height));
        }
    } else {
        batch.historyBands[2].append(whole);
    }
    if (state == LaneHistories::State::Reading)
        batch.historyReading.append(whole);
    else if (state == LaneHistories::State::Failed)
        batch.historyFailed.append(whole);
}

void paintHistoryBands(QPainter& p, const LaneBatch& batch, const QPalette& pal)
{
    QColor c = theme::stateColor(BoxState::Completed, pal);
    for (std::size_t level = 0; level < batch.historyBands.size(); ++level) {
        if (batch.historyBands[level].isEmpty())
            continue;
        c.setAlpha(int(45 + 45 * level));
        p.setBrush(c);
        p.drawRects(batch.historyBands[level]);
    }
    if (!batch.historyReading.isEmpty()) {
        QColor hatch = pal.color(QPalette::Text);
        hatch.setAlpha(150);
        p.setBrush(QBrush(hatch, Qt::FDiagPattern));
        p.drawRects(batch.historyReading);
    }
    if (!batch.historyFailed.isEmpty()) {
        p.setBrush(QBrush(theme::culprit(pal), Qt::DiagCrossPattern));
        p.drawRects(batch.historyFailed);
    }
}

void paintRuler(QPainter& p, const TimelineLayout& layout, const TimelineViewport& vp, const QPalette& pal)
{
    const QRect lr = vp.lanesRect();
    const QRect ruler(lr.left(), vp.rect.top(), lr.width(), TimelineViewport::kRulerHeight);
    p.fillRect(QRect(vp.rect.left(), vp.rect.top(), vp.rect.width(), ruler.height()),
               pal.color(QPalette::Window));
    p.setPen(pal.color(QPalette::WindowText));
    const QFontMetrics fm(p.font());
    double step = niceStep(vp.scale.span() / std::max(1.0, lr.width() / 110.0));
    // Sequence numbers are integers: finer ticks would repeat labels ("2 2 3 3").
    if (layout.xMode() == TimelineXMode::Sequence)
        step = std::max(step, 1.0);
    for (double x = std::ceil(vp.scale.start() / step) * step; x <= vp.scale.end(); x += step) {
        const double px = lr.left() + vp.scale.toPixel(x);
        p.drawLine(QPointF(px, ruler.bottom() - 5), QPointF(px, ruler.bottom()));
        p.drawText(QPointF(px + 3, ruler.bottom() - 6), layout.axisLabel(x));
    }
    const QString unit = layout.xMode() == TimelineXMode::WallTime ? PainterText::tr("time")
                         : layout.options().pgFilter != kNoPg      ? PainterText::tr("seq")
                                                                   : PainterText::tr("from end");
    p.drawText(QRect(vp.rect.left() + 4, ruler.top(), vp.headerWidth - 8, ruler.height()),
               Qt::AlignVCenter | Qt::AlignLeft, unit);
    p.drawLine(QPointF(vp.rect.left(), ruler.bottom() + 0.5), QPointF(vp.rect.right(), ruler.bottom() + 0.5));
}

} // namespace

TimelinePaintStats paintTimeline(QPainter& p, const TimelineLayout& layout, const TimelineViewport& vp,
                                 const QPalette& pal)
{
    const TimelinePaintStats stats = paintTimelineBase(p, layout, vp, pal);
    const std::vector<TimelineBoxRef> selected = selectedBoxes(layout, vp);
    paintTimelineSelection(p, layout, vp, pal, selected);
    return stats;
}

TimelinePaintStats paintTimelinePicture(QPainter& p, const TimelineLayout& layout, QSize size,
                                        const QPalette& pal, double start, double end)
{
    TimelineViewport vp;
    vp.rect = QRect(QPoint(0, 0), size);
    vp.headerWidth = laneHeaderWidth(layout, p.font());
    vp.laneHeight = std::clamp(
        double(vp.lanesRect().height()) / double(std::max<std::size_t>(1, layout.rows().size())), 0.25, 22.0);
    vp.scale = TimeScale(start, end, std::max(1, vp.lanesRect().width()));
    return paintTimeline(p, layout, vp, pal);
}

std::vector<TimelineBoxRef> selectedBoxes(const TimelineLayout& layout, const TimelineViewport& vp)
{
    std::vector<TimelineBoxRef> out;
    if (vp.selectedLane >= 0 && vp.selectedBox >= 0)
        out.push_back({vp.selectedLane, vp.selectedBox});
    if (vp.selectedPg == kNoPg || vp.selectedSeq == Entry::kAbsent)
        return out;
    // Every rank's record of the collective, through the analysis' index (one per rank: for a coalesced
    // group, its terminator).
    const CollectiveIndex& index = layout.session().analysis->collectiveIndex;
    const int c = index.find(vp.selectedPg, vp.selectedSeq);
    if (c < 0)
        return out;
    const Job& job = *layout.session().job;
    for (const EntryRef& ref : index.collectives()[std::size_t(c)].refs) {
        // A group row shows its first member's boxes: that member's record outlines the row.
        const int rank = job.dumps[ref.dump].rank;
        const int row = layout.rowOfRank(rank);
        if (row < 0 || layout.laneOfRow(row).rank != rank)
            continue;
        const int box = layout.boxOfEntry(layout.rows()[std::size_t(row)].lane, ref.entry);
        if (box >= 0 && !(row == vp.selectedLane && box == vp.selectedBox))
            out.push_back({row, box});
    }
    return out;
}

void paintTimelineSelection(QPainter& p, const TimelineLayout& layout, const TimelineViewport& vp,
                            const QPalette& pal, std::span<const TimelineBoxRef> boxes)
{
    const QRect lr = vp.lanesRect();
    const double lh = vp.laneHeight;
    const double boxHeight = lh >= 6 ? lh - 2 : std::max(lh, 1.0);
    QVector<QRectF> outlines;
    const auto outline = [&](int row, const TimelineBox& b) {
        const double top = vp.laneTop(row);
        if (top + lh < lr.top() || top > lr.bottom() || b.x1 < vp.scale.start() || b.x0 > vp.scale.end())
            return;
        const double px0 = std::floor(vp.scale.toPixel(b.x0));
        const double px1 = std::max(std::ceil(vp.scale.toPixel(b.x1)), px0 + 1);
        outlines.append(
            QRectF(lr.left() + px0, lh >= 6 ? top + 1 : top, std::max(px1 - px0 - 1, 2.0), boxHeight));
    };
    for (const TimelineBoxRef& ref : boxes)
        outline(ref.lane, layout.laneOfRow(ref.lane).boxes[std::size_t(ref.box)]);
    if (vp.histories && vp.selectedOlderRow >= 0 && std::size_t(vp.selectedOlderRow) < layout.rows().size())
        if (const TimelineLane* older =
                vp.histories->laneFor(layout.rows()[std::size_t(vp.selectedOlderRow)].lane);
            older && std::size_t(vp.selectedOlderBox) < older->boxes.size())
            outline(vp.selectedOlderRow, older->boxes[std::size_t(vp.selectedOlderBox)]);
    if (outlines.isEmpty())
        return;
    p.save();
    p.setClipRect(lr);
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(theme::selection(pal), 2));
    p.drawRects(outlines);
    p.restore();
}

TimelinePaintStats paintTimelineBase(QPainter& p, const TimelineLayout& layout, const TimelineViewport& vp,
                                     const QPalette& pal)
{
    TimelinePaintStats stats;
    p.save();
    p.setClipRect(vp.rect);
    p.fillRect(vp.rect, pal.color(QPalette::Base));
    const QRect lr = vp.lanesRect();
    p.fillRect(QRect(vp.rect.left(), lr.top(), vp.headerWidth, lr.height()), pal.color(QPalette::Window));
    const auto& rows = layout.rows();
    const double lh = vp.laneHeight;
    const double boxHeight = lh >= 6 ? lh - 2 : std::max(lh, 1.0);
    LaneBatch batch;
    // With lanes thinner than a pixel, one lane per pixel row is painted (culprit lanes win their row).
    const int first = std::max(0, int(std::floor(vp.scrollY / lh)));
    int lastRow = std::numeric_limits<int>::min();
    QPen separator(pal.color(QPalette::Mid));
    for (int i = first; i < int(rows.size()); ++i) {
        const double top = vp.laneTop(i);
        if (top > lr.bottom())
            break;
        const int pixelRow = int(std::floor(top));
        const TimelineLane& lane = layout.laneOfRow(i);
        if (pixelRow == lastRow && !lane.culprit)
            continue;
        lastRow = pixelRow;
        ++stats.lanesPainted;
        const double y = lh >= 6 ? top + 1 : top;
        if (lane.culprit)
            p.fillRect(QRectF(lr.left(), top, lr.width(), lh), theme::culpritLaneTint(pal));
        if (lane.dump < 0)
            p.fillRect(QRectF(lr.left(), top, lr.width(), lh),
                       QBrush(pal.color(QPalette::Mid), Qt::BDiagPattern));
        // Separators between PG blocks (lane order by PG) and below the rows pinned on top.
        if (i > 0 && lh >= 3 &&
            (lane.group != layout.laneOfRow(i - 1).group ||
             rows[std::size_t(i)].pinned != rows[std::size_t(i - 1)].pinned)) {
            p.setPen(separator);
            p.drawLine(QPointF(vp.rect.left(), top), QPointF(vp.rect.right(), top));
        }
        batch.row = i;
        stats.boxesVisited += collectLane(layout, vp, lane, y, boxHeight, batch);
        if (historyInView(lane, vp.scale)) {
            const int laneIndex = rows[std::size_t(i)].lane;
            const TimelineLane* older = vp.histories ? vp.histories->laneFor(laneIndex) : nullptr;
            if (older && historyDrawnAsBoxes(lane, vp.scale))
                stats.boxesVisited += collectLane(layout, vp, *older, y, boxHeight, batch);
            else
                collectHistoryBand(
                    layout, vp, lane, y, boxHeight,
                    vp.histories ? vp.histories->state(laneIndex) : LaneHistories::State::NotRead, batch);
        }
        paintLaneHeader(p, rows[std::size_t(i)], lane, QRectF(vp.rect.left(), top, vp.headerWidth - 1, lh),
                        pal);
    }

    p.setClipRect(lr);
    p.setPen(Qt::NoPen);
    paintHistoryBands(p, batch, pal);
    for (int st = 0; st < kStates; ++st) {
        if (batch.fills[std::size_t(st)].isEmpty())
            continue;
        p.setBrush(theme::stateBrush(BoxState(st), pal));
        p.drawRects(batch.fills[std::size_t(st)]);
        const QBrush hatch = theme::stateHatch(BoxState(st), pal);
        if (hatch.style() != Qt::NoBrush) {
            p.setBrush(hatch);
            p.drawRects(batch.fills[std::size_t(st)]);
        }
        stats.rectsDrawn += std::size_t(batch.fills[std::size_t(st)].size());
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(pal.color(QPalette::Text));
    for (const auto& label : batch.labels)
        p.drawText(label.rect, Qt::AlignVCenter | Qt::AlignLeft,
                   p.fontMetrics().elidedText(label.text, Qt::ElideRight, int(label.rect.width())));

    // The frontier: one vertical line when x is the frontier PG's sequence, else the frontier boxes outlined
    // and joined across lanes.
    const QColor frontier = theme::frontier(pal);
    if (!std::isnan(layout.frontierX())) {
        const double px = lr.left() + vp.scale.toPixel(layout.frontierX() + 0.45);
        p.setPen(QPen(frontier, 2, Qt::DashLine));
        const double bottom = std::min(double(lr.bottom()), vp.laneTop(int(rows.size())));
        p.drawLine(QPointF(px, lr.top()), QPointF(px, bottom));
    } else if (batch.frontierMarks.size() > 1 && lh >= 6) {
        // Joined only between neighbouring rows, and only where they sit close: a line never crosses a lane
        // that does not show the frontier, nor runs as a long diagonal over hundreds of lanes.
        QColor c = frontier;
        c.setAlpha(140);
        p.setPen(QPen(c, 1.5));
        QVector<QLineF> joins;
        for (qsizetype k = 1; k < batch.frontierMarks.size(); ++k) {
            const auto& a = batch.frontierMarks[k - 1];
            const auto& b = batch.frontierMarks[k];
            if (b.row == a.row + 1 && std::abs(b.centre.x() - a.centre.x()) <= 4 * lh)
                joins.append(QLineF(a.centre, b.centre));
        }
        p.drawLines(joins);
    }
    p.setPen(QPen(frontier, 2));
    p.drawRects(batch.frontierOutlines);

    p.setClipRect(vp.rect);
    paintRuler(p, layout, vp, pal);
    p.setPen(pal.color(QPalette::Mid));
    p.drawLine(QPointF(lr.left() - 0.5, vp.rect.top()), QPointF(lr.left() - 0.5, vp.rect.bottom()));
    p.restore();
    return stats;
}

int laneAt(const TimelineViewport& vp, const TimelineLayout& layout, QPointF pos)
{
    const QRect lr = vp.lanesRect();
    if (pos.y() < lr.top() || pos.y() > lr.bottom() || pos.x() < vp.rect.left() || pos.x() > vp.rect.right())
        return -1;
    const int row = int(std::floor((pos.y() - lr.top() + vp.scrollY) / vp.laneHeight));
    return row >= 0 && row < int(layout.rows().size()) ? row : -1;
}

int boxAtTimeline(const TimelineLane& l, const TimelineViewport& vp, QPointF pos)
{
    const QRect lr = vp.lanesRect();
    // Within two pixels counts: boxes can be one pixel wide.
    const double x = vp.scale.toValue(pos.x() - lr.left());
    const double slack = 2 * vp.scale.span() / std::max(1.0, vp.scale.width());
    double bestDist = 1e300;
    int best = -1;
    for (std::size_t i = l.firstVisible(x - slack); i < l.boxes.size() && l.boxes[i].x0 <= x + slack; ++i) {
        const TimelineBox& b = l.boxes[i];
        const double d = x < b.x0 ? b.x0 - x : (x > b.x1 ? x - b.x1 : 0);
        if (d <= slack && d < bestDist) {
            bestDist = d;
            best = int(i);
        }
    }
    return best;
}

TimelineOlderHit hitTestOlder(const TimelineLayout& layout, const TimelineViewport& vp, QPointF pos)
{
    TimelineOlderHit hit;
    if (!vp.histories || !vp.lanesRect().contains(pos.toPoint()))
        return hit;
    const int row = laneAt(vp, layout, pos);
    if (row < 0 || !historyDrawnAsBoxes(layout.laneOfRow(row), vp.scale))
        return hit;
    hit.row = row;
    hit.lane = vp.histories->laneFor(layout.rows()[std::size_t(row)].lane);
    hit.box = hit.lane ? boxAtTimeline(*hit.lane, vp, pos) : -1;
    return hit;
}

TimelineHit hitTestTimeline(const TimelineLayout& layout, const TimelineViewport& vp, QPointF pos)
{
    TimelineHit hit;
    const QRect lr = vp.lanesRect();
    if (!lr.contains(pos.toPoint()))
        return hit;
    const int row = laneAt(vp, layout, pos);
    if (row < 0)
        return hit;
    hit.lane = row;
    const TimelineLane& l = layout.laneOfRow(row);
    // Within two pixels counts: boxes can be one pixel wide.
    const double x = vp.scale.toValue(pos.x() - lr.left());
    const double slack = 2 * vp.scale.span() / std::max(1.0, vp.scale.width());
    double bestDist = 1e300;
    for (std::size_t i = l.firstVisible(x - slack); i < l.boxes.size() && l.boxes[i].x0 <= x + slack; ++i) {
        const TimelineBox& b = l.boxes[i];
        const double d = x < b.x0 ? b.x0 - x : (x > b.x1 ? x - b.x1 : 0);
        if (d <= slack && d < bestDist) {
            bestDist = d;
            hit.box = int(i);
        }
    }
    return hit;
}

} // namespace fd
