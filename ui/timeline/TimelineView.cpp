#include "TimelineView.h"

#include "LaneGroups.h"
#include "TimelineHeader.h"
#include "ui/support/BackgroundRelease.h"

#include <QElapsedTimer>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <utility>

Q_LOGGING_CATEGORY(lcTimeline, "fd.ui.timeline")

namespace fd {

namespace {
constexpr int kScrollResolution = 100000; // the horizontal scroll bar maps the x domain onto this range
constexpr double kZoomStep = 1.25;
// Lanes whose older entries are read again at a time: about a screenful of 16-pixel lanes.
constexpr std::size_t kHistoryLanesInView = 48;
} // namespace

TimelineView::TimelineView(QWidget* parent) : QAbstractScrollArea(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    setAccessibleName(tr("Timeline"));
    // Regroup once the range settles, not on every step of a drag or wheel.
    m_regroupTimer = new QTimer(this);
    m_regroupTimer->setSingleShot(true);
    m_regroupTimer->setInterval(150);
    connect(m_regroupTimer, &QTimer::timeout, this, &TimelineView::regroup);
    m_histories = new LaneHistories(this);
    m_vp.histories = m_histories;
    connect(m_histories, &LaneHistories::changed, viewport(), [this] { viewport()->update(); });
}

void TimelineView::setSession(const Session& session, const TimelineOptions& options)
{
    m_session = session;
    m_selectedRank = m_currentRank = -1;
    m_expanded.clear();
    m_vp.selectedPg = kNoPg;
    if (session.job != m_layout.session().job) {
        // Never show (or let anyone click) the previous job's lanes meanwhile, nor keep what was read of it.
        releaseInBackground(std::exchange(m_layout, TimelineLayout()));
        m_histories->setLayout(m_layout);
    }
    rebuildLayout(session, options);
}

void TimelineView::setOptions(const TimelineOptions& options)
{
    if (options == m_requested)
        return;
    rebuildLayout(m_session, options);
}

void TimelineView::rebuildLayout(const Session& session, const TimelineOptions& options)
{
    m_requested = options;
    const bool inlineOk = !session.job || fitsInline(session.job->entryCount());
    m_layingOut = !inlineOk;
    if (m_layingOut)
        viewport()->update(); // shows that a new layout is coming
    m_layoutWork.run(
        this, inlineOk,
        [session, options] {
            QElapsedTimer timer;
            timer.start();
            TimelineLayout layout(session, options);
            qCDebug(lcTimeline) << "layout:" << layout.lanes().size() << "lanes," << layout.boxCount()
                                << "boxes in" << timer.elapsed() << "ms";
            return layout;
        },
        [this](TimelineLayout layout) { adoptLayout(std::move(layout)); });
}

void TimelineView::adoptLayout(TimelineLayout layout)
{
    m_layingOut = false;
    const bool sameX = layout.options().xMode == m_layout.options().xMode &&
                       layout.options().pgFilter == m_layout.options().pgFilter &&
                       layout.session().job == m_layout.session().job;
    releaseInBackground(std::exchange(m_layout, std::move(layout)));
    m_histories->setLayout(m_layout);
    clearOlderSelection(); // its box belonged to the lanes replaced
    m_vp.rect = viewport()->rect();
    m_vp.headerWidth = laneHeaderWidth(m_layout, font());
    // Re-sorting or filtering ranks keeps the x range; a new x axis starts on the evidence.
    if (!sameX) {
        m_history.clear();
        m_expanded.clear();
        Q_EMIT zoomHistoryChanged(false);
        m_vp.scale = evidenceScale();
        m_vp.scrollY = 0;
        m_userScaled = false;
    } else {
        m_vp.scale = m_vp.scale.withWidth(m_vp.lanesRect().width());
    }
    updateSelectionIndex();
    updateScrollBars();
    viewport()->update();
    Q_EMIT layoutChanged();
    scheduleRegroup();
}

void TimelineView::scheduleRegroup()
{
    m_regroupTimer->start();
}

void TimelineView::regroup()
{
    if (m_layingOut || !m_layout.session().job)
        return; // the layout on its way is grouped when it arrives
    requestHistories();
    const std::pair<double, double> window{m_vp.scale.start(), m_vp.scale.end()};
    if (window == m_layout.groupWindow() && m_expanded == m_layout.expandedRanks())
        return;
    // The same LatestResult as full layouts: a regroup of lanes that a newer layout replaced is dropped.
    m_layoutWork.run(
        this, fitsInline(m_layout.session().job->entryCount()),
        [layout = m_layout, window, expanded = m_expanded] { return layout.regrouped(window, expanded); },
        [this](TimelineLayout layout) {
            releaseInBackground(std::exchange(m_layout, std::move(layout)));
            m_histories->setLayout(m_layout);
            if (m_selectedOlder.rank >= 0) { // the same lanes (and histories) on other rows
                const int row = m_layout.rowOfRank(m_selectedOlder.rank);
                m_vp.selectedOlderRow =
                    row >= 0 && m_layout.laneOfRow(row).rank == m_selectedOlder.rank ? row : -1;
            }
            m_vp.headerWidth = laneHeaderWidth(m_layout, font());
            m_vp.scale = m_vp.scale.withWidth(std::max(1, m_vp.lanesRect().width()));
            m_vp.scrollY = std::clamp(
                m_vp.scrollY, 0.0,
                std::max(0.0, m_vp.contentHeight(m_layout.rows().size()) - m_vp.lanesRect().height()));
            updateSelectionIndex();
            updateScrollBars();
            viewport()->update();
            Q_EMIT rowsChanged();
        });
}

void TimelineView::toggleGroup(int row)
{
    if (row < 0 || std::size_t(row) >= m_layout.rows().size())
        return;
    const TimelineRow& r = m_layout.rows()[std::size_t(row)];
    if (r.isGroup()) {
        std::vector<int> merged;
        std::set_union(m_expanded.begin(), m_expanded.end(), r.ranks.begin(), r.ranks.end(),
                       std::back_inserter(merged));
        m_expanded = std::move(merged);
    } else if (std::binary_search(m_expanded.begin(), m_expanded.end(), r.ranks.front())) {
        m_expanded.clear();
    } else {
        return;
    }
    m_regroupTimer->stop();
    regroup();
}

TimeScale TimelineView::fullScale() const
{
    return TimeScale(m_layout.domainStart(), m_layout.domainEnd(), std::max(1, m_vp.lanesRect().width()));
}

TimeScale TimelineView::evidenceScale() const
{
    const auto [start, end] = m_layout.evidenceRange();
    return TimeScale(start, end, std::max(1, m_vp.lanesRect().width()))
        .clamped(m_layout.domainStart(), m_layout.domainEnd(), minSpan());
}

double TimelineView::minSpan() const
{
    // Sequence mode: no closer than ~3 collectives across the view; wall time: 1 µs.
    return m_layout.xMode() == TimelineXMode::Sequence ? 3.0 : 1000.0;
}

void TimelineView::clearOlderSelection()
{
    m_vp.selectedOlderRow = m_vp.selectedOlderBox = -1;
    m_selectedOlder = {};
}

void TimelineView::setSelectedCollective(std::uint32_t pgIndex, std::int64_t seq, int rank)
{
    clearOlderSelection();
    m_vp.selectedPg = pgIndex;
    m_vp.selectedSeq = seq;
    m_selectedRank = rank;
    updateSelectionIndex();
    viewport()->update();
}

void TimelineView::updateSelectionIndex()
{
    m_vp.selectedLane = m_vp.selectedBox = -1;
    const int row = m_selectedRank >= 0 ? m_layout.rowOfRank(m_selectedRank) : -1;
    if (row < 0)
        return;
    const TimelineLane& l = m_layout.laneOfRow(row);
    for (std::size_t i = 0; i < l.boxes.size(); ++i) {
        const Entry* e = m_layout.entryOf(l, l.boxes[i]);
        if (e && e->pgIndex == m_vp.selectedPg && e->collectiveSeqId == m_vp.selectedSeq) {
            m_vp.selectedLane = row;
            m_vp.selectedBox = int(i);
        }
    }
}

void TimelineView::setLaneHeight(double pixels)
{
    // Keep the lane under the viewport's centre in place.
    const double height = std::clamp(pixels, 0.05, 64.0);
    if (height == m_vp.laneHeight)
        return;
    const double centreLane = (m_vp.scrollY + m_vp.lanesRect().height() / 2.0) / m_vp.laneHeight;
    m_vp.laneHeight = height;
    m_vp.scrollY = std::max(0.0, centreLane * m_vp.laneHeight - m_vp.lanesRect().height() / 2.0);
    updateScrollBars();
    viewport()->update();
    Q_EMIT laneHeightChanged(height);
}

void TimelineView::setScale(const TimeScale& scale, bool remember)
{
    const TimeScale next = scale.clamped(m_layout.domainStart(), m_layout.domainEnd(), minSpan());
    if (next == m_vp.scale)
        return;
    m_userScaled = true;
    if (remember) {
        m_history.push_back(m_vp.scale);
        Q_EMIT zoomHistoryChanged(true);
    }
    m_vp.scale = next;
    updateScrollBars();
    viewport()->update();
    scheduleRegroup();
}

void TimelineView::zoomIn()
{
    setScale(m_vp.scale.zoomed(kZoomStep * kZoomStep, m_vp.scale.width() / 2), true);
}

void TimelineView::zoomOut()
{
    setScale(m_vp.scale.zoomed(1 / (kZoomStep * kZoomStep), m_vp.scale.width() / 2), true);
}

void TimelineView::zoomBack()
{
    if (m_history.empty())
        return;
    m_vp.scale = m_history.back().withWidth(m_vp.lanesRect().width());
    m_history.pop_back();
    Q_EMIT zoomHistoryChanged(!m_history.empty());
    updateScrollBars();
    viewport()->update();
    scheduleRegroup();
}

void TimelineView::resetZoom()
{
    setScale(evidenceScale(), true);
}

void TimelineView::showAll()
{
    setScale(fullScale(), true);
}

void TimelineView::updateScrollBars()
{
    m_syncingScrollBars = true;
    const QRect lr = m_vp.lanesRect();
    const double content = m_vp.contentHeight(m_layout.rows().size());
    verticalScrollBar()->setRange(0, std::max(0, int(std::ceil(content - lr.height()))));
    verticalScrollBar()->setPageStep(std::max(1, lr.height()));
    verticalScrollBar()->setSingleStep(std::max(1, int(m_vp.laneHeight)));
    verticalScrollBar()->setValue(int(m_vp.scrollY));
    const double full = m_layout.domainEnd() - m_layout.domainStart();
    const double visible = std::min(1.0, m_vp.scale.span() / full);
    const int page = int(visible * kScrollResolution);
    horizontalScrollBar()->setRange(0, kScrollResolution - page);
    horizontalScrollBar()->setPageStep(std::max(1, page));
    horizontalScrollBar()->setSingleStep(std::max(1, page / 20));
    horizontalScrollBar()->setValue(
        int((m_vp.scale.start() - m_layout.domainStart()) / full * kScrollResolution));
    m_syncingScrollBars = false;
}

void TimelineView::scrollContentsBy(int, int)
{
    if (m_syncingScrollBars)
        return;
    m_vp.scrollY = verticalScrollBar()->value();
    const double full = m_layout.domainEnd() - m_layout.domainStart();
    const double start = m_layout.domainStart() + full * horizontalScrollBar()->value() / kScrollResolution;
    m_vp.scale = m_vp.scale.withRange(start, start + m_vp.scale.span());
    viewport()->update();
    scheduleRegroup(); // also asks for the older entries of lanes scrolled into view
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter p(viewport());
    m_vp.rect = viewport()->rect();
    m_cache.paint(p, m_layout, m_vp, palette(), viewport()->devicePixelRatioF());
    if (m_rubberBand) {
        QColor c = palette().color(QPalette::Highlight);
        c.setAlpha(60);
        const QRect lr = m_vp.lanesRect();
        p.fillRect(QRect(QPoint(std::min(m_pressPos.x(), m_rubberEnd.x()), lr.top()),
                         QPoint(std::max(m_pressPos.x(), m_rubberEnd.x()), lr.bottom())),
                   c);
    }
    paintStatus(p);
    if (m_layingOut) {
        const QString text = tr("Laying out …");
        const QRect box = p.fontMetrics().boundingRect(text).adjusted(-8, -4, 8, 4);
        const QRect at(viewport()->rect().topRight() -
                           QPoint(box.width() + 6, -TimelineViewport::kRulerHeight - 6),
                       box.size());
        p.fillRect(at, palette().color(QPalette::ToolTipBase));
        p.setPen(palette().color(QPalette::ToolTipText));
        p.drawText(at, Qt::AlignCenter, text);
    }
    if (m_layout.rows().empty() && !m_layingOut) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(viewport()->rect(), Qt::AlignCenter,
                   m_layout.session().job ? tr("No lanes match the filter")
                                          : tr("Open a job to see its timeline"));
    }
}

