#include "PgGraphItems.h"

#include "PgAbbrev.h"
#include "PgGraphLayout.h"
#include "core/model/RankListText.h"
#include "ui/session/HealthText.h"
#include "ui/support/Theme.h"

#include <QCoreApplication>
#include <QGraphicsScene>
#include <QPainter>
#include <QPainterPath>
#include <QStyleOptionGraphicsItem>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace fd {

namespace {
// lupdate files PgGraphText::tr() strings under the context named here, the one they are looked up in.
struct PgGraphText
{
    Q_DECLARE_TR_FUNCTIONS(fd::PgGraph)
};

// Rendering into an image (exports) passes no widget: the scene carries the view's palette then.
QPalette paletteOf(const QGraphicsItem* item, const QWidget* widget)
{
    if (widget)
        return widget->palette();
    return item->scene() ? item->scene()->palette() : QPalette();
}

// Fixed pixel sizes: the graph is scaled as a whole, so text keeps its proportion to the nodes whatever the
// desktop font, and exports at scale ~1 get 12-13 px text.
QFont nodeFont(const QWidget* widget, int pixels, bool bold)
{
    QFont f = widget ? widget->font() : QFont();
    f.setPixelSize(pixels);
    f.setBold(bold);
    return f;
}
} // namespace

PgNodeItem::PgNodeItem(const Session& session, std::vector<std::uint32_t> pgs)
    : m_pg(pgs.front()), m_pgs(std::move(pgs))
{
    const Job& job = *session.job;
    const Analysis& a = *session.analysis;
    const ProcessGroup& pg = job.processGroups[m_pg];
    const QString desc = pg.desc.isEmpty() ? PgGraphText::tr("(no description)") : pg.desc;
    const std::vector<int> ranks = PgGraphLayout::ranksOf(job, m_pgs);
    m_title = isAggregate() ? PgGraphText::tr("%1 × %2").arg(abbreviatePgDesc(desc)).arg(m_pgs.size())
                            : PgGraphText::tr("%1 · PG %2").arg(abbreviatePgDesc(desc), pg.name);
    m_subtitle = PgGraphText::tr("%n rank(s): %1", nullptr, int(ranks.size())).arg(rankRangeText(ranks, 3));
    int stuck = 0, missing = 0, waitingPgs = 0, missingPgs = 0;
    for (std::uint32_t p : m_pgs) {
        const PgFinding* finding = a.pgFinding(p);
        const int s = finding ? int(finding->stuckRanks.size()) : 0;
        const int m = finding ? int(finding->absentCount()) : 0;
        stuck += s;
        missing += m;
        waitingPgs += s > 0;
        missingPgs += m > 0;
        m_frontier = m_frontier || a.divergencePg() == p;
    }
    m_hang = stuck > 0 || missing > 0;
    for (int r : ranks)
        if (a.culprit(r))
            m_culprits.push_back(r);
    // Most telling first: a narrow node elides the end of the line.
    QStringList status;
    if (!m_culprits.empty())
        status << PgGraphText::tr("culprit %1").arg(rankRangeText(m_culprits, 3));
    if (isAggregate()) {
        // An aggregate's PGs share one status: how many of them are in it.
        if (missingPgs)
            status << PgGraphText::tr("%n with missing ranks", nullptr, missingPgs);
        if (waitingPgs)
            status << PgGraphText::tr("%n waiting", nullptr, waitingPgs);
    } else {
        if (missing)
            status << PgGraphText::tr("%1 missing").arg(missing);
        if (stuck)
            status << PgGraphText::tr("%1 stuck").arg(stuck);
    }
    m_unhealthy = unhealthyAmong(a, ranks);
    if (!m_unhealthy.empty())
        status << healthBadge();
    m_statusParts = status;
    m_status = status.join(QStringLiteral(" · "));
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(true);
    setCursor(Qt::PointingHandCursor);
    QStringList tip;
    if (isAggregate()) {
        QStringList names;
        for (std::uint32_t p : m_pgs)
            names << job.processGroups[p].name;
        tip << PgGraphText::tr("%n PG(s) of %1 with the same status: %2", nullptr, int(m_pgs.size()))
                   .arg(desc, names.mid(0, 24).join(QStringLiteral(", ")) +
                                  (names.size() > 24 ? QStringLiteral(" …") : QString()))
            << PgGraphText::tr("Click to show each PG");
    } else {
        tip << a.pgLabel(m_pg) << desc;
    }
    tip << PgGraphText::tr("ranks %1").arg(rankRangeText(ranks, 32));
    if (!m_status.isEmpty())
        tip << m_status;
    for (int r : m_unhealthy)
        tip << healthTooltip(r, *healthChecksOf(a, r));
    setToolTip(tip.join(QLatin1Char('\n')));
    setZValue(1);
}

