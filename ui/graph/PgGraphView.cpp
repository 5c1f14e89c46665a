#include "PgGraphView.h"

#include "PgGraphItems.h"
#include "PgGraphLayout.h"

#include <QGraphicsSimpleTextItem>
#include <QKeyEvent>
#include <QLoggingCategory>
#include <QMouseEvent>
#include <QWheelEvent>

#include <cmath>

Q_LOGGING_CATEGORY(lcGraph, "fd.ui.graph")

namespace fd {

namespace {
// Above this many shared-rank edges the picture is a hairball: keep the nodes and the wait arrows only.
constexpr std::size_t kMaxSharedEdges = 600;
} // namespace

PgGraphView::PgGraphView(QWidget* parent)
    : QGraphicsView(parent)
    , m_scene(new QGraphicsScene(this))
{
    setScene(m_scene);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setAccessibleName(tr("Process-group graph"));
}

void PgGraphView::setSession(const Session& session)
{
    m_scene->clear();
    m_nodes.clear();
    m_userZoomed = false;
    if (!session.job)
        return;
    const Job& job = *session.job;
    const PgGraphLayout layout = PgGraphLayout::compute(job);
    for (const auto& n : layout.nodes) {
        auto* item = new PgNodeItem(session, n.pgIndex);
        item->setPos(n.pos);
        m_scene->addItem(item);
        m_nodes[n.pgIndex] = item;
    }
    // Band names above each band, muted: they explain the layering without competing with the nodes. Items,
    // not background painting, so exported pictures carry them too.
    QColor muted = palette().color(QPalette::Text);
    muted.setAlpha(140);
    QFont bandFont = font();
    bandFont.setItalic(true);
    for (std::size_t b = 0; b < layout.bandNames.size(); ++b) {
        auto* label = m_scene->addSimpleText(layout.bandNames[b], bandFont);
        label->setBrush(muted);
        label->setPos(-layout.size.width() / 2, layout.bandTops[b] - 24);
    }
    if (layout.sharedEdges.size() <= kMaxSharedEdges) {
        for (const auto& e : layout.sharedEdges)
            m_scene->addItem(new PgEdgeItem(m_nodes[e.from], m_nodes[e.to], PgEdgeItem::Kind::SharedRanks,
                                            tr("%n shared rank(s)", nullptr, e.sharedRanks)));
    } else {
        qCInfo(lcGraph) << layout.sharedEdges.size() << "shared-rank edges: not drawn";
    }
    for (const PgWaitEdge& w : session.hl().waitEdges) {
        auto from = m_nodes.find(w.from);
        auto to = m_nodes.find(w.to);
        if (from != m_nodes.end() && to != m_nodes.end() && w.from != w.to)
            m_scene->addItem(new PgEdgeItem(from->second, to->second, PgEdgeItem::Kind::WaitsOn, w.label));
    }
    m_scene->setSceneRect(m_scene->itemsBoundingRect().adjusted(-30, -40, 30, 30));
    fitAll();
}

const PgNodeItem* PgGraphView::nodeOf(std::uint32_t pgIndex) const
{
    auto it = m_nodes.find(pgIndex);
    return it == m_nodes.end() ? nullptr : it->second;
}

void PgGraphView::setSelectedPg(std::uint32_t pgIndex)
{
    for (auto& [pg, item] : m_nodes)
        item->setSelectedPg(pg == pgIndex);
}

void PgGraphView::fitAll()
{
    if (m_scene->items().isEmpty())
        return;
    fitInView(m_scene->sceneRect(), Qt::KeepAspectRatio);
    // Never blow small graphs up beyond their natural size.
    if (transform().m11() > 1.2)
        setTransform(QTransform::fromScale(1.2, 1.2));
    m_userZoomed = false;
}

void PgGraphView::renderContents(QPainter& painter, const QRectF& target)
{
    m_scene->render(&painter, target, m_scene->sceneRect(), Qt::KeepAspectRatio);
}

void PgGraphView::mouseReleaseEvent(QMouseEvent* event)
{
    QGraphicsView::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton)
        return;
    for (QGraphicsItem* item : items(event->position().toPoint()))
        if (item->type() == PgNodeItem::Type) {
            const std::uint32_t pg = static_cast<PgNodeItem*>(item)->pgIndex();
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
    if (!m_userZoomed)
        fitAll();
}

void PgGraphView::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: scale(1.25, 1.25); m_userZoomed = true; break;
    case Qt::Key_Minus: scale(0.8, 0.8); m_userZoomed = true; break;
    case Qt::Key_0:
    case Qt::Key_Home: fitAll(); break;
    default: QGraphicsView::keyPressEvent(event); return;
    }
    event->accept();
}

void PgGraphView::drawBackground(QPainter* painter, const QRectF& rect)
{
    painter->fillRect(rect, palette().color(QPalette::Base));
}

} // namespace fd