void TimelineView::renderContents(QPainter& painter, QSize size) const
{
    TimelineViewport vp = m_vp;
    vp.rect = QRect(QPoint(0, 0), size);
    vp.scrollY = 0;
    // Every row fits: exports show the whole job.
    vp.laneHeight = std::clamp(
        double(vp.lanesRect().height()) / std::max<std::size_t>(1, m_layout.rows().size()), 0.25, 22.0);
    vp.scale = m_vp.scale.withWidth(vp.lanesRect().width());
    paintTimeline(painter, m_layout, vp, palette());
}

double TimelineView::frontierPixel() const
{
    if (std::isnan(m_layout.frontierX()))
        return std::nan("");
    return m_vp.lanesRect().left() + m_vp.scale.toPixel(m_layout.frontierX() + 0.45);
}

void TimelineView::requestHistories()
{
    if (m_layingOut || !m_layout.session().job || m_layout.rows().empty())
        return;
    std::vector<int> wanted;
    const auto consider = [&](int row) {
        const int lane = m_layout.rows()[std::size_t(row)].lane;
        if (historyDrawnAsBoxes(m_layout.lanes()[std::size_t(lane)], m_vp.scale) &&
            std::find(wanted.begin(), wanted.end(), lane) == wanted.end())
            wanted.push_back(lane);
    };
    // The rank the status line is about first, then the rows in view from the top.
    if (const int focus = m_layout.rowOfRank(statusRank()); focus >= 0)
        consider(focus);
    const int rows = int(m_layout.rows().size());
    const int first = std::clamp(int(std::floor(m_vp.scrollY / m_vp.laneHeight)), 0, rows - 1);
    const int last =
        std::clamp(int(std::ceil((m_vp.scrollY + m_vp.lanesRect().height()) / m_vp.laneHeight)), 0, rows - 1);
    for (int row = first; row <= last && wanted.size() < kHistoryLanesInView; ++row)
        consider(row);
    m_histories->request(wanted);
}

