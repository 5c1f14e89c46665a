#include "TimelineLegend.h"

#include "support/Theme.h"

#include <QCoreApplication>
#include <QPainter>

namespace fd {

QSize paintLegend(QPainter* p, QPoint topLeft, const QPalette& pal, const QFont& font)
{
    const QFontMetrics fm(font);
    const int h = fm.height();
    int x = topLeft.x();
    const int y = topLeft.y();
    auto swatch = [&](const QBrush& brush, const QPen& pen, const QString& label) {
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
    for (BoxState s : {BoxState::Completed, BoxState::Started, BoxState::Scheduled, BoxState::NeverEntered}) {
        QBrush b(theme::stateColor(s, pal));
        if (s == BoxState::NeverEntered)
            b.setStyle(Qt::DiagCrossPattern);
        swatch(b, Qt::NoPen, theme::stateName(s));
    }
    swatch(Qt::NoBrush, QPen(theme::frontier(pal), 2), QCoreApplication::translate("fd::TimelineLegend", "frontier"));
    swatch(theme::culprit(pal), Qt::NoPen, QCoreApplication::translate("fd::TimelineLegend", "culprit rank"));
    return QSize(x - topLeft.x(), h);
}

TimelineLegend::TimelineLegend(QWidget* parent)
    : QWidget(parent)
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
