#include "PgGraphView.h"

#include "PgAbbrev.h"
#include "PgBandGutter.h"
#include "PgGraphItems.h"
#include "PgGraphLayout.h"
#include "PgWaitLabel.h"

#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QKeyEvent>
#include <QLoggingCategory>
#include <QMouseEvent>
#include <QScrollBar>
#include <QStyle>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

Q_LOGGING_CATEGORY(lcGraph, "fd.ui.graph")

namespace fd {

namespace {
// Above this many shared-rank edges the picture is a hairball: keep the nodes and the wait arrows only.
constexpr std::size_t kMaxSharedEdges = 600;
} // namespace

PgGraphView::PgGraphView(QWidget* parent)
    : QGraphicsView(parent), m_scene(new QGraphicsScene(this)), m_gutter(new PgBandGutter(this))
{
    m_gutter->hide();
    setScene(m_scene);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setAccessibleName(tr("Process-group graph"));
}

void PgGraphView::setSession(const Session& session)
{
    if (session.job != m_session.job) { // the previous job's nodes must not linger while this one is laid out
        m_scene->clear();
        m_nodes.clear();
    }
    m_session = session;
    m_selectedPg = kNoPg;
    m_userZoomed = false;
    m_expandedPgs.clear();
    relayout();
}

void PgGraphView::setSessionNow(const Session& session)
{
    m_session = session;
    m_selectedPg = kNoPg;
    m_userZoomed = false;
    m_expandedPgs.clear();
    relayout(true);
}

void PgGraphView::setTargetAspect(double aspect)
{
    m_targetAspect = aspect;
    relayout(true);
}

void PgGraphView::setOnlyPgs(std::vector<std::uint32_t> pgs)
{
    m_onlyPgs = std::move(pgs);
    relayout(true);
}

double PgGraphView::readableWidth() const
{
    if (m_targetAspect > 0 || viewport()->width() <= 50)
        return 0;
    // Room for the vertical scroll bar a graph that does not fit will get, and for the band names' gutter
    // before it is first shown; the scene has a 12-unit margin. The layout's width counts the band names'
    // column, which the view leaves to the gutter.
    const int scrollBar =
        verticalScrollBar()->isVisible() ? 0 : style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    const int gutter = !m_gutter->isHidden() ? 0 : int(PgGraphLayout::kLabelWidth * kMinReadableScale);
    return (viewport()->width() - scrollBar - gutter) / kMinReadableScale - 24 + PgGraphLayout::kLabelWidth;
}

double PgGraphView::viewAspect() const
{
    if (m_targetAspect > 0)
        return m_targetAspect;
    const QSize vp = viewport()->size();
    return vp.height() > 50 && vp.width() > 50 ? double(vp.width()) / vp.height() : 0;
}

void PgGraphView::relayout(bool now)
{
    if (!m_session.job) {
        m_work.cancel();
        m_layingOut = false;
        populate(PgGraphLayout{});
        return;
    }
    m_layoutAspect = viewAspect();
    m_layoutWidth = readableWidth();
    const Session session = m_session;
    PgGraphLayout::Request request{.aspect = m_layoutAspect,
                                   .analysis = session.analysis.get(),
                                   .expanded = m_expandedPgs,
                                   .maxWidth = m_layoutWidth,
                                   .only = m_onlyPgs};
    const bool inlineOk = now || fitsInline(session.job->entryCount());
    m_layingOut = !inlineOk;
    m_work.run(
        this, inlineOk,
        [session, request = std::move(request)] { return PgGraphLayout::compute(*session.job, request); },
        [this](const PgGraphLayout& layout) {
            m_layingOut = false;
            populate(layout);
        });
}

void PgGraphView::populate(const PgGraphLayout& layout)
{
    if (&layout != &m_layout)
        m_layout = layout;
    m_scene->clear();
    m_nodes.clear();
    m_bandItems.clear();
    m_perRow = 0;
    m_scene->setPalette(palette()); // the items read it when rendered without a widget (exports)
    if (!m_session.job) {
        placeGutter();
        return;
    }
    const Session& session = m_session;
    m_perRow = layout.perRow;
    for (const auto& n : layout.nodes) {
        auto* item = new PgNodeItem(session, n.pgs);
        item->setPos(n.pos);
        item->setSelectedPg(std::find(n.pgs.begin(), n.pgs.end(), m_selectedPg) != n.pgs.end());
        m_scene->addItem(item);
        for (std::uint32_t pg : n.pgs) // an aggregate answers for each of its PGs
            m_nodes[pg] = item;
    }
    addBandLabels(layout);
    if (layout.sharedEdges.size() <= kMaxSharedEdges) {
        for (const auto& e : layout.sharedEdges)
            m_scene->addItem(new PgEdgeItem(m_nodes[e.from], m_nodes[e.to], PgEdgeItem::Kind::SharedRanks,
                                            tr("%n shared rank(s)", nullptr, e.sharedRanks)));
    } else {
        qCInfo(lcGraph) << layout.sharedEdges.size() << "shared-rank edges: not drawn";
    }
    // One arrow per pair of nodes: the PGs of an aggregate that wait on one culprit PG make one arrow.
    std::set<std::pair<const PgNodeItem*, const PgNodeItem*>> arrows;
    for (const PgWait& w : session.analysis->pgWaits) {
        auto from = m_nodes.find(w.from);
        auto to = m_nodes.find(w.to);
        if (from != m_nodes.end() && to != m_nodes.end() && from->second != to->second &&
            arrows.insert({from->second, to->second}).second)
            m_scene->addItem(
                new PgEdgeItem(from->second, to->second, PgEdgeItem::Kind::WaitsOn, pgWaitLabel(w.kind)));
    }
    // The scene's rect holds the band names' column, for pictures; the view's leaves it to the gutter.
    const QRectF whole = m_scene->itemsBoundingRect().adjusted(-12, -12, 12, 12);
    m_scene->setSceneRect(whole);
    setSceneRect(m_bandItems.empty() ? whole : whole.adjusted(PgGraphLayout::kLabelWidth, 0, 0, 0));
    const bool gutterWasShown = !m_gutter->isHidden();
    placeGutter();
    // Shown for the first time, the gutter narrowed the viewport this layout was made for.
    if (!gutterWasShown && !m_gutter->isHidden() && m_targetAspect <= 0 &&
        std::abs(readableWidth() - m_layoutWidth) > 0.1 * m_layoutWidth) {
        relayout();
        return;
    }
    fitAll();
    Q_EMIT layoutChanged();
}

QSize PgGraphView::naturalSize() const
{
    return m_scene->sceneRect().size().toSize();
}

const PgNodeItem* PgGraphView::nodeOf(std::uint32_t pgIndex) const
{
    auto it = m_nodes.find(pgIndex);
    return it == m_nodes.end() ? nullptr : it->second;
}

void PgGraphView::setSelectedPg(std::uint32_t pgIndex)
{
    m_selectedPg = pgIndex;
    for (auto& [pg, item] : m_nodes)
        item->setSelectedPg(std::find(item->pgs().begin(), item->pgs().end(), pgIndex) != item->pgs().end());
}

void PgGraphView::fitAll()
{
    if (m_scene->items().isEmpty())
        return;
    fitInView(sceneRect(), Qt::KeepAspectRatio);
    // Never blow small graphs up much beyond their natural size.
    if (transform().m11() > 1.2)
        setTransform(QTransform::fromScale(1.2, 1.2));
    // Nor shrink a large one until its text cannot be read: it scrolls instead.
    if (transform().m11() < kMinReadableScale) {
        setTransform(QTransform::fromScale(kMinReadableScale, kMinReadableScale));
        scrollToStart();
    }
    m_userZoomed = false;
}

void PgGraphView::scrollToStart()
{
    // From the top left, where the widest groups are, unless the frontier's node, where the causal chain
    // starts, would be out of view: then just far enough right to show it, and down so it is in the middle.
    // The band names stay in their gutter.
    const QRectF scene = sceneRect();
    const QSizeF seen = QSizeF(viewport()->size()) / transform().m11();
    QPointF centre(scene.left() + seen.width() / 2, scene.top() + seen.height() / 2);
    if (const PgNodeItem* frontier = m_session.job ? nodeOf(m_session.analysis->divergencePg()) : nullptr) {
        const QRectF node = frontier->sceneBoundingRect();
        if (node.right() + 12 > scene.left() + seen.width()) // its right margin gives way before its text
            centre.setX(std::min(node.right() + 12 - seen.width() / 2, node.left() - 4 + seen.width() / 2));
        if (node.bottom() + 12 > scene.top() + seen.height())
            centre.setY(node.center().y());
    }
    centerOn(centre);
}

double PgGraphView::renderScale(const QSizeF& target) const
{
    const QRectF scene = m_scene->sceneRect();
    if (scene.isEmpty())
        return 0;
    return std::min({target.width() / scene.width(), target.height() / scene.height(), 1.25});
}

void PgGraphView::renderContents(QPainter& painter, const QRectF& target)
{
    // Fit, but never blow a small graph up past 1.25x: huge boxes read worse than white space. Centred
    // horizontally, from the top.
    const QRectF scene = m_scene->sceneRect();
    if (scene.isEmpty())
        return;
    const double scale = renderScale(target.size());
    const QSizeF drawn = scene.size() * scale;
    const QRectF to(target.left() + (target.width() - drawn.width()) / 2, target.top(), drawn.width(),
                    drawn.height());
    for (QGraphicsSimpleTextItem* label : m_bandItems) // in the picture's own left column
        label->show();
    m_scene->render(&painter, to, scene, Qt::KeepAspectRatio);
    for (QGraphicsSimpleTextItem* label : m_bandItems)
        label->hide();
}

void PgGraphView::mouseReleaseEvent(QMouseEvent* event)
{
    QGraphicsView::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton)
        return;
    for (QGraphicsItem* item : items(event->position().toPoint()))
        if (item->type() == PgNodeItem::Type) {
            const auto* node = static_cast<PgNodeItem*>(item);
            if (node->isAggregate()) { // show each of its PGs
                std::vector<std::uint32_t> merged = m_expandedPgs;
                merged.insert(merged.end(), node->pgs().begin(), node->pgs().end());
                std::sort(merged.begin(), merged.end());
                merged.erase(std::unique(merged.begin(), merged.end()), merged.end());
                m_expandedPgs = std::move(merged);
                m_userZoomed = false;
                relayout();
                return;
            }
            const std::uint32_t pg = node->pgIndex();
            setSelectedPg(pg);
            Q_EMIT pgClicked(pg);
            return;
        }
}