int TimelineView::statusRank() const
{
    if (m_hoverRank >= 0)
        return m_hoverRank;
    if (m_selectedRank >= 0)
        return m_selectedRank;
    if (m_currentRank >= 0)
        return m_currentRank;
    return m_layout.rows().empty() ? -1 : m_layout.laneOfRow(0).rank;
}

QString TimelineView::statusText() const
{
    const QString text = laneStatusText();
    const int row = m_layout.rowOfRank(statusRank());
    if (text.isEmpty() || row < 0 || !m_layout.rows()[std::size_t(row)].isGroup() ||
        !m_layout.laneOfRow(row).hasHistory())
        return text;
    // A group row draws its first member's lane: its older entries too, which the grouping never compared.
    return tr("a row of %1 ranks showing rank %2's older entries; %3")
        .arg(m_layout.rows()[std::size_t(row)].ranks.size())
        .arg(m_layout.laneOfRow(row).rank)
        .arg(text);
}

QString TimelineView::laneStatusText() const
{
    // A group member's row shows the group's first lane: that lane's window and older entries.
    const int statusRow = m_layout.rowOfRank(statusRank());
    const int rank = statusRow >= 0 ? m_layout.laneOfRow(statusRow).rank : statusRank();
    const int laneIndex = m_layout.laneOfRank(rank);
    if (laneIndex < 0 || !m_layout.session().job)
        return {};
    const TimelineLane& lane = m_layout.lanes()[std::size_t(laneIndex)];
    if (lane.dump < 0)
        return {};
    const EntryWindow& window = m_layout.session().job->dumps[std::size_t(lane.dump)].window;
    const QLocale locale;
    const QString all = locale.toString(qulonglong(window.fileEntries));
    if (window.whole())
        return tr("rank %1: all %2 entries of its dump").arg(rank).arg(all);
    const QString kept = locale.toString(qulonglong(window.keptEntries));
    switch (m_histories->state(laneIndex)) {
    case LaneHistories::State::Reading:
        return tr("loading older entries of rank %1…").arg(rank);
    case LaneHistories::State::Failed:
        return tr("rank %1's older entries could not be read again: %2")
            .arg(rank)
            .arg(m_histories->error(laneIndex)->toString());
    case LaneHistories::State::Read:
        return tr("rank %1: all %2 entries, %3 read again from its dump")
            .arg(rank)
            .arg(all)
            .arg(locale.toString(qulonglong(window.fileEntries - window.keptEntries)));
    case LaneHistories::State::NotRead:
        break;
    }
    if (historyInView(lane, m_vp.scale) && !historyDrawnAsBoxes(lane, m_vp.scale))
        return tr("rank %1: newest %2 of %3 entries; older shaded by density (zoom in to read)")
            .arg(rank)
            .arg(kept, all);
    return tr("rank %1: newest %2 of %3 entries; older on demand").arg(rank).arg(kept, all);
}