QString PgNodeItem::healthBadge() const
{
    return m_unhealthy.empty() ? QString()
                               : PgGraphText::tr("%n unhealthy", nullptr, int(m_unhealthy.size()));
}

QRectF PgNodeItem::boundingRect() const
{
    return QRectF(-4, -4, PgGraphLayout::kNodeWidth + 8, PgGraphLayout::kNodeHeight + 8);
}

void PgNodeItem::setSelectedPg(bool selected)
{
    m_selectedPg = selected;
    update();
}

void PgNodeItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget)
{
    const QPalette pal = paletteOf(this, widget);
    const QRectF r(0, 0, PgGraphLayout::kNodeWidth, PgGraphLayout::kNodeHeight);
    QColor fill = pal.color(QPalette::Base);
    QColor border = pal.color(QPalette::Mid);
    double width = 1;
    if (m_hang) {
        border = theme::stateColor(BoxState::Started, pal);
        width = 2;
    }
    if (!m_culprits.empty()) {
        fill = theme::culpritLaneTint(pal);
        fill.setAlpha(fill.alpha() + 20);
    }
    if (m_frontier) {
        border = theme::frontier(pal);
        width = 4;
    }
    if (m_selectedPg) {
        border = theme::selection(pal);
        width = std::max(width, 3.0);
    }
    p->setPen(QPen(border, width));
    p->setBrush(pal.color(QPalette::Base));
    p->drawRoundedRect(r, 8, 8);
    p->setBrush(fill);
    p->drawRoundedRect(r, 8, 8);
    // Far away a node is only its frame: text would be unreadable and slow.
    const double lod = option->levelOfDetailFromTransform(p->worldTransform());
    if (lod < 0.2)
        return;
    QFont f = nodeFont(widget, 13, true);
    const QRectF text = r.adjusted(8, 3, -8, -3);
    const double line = text.height() / kTextLines;
    // The health pill ends the title line; the title gives way (elided) rather than hide under it.
    const double badge =
        m_unhealthy.empty()
            ? 0
            : paintHealthBadge(p, QRectF(text.left(), text.top(), text.width(), line), pal, widget) + 6;
    p->setFont(f);
    p->setPen(pal.color(QPalette::Text));
    const QFontMetricsF fm(f);
    p->drawText(QRectF(text.left(), text.top(), text.width() - badge, line), Qt::AlignLeft | Qt::AlignVCenter,
                fm.elidedText(m_title, Qt::ElideMiddle, text.width() - badge));
    f = nodeFont(widget, 12, false);
    p->setFont(f);
    const QFontMetricsF fm2(f);
    p->drawText(QRectF(text.left(), text.top() + line, text.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
                fm2.elidedText(m_subtitle, Qt::ElideRight, text.width()));
    const QStringList lines = statusLines(QFontMetricsF(statusFont(widget)), text.width());
    p->setFont(statusFont(widget));
    p->setPen(m_culprits.empty() && !m_frontier ? pal.color(QPalette::Text) : theme::culprit(pal));
    for (int i = 0; i < lines.size(); ++i)
        p->drawText(QRectF(text.left(), text.top() + (2 + i) * line, text.width(), line),
                    Qt::AlignLeft | Qt::AlignVCenter, lines[i]);
}

QFont PgNodeItem::statusFont(const QWidget* widget)
{
    return nodeFont(widget, 12, true);
}

QStringList PgNodeItem::statusLines(const QFontMetricsF& fm, double width) const
{
    // Whole parts fill the first line, the rest the second: a count is never cut in half ("1 missin…").
    // Only a part wider than a line on its own, or more than two lines of them, is elided.
    constexpr int kStatusLines = kTextLines - 2;
    const QString sep = QStringLiteral(" · ");
    QStringList lines;
    QString current;
    for (const QString& part : m_statusParts) {
        const QString joined = current.isEmpty() ? part : current + sep + part;
        if (current.isEmpty() || fm.horizontalAdvance(joined) <= width || lines.size() == kStatusLines - 1) {
            current = joined;
            continue;
        }
        lines << current;
        current = part;
    }
    if (!current.isEmpty())
        lines << current;
    for (QString& l : lines)
        l = fm.elidedText(l, Qt::ElideRight, width);
    return lines;
}

double PgNodeItem::paintHealthBadge(QPainter* p, const QRectF& line, const QPalette& pal,
                                    const QWidget* widget) const
{
    const QFont font = nodeFont(widget, 11, true);
    const QFontMetricsF fm(font);
    const QString text = PgGraphText::tr("%1 ✗").arg(m_unhealthy.size());
    const double w = fm.horizontalAdvance(text) + 10;
    const double h = std::min(line.height(), fm.height() + 2);
    const QRectF pill(line.right() - w, line.center().y() - h / 2, w, h);
    p->setPen(Qt::NoPen);
    p->setBrush(theme::unhealthy(pal));
    p->drawRoundedRect(pill, h / 2, h / 2);
    p->setFont(font);
    p->setPen(Qt::white);
    p->drawText(pill, Qt::AlignCenter, text);
    return w;
}

PgEdgeItem::PgEdgeItem(const PgNodeItem* from, const PgNodeItem* to, Kind kind, QString label)
    : m_kind(kind), m_label(std::move(label))
{
    const double w = PgGraphLayout::kNodeWidth, h = PgGraphLayout::kNodeHeight;
    const QPointF a = from->pos(), b = to->pos();
    // Attach to the facing sides: bottom to top between bands, sides within one band.
    if (std::abs(a.y() - b.y()) < h) {
        const bool right = b.x() > a.x();
        m_a = a + QPointF(right ? w : 0, h / 2);
        m_b = b + QPointF(right ? 0 : w, h / 2);
    } else {
        const bool down = b.y() > a.y();
        m_a = a + QPointF(w / 2, down ? h : 0);
        m_b = b + QPointF(w / 2, down ? 0 : h);
    }
    // Wait arrows run under the nodes: crossing a node they would strike its text through.
    setZValue(kind == Kind::WaitsOn ? 0.5 : 0);
    if (!m_label.isEmpty())
        setToolTip(m_label);
}

QPainterPath PgEdgeItem::path() const
{
    QPainterPath path(m_a);
    if (m_kind == Kind::WaitsOn) {
        // Curved so it stands apart from the straight shared-rank edges.
        const QPointF mid = (m_a + m_b) / 2;
        const QPointF d = m_b - m_a;
        path.quadTo(mid + QPointF(-d.y(), d.x()) * 0.25, m_b);
    } else {
        path.lineTo(m_b);
    }
    return path;
}

QRectF PgEdgeItem::boundingRect() const
{
    return path().boundingRect().adjusted(-12, -12, 12, 12);
}

void PgEdgeItem::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget* widget)
{
    const QPalette pal = paletteOf(this, widget);
    p->setBrush(Qt::NoBrush);
    if (m_kind == Kind::SharedRanks) {
        QColor c = pal.color(QPalette::Text);
        c.setAlpha(45);
        p->setPen(QPen(c, 1));
        p->drawPath(path());
        return;
    }
    const QColor c = theme::frontier(pal);
    p->setPen(QPen(c, 3));
    const QPainterPath pp = path();
    p->drawPath(pp);
    const double angle = std::atan2(-(pp.pointAtPercent(1).y() - pp.pointAtPercent(0.95).y()),
                                    pp.pointAtPercent(1).x() - pp.pointAtPercent(0.95).x());
    const QPointF tip = m_b;
    const QPointF l = tip - QPointF(std::cos(angle - M_PI / 7) * 14, -std::sin(angle - M_PI / 7) * 14);
    const QPointF r = tip - QPointF(std::cos(angle + M_PI / 7) * 14, -std::sin(angle + M_PI / 7) * 14);
    p->setBrush(c);
    p->drawPolygon(QPolygonF({tip, l, r}));
}

} // namespace fd