void PgGraphView::wheelEvent(QWheelEvent* event)
{
    const double factor = std::pow(1.2, event->angleDelta().y() / 120.0);
    scale(factor, factor);
    m_userZoomed = true;
    event->accept();
}

void PgGraphView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    placeGutter();
    if (m_userZoomed)
        return;
    // A new shape may want another row width: relayout (cheap: one item per PG) so the graph stays large.
    const double aspect = viewAspect();
    const double width = readableWidth();
    if (m_session.job && m_targetAspect <= 0 && aspect > 0 &&
        (std::abs(aspect - m_layoutAspect) > 0.15 * std::max(aspect, m_layoutAspect) ||
         std::abs(width - m_layoutWidth) > 0.1 * std::max(width, m_layoutWidth)))
        relayout();
    else
        fitAll();
}

void PgGraphView::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        scale(1.25, 1.25);
        m_userZoomed = true;
        break;
    case Qt::Key_Minus:
        scale(0.8, 0.8);
        m_userZoomed = true;
        break;
    case Qt::Key_0:
    case Qt::Key_Home:
        fitAll();
        break;
    default:
        QGraphicsView::keyPressEvent(event);
        return;
    }
    event->accept();
}

void PgGraphView::changeEvent(QEvent* event)
{
    QGraphicsView::changeEvent(event);
    // Band labels and the scene palette (used by exports) are taken from ours when the scene is built.
    if (event->type() == QEvent::PaletteChange && m_session.job) {
        const QTransform zoom = transform();
        const bool userZoomed = m_userZoomed;
        populate(m_layout);
        if (userZoomed) {
            setTransform(zoom);
            m_userZoomed = true;
        }
    }
}