void TimelineView::paintStatus(QPainter& p)
{
    const QString text = statusText();
    if (text.isEmpty())
        return;
    const QRect lr = m_vp.lanesRect();
    const QFontMetrics fm = p.fontMetrics();
    // Over the header column too: a narrow timeline still shows the whole line.
    const QString shown = fm.elidedText(text, Qt::ElideMiddle, std::max(40, m_vp.rect.width() - 20));
    const QRect box = fm.boundingRect(shown).adjusted(-6, -2, 6, 2);
    const QRect at(QPoint(m_vp.rect.left() + 4, lr.bottom() - box.height() - 4), box.size());
    QColor background = palette().color(QPalette::ToolTipBase);
    background.setAlpha(230);
    p.fillRect(at, background);
    p.setPen(palette().color(QPalette::ToolTipText));
    p.drawText(at, Qt::AlignCenter, shown);
}

void TimelineView::leaveEvent(QEvent* event)
{
    QAbstractScrollArea::leaveEvent(event);
    if (m_hoverRank >= 0) {
        m_hoverRank = -1;
        viewport()->update();
    }
}

void TimelineView::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    const bool wasEvidence = m_vp.scale == evidenceScale();
    m_vp.rect = viewport()->rect();
    // Until the user moves the view it follows the evidence; after, a resize (a dock shown) keeps the range.
    m_vp.scale = wasEvidence || !m_userScaled ? evidenceScale()
                                              : m_vp.scale.withWidth(std::max(1, m_vp.lanesRect().width()));
    updateScrollBars();
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    const double x = event->position().x() - m_vp.lanesRect().left();
    if (event->modifiers() & Qt::ControlModifier) {
        setScale(m_vp.scale.zoomed(std::pow(kZoomStep, steps), x), false);
    } else if (event->modifiers() & Qt::ShiftModifier) {
        setScale(m_vp.scale.panned(-steps * m_vp.scale.width() / 10), false);
    } else if (event->modifiers() & Qt::AltModifier) {
        // Qt turns Alt+wheel into a horizontal wheel on some platforms.
        const double s =
            (event->angleDelta().y() ? event->angleDelta().y() : event->angleDelta().x()) / 120.0;
        setLaneHeight(m_vp.laneHeight * std::pow(kZoomStep, s));
    } else {
        QAbstractScrollArea::wheelEvent(event);
        return;
    }
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    m_pressPos = event->position().toPoint();
    m_pressScale = m_vp.scale;
    m_pressScrollY = m_vp.scrollY;
    m_dragging = false;
    m_rubberBand = event->modifiers() & Qt::ShiftModifier;
    m_rubberEnd = m_pressPos;
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (!(event->buttons() & Qt::LeftButton)) {
        const int row = laneAt(m_vp, m_layout, event->position());
        const int rank = row >= 0 ? m_layout.laneOfRow(row).rank : -1;
        if (rank != m_hoverRank) {
            m_hoverRank = rank;
            viewport()->update(); // the status line: the lanes come from the cached image
        }
        return;
    }
    const QPoint pos = event->position().toPoint();
    if (m_rubberBand) {
        m_rubberEnd = pos;
        viewport()->update();
        return;
    }
    if (!m_dragging && (pos - m_pressPos).manhattanLength() < 4)
        return;
    if (!m_dragging)
        m_history.push_back(m_pressScale);
    m_dragging = true;
    setScale(m_pressScale.panned(m_pressPos.x() - pos.x()), false);
    verticalScrollBar()->setValue(int(m_pressScrollY + m_pressPos.y() - pos.y()));
    viewport()->setCursor(Qt::ClosedHandCursor);
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mouseReleaseEvent(event);
    viewport()->unsetCursor();
    if (m_rubberBand) {
        m_rubberBand = false;
        const double a =
            m_vp.scale.toValue(std::min(m_pressPos.x(), m_rubberEnd.x()) - m_vp.lanesRect().left());
        const double b =
            m_vp.scale.toValue(std::max(m_pressPos.x(), m_rubberEnd.x()) - m_vp.lanesRect().left());
        if (b > a)
            setScale(m_vp.scale.withRange(a, b), true);
        viewport()->update();
        return;
    }
    if (m_dragging) {
        m_dragging = false;
        Q_EMIT zoomHistoryChanged(true);
        return;
    }
    const int row = laneAt(m_vp, m_layout, event->position());
    if (row >= 0) {
        m_currentRank = m_layout.laneOfRow(row).rank;
        if (event->position().x() < m_vp.lanesRect().left() && m_layout.rows()[std::size_t(row)].isGroup())
            return toggleGroup(row);
    }
    const TimelineHit hit = hitTestTimeline(m_layout, m_vp, event->position());
    if (!hit.isValid()) {
        const TimelineOlderHit older = hitTestOlder(m_layout, m_vp, event->position());
        if (!older.isValid())
            return;
        const TimelineBox& box = older.lane->boxes[std::size_t(older.box)];
        m_vp.selectedLane = m_vp.selectedBox = -1;
        m_vp.selectedPg = kNoPg;
        m_vp.selectedSeq = Entry::kAbsent;
        m_vp.selectedOlderRow = older.row;
        m_vp.selectedOlderBox = older.box;
        m_selectedRank = older.lane->rank;
        m_selectedOlder = {older.lane->rank, older.lane->history->fileIndex(box.entry)};
        viewport()->update();
        const Entry* e = m_layout.entryOf(*older.lane, box);
        Q_EMIT olderEntryClicked(
            HistoryEntryRef{std::uint32_t(older.lane->dump), older.lane->history, box.entry},
            tr("Rank %1: older entry %2 #%3, read again from its dump")
                .arg(older.lane->rank)
                .arg(e ? m_layout.opName(*older.lane, *e) : QString())
                .arg(e ? (e->isP2p ? e->p2pSeqId : e->collectiveSeqId) : Entry::kAbsent),
            m_layout.boxDescription(*older.lane, box));
        return;
    }
    clearOlderSelection();
    const TimelineLane& lane = m_layout.laneOfRow(hit.lane);
    const TimelineBox& box = lane.boxes[std::size_t(hit.box)];
    const Entry* e = m_layout.entryOf(lane, box);
    const bool p2p = e && e->isP2p;
    const FrontierItem* frontier = m_layout.session().analysis->divergence();
    const std::int64_t seq = e          ? (p2p ? e->p2pSeqId : e->collectiveSeqId)
                             : frontier ? frontier->seqId
                                        : Entry::kAbsent;
    m_vp.selectedLane = hit.lane;
    m_vp.selectedBox = hit.box;
    m_vp.selectedPg = box.pgIndex;
    m_vp.selectedSeq = e ? e->collectiveSeqId : seq;
    m_selectedRank = lane.rank;
    viewport()->update();
    Q_EMIT boxClicked(lane.rank, box.pgIndex, seq, p2p);
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    const double page = m_vp.scale.width() / 8;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        break;
    case Qt::Key_Minus:
        zoomOut();
        break;
    case Qt::Key_Backspace:
        zoomBack();
        break;
    case Qt::Key_0:
    case Qt::Key_Home:
        resetZoom();
        break;
    case Qt::Key_A:
        showAll();
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        toggleGroup(m_layout.rowOfRank(m_currentRank));
        break;
    case Qt::Key_Left:
        setScale(m_vp.scale.panned(-page), false);
        break;
    case Qt::Key_Right:
        setScale(m_vp.scale.panned(page), false);
        break;
    case Qt::Key_Up:
        verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepSub);
        break;
    case Qt::Key_Down:
        verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepAdd);
        break;
    case Qt::Key_BracketRight:
        setLaneHeight(m_vp.laneHeight * kZoomStep);
        break;
    case Qt::Key_BracketLeft:
        setLaneHeight(m_vp.laneHeight / kZoomStep);
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

bool TimelineView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const TimelineHit hit = hitTestTimeline(m_layout, m_vp, help->pos());
        const int headerLane = laneAt(m_vp, m_layout, help->pos());
        if (headerLane >= 0 && help->pos().x() < m_vp.lanesRect().left()) {
            QToolTip::showText(help->globalPos(),
                               laneHeaderTooltip(m_layout, m_layout.rows()[std::size_t(headerLane)]),
                               viewport());
        } else if (hit.isValid()) {
            const TimelineLane& lane = m_layout.laneOfRow(hit.lane);
            QToolTip::showText(help->globalPos(),
                               m_layout.boxDescription(lane, lane.boxes[std::size_t(hit.box)]), viewport());
        } else if (const TimelineOlderHit older = hitTestOlder(m_layout, m_vp, help->pos());
                   older.isValid()) {
            QToolTip::showText(
                help->globalPos(),
                m_layout.boxDescription(*older.lane, older.lane->boxes[std::size_t(older.box)]), viewport());
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace fd
