#include "TimelineLegend.h"

#include "ui/support/Theme.h"

#include <QCoreApplication>
#include <QPainter>

namespace fd {

QSize paintLegend(QPainter* p, QPoint topLeft, const QPalette& pal, const QFont& font)
{
    const QFontMetrics fm(font);
    const int h = fm.height();
    int x = topLeft.x();
    const int y = topLeft.y();
    int lastSwatch = x;
    auto swatch = [&](const QBrush& brush, const QPen& pen, const QString& label) {
        lastSwatch = x;
        if (p) {
            p->setPen(pen);
            p->setBrush(brush);
            p->drawRect(QRect(x, y + 2, h * 3 / 2, h - 4));
            p->setPen(pal.color(QPalette::WindowText));
            p->drawText(QPoint(x + h * 3 / 2 + 4, y + fm.ascent()), label);
        }
        x += h * 3 / 2 + 4 + fm.horizontalAdvance(label) + 14;
    };
    if (p)
        p->setFont(font);
    for (BoxState s : {BoxState::Completed, BoxState::Started, BoxState::Scheduled, BoxState::CoalescedInner,
                       BoxState::NeverEntered}) {
        swatch(theme::stateBrush(s, pal), Qt::NoPen, theme::stateName(s));
        const QBrush hatch = theme::stateHatch(s, pal);
        if (p && hatch.style() != Qt::NoBrush) {
            // Same two layers as the timeline paints, over the swatch just drawn.
            p->setPen(Qt::NoPen);
            p->setBrush(hatch);
            p->drawRect(QRect(lastSwatch, y + 2, h * 3 / 2, h - 4));
        }
    }
    swatch(Qt::NoBrush, QPen(theme::frontier(pal), 2),
           QCoreApplication::translate("fd::TimelineLegend", "frontier"));
    swatch(theme::culprit(pal), Qt::NoPen, QCoreApplication::translate("fd::TimelineLegend", "culprit rank"));
    return QSize(x - topLeft.x(), h);
}

TimelineLegend::TimelineLegend(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

QSize TimelineLegend::sizeHint() const
{
    return paintLegend(nullptr, {}, palette(), font()) + QSize(8, 6);
}

void TimelineLegend::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    paintLegend(&p, QPoint(4, 3), palette(), font());
}

} // namespace fd