void PgGraphView::drawBackground(QPainter* painter, const QRectF& rect)
{
    painter->fillRect(rect, palette().color(QPalette::Base));
}

QFont PgGraphView::bandFont() const
{
    QFont f = font();
    f.setPixelSize(13);
    f.setBold(true);
    return f;
}

QString PgGraphView::bandLabel(std::size_t band, const QFontMetricsF& fm) const
{
    const QString& name = m_layout.bandNames[band];
    return fm.elidedText(name.isEmpty() ? tr("(no description)") : abbreviatePgDesc(name), Qt::ElideRight,
                         PgGraphLayout::kLabelWidth - 10);
}

// Band names in the left column, muted and short (TP+DP+CP): they explain the layering without competing
// with the nodes. As scene items they are drawn only into pictures (renderContents), which have no gutter.
void PgGraphView::addBandLabels(const PgGraphLayout& layout)
{
    const QFont font = bandFont();
    const QFontMetricsF fm(font);
    const QColor colour = PgBandGutter::labelColour(palette());
    for (std::size_t b = 0; b < layout.bandNames.size(); ++b) {
        auto* label = m_scene->addSimpleText(bandLabel(b, fm), font);
        label->setBrush(colour);
        label->setPos(0, layout.bandTops[b] + (PgGraphLayout::kNodeHeight - fm.height()) / 2);
        label->hide();
        m_bandItems.push_back(label);
    }
}

// The gutter takes the viewport's left margin: as wide as the longest band name, beside the viewport.
void PgGraphView::placeGutter()
{
    const bool shown = !m_bandItems.empty();
    int width = 0;
    if (shown) {
        std::vector<QString> labels;
        for (const QGraphicsSimpleTextItem* label : m_bandItems)
            labels.push_back(label->text());
        width = PgBandGutter::widthFor(labels, bandFont());
    }
    setViewportMargins(width, 0, 0, 0);
    m_gutter->setVisible(shown);
    if (!shown)
        return;
    const QRect vp = viewport()->geometry();
    m_gutter->setGeometry(vp.left() - width, vp.top(), width, vp.height());
    updateGutter();
}

// Each band's label beside its first row, wherever the view has scrolled or zoomed to.
void PgGraphView::updateGutter()
{
    if (m_gutter->isHidden())
        return;
    std::vector<PgBandGutter::Band> bands;
    bands.reserve(m_bandItems.size());
    for (std::size_t b = 0; b < m_bandItems.size(); ++b) {
        const double top = m_layout.bandTops[b];
        const int y0 = mapFromScene(QPointF(0, top)).y();
        const int y1 = mapFromScene(QPointF(0, top + PgGraphLayout::kNodeHeight)).y();
        const QString& name = m_layout.bandNames[b];
        bands.push_back(
            {m_bandItems[b]->text(), name.isEmpty() ? m_bandItems[b]->text() : name, y0, y1 - y0});
    }
    // As large as the nodes' text, and never smaller than a readable 10 px.
    QFont font = bandFont();
    font.setPixelSize(std::clamp(int(std::lround(13 * transform().m11())), 10, 13));
    m_gutter->setBands(std::move(bands), font);
}

void PgGraphView::drawForeground(QPainter* painter, const QRectF& rect)
{
    QGraphicsView::drawForeground(painter, rect);
    updateGutter(); // every scroll and zoom repaints the viewport: the gutter follows it
}

} // namespace fd
