#include "PgBandGutter.h"

#include <QFontMetrics>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace fd {

PgBandGutter::PgBandGutter(QWidget* parent) : QWidget(parent)
{
    setAccessibleName(tr("Process-group bands"));
}

QColor PgBandGutter::labelColour(const QPalette& palette)
{
    QColor muted = palette.color(QPalette::Text);
    muted.setAlpha(170);
    return muted;
}

int PgBandGutter::widthFor(const std::vector<QString>& labels, const QFont& font)
{
    const QFontMetrics fm(font);
    int widest = 0;
    for (const QString& label : labels)
        widest = std::max(widest, fm.horizontalAdvance(label));
    return widest + 2 * kPadding;
}

void PgBandGutter::setBands(std::vector<Band> bands, const QFont& font)
{
    const bool same =
        font == m_labelFont && bands.size() == m_bands.size() &&
        std::equal(bands.begin(), bands.end(), m_bands.begin(), [](const Band& a, const Band& b) {
            return a.label == b.label && a.rowTop == b.rowTop && a.rowHeight == b.rowHeight;
        });
    m_bands = std::move(bands);
    m_labelFont = font;
    if (!same)
        update();
}

QRect PgBandGutter::labelRect(std::size_t band) const
{
    if (band >= m_bands.size())
        return {};
    const Band& b = m_bands[band];
    const QFontMetrics fm(m_labelFont);
    // Beside the middle of the band's first row, as the nodes' titles are.
    const int height = fm.height();
    const QRect r(kPadding, b.rowTop + (b.rowHeight - height) / 2, fm.horizontalAdvance(b.label), height);
    return r.intersects(rect()) ? r : QRect();
}

void PgBandGutter::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(width() - 1, 0, width() - 1, height());
    p.setPen(labelColour(palette()));
    p.setFont(m_labelFont);
    for (std::size_t b = 0; b < m_bands.size(); ++b)
        if (const QRect r = labelRect(b); !r.isEmpty())
            p.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, m_bands[b].label);
}

bool PgBandGutter::event(QEvent* event)
{
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    const auto* help = static_cast<QHelpEvent*>(event);
    for (std::size_t b = 0; b < m_bands.size(); ++b)
        if (labelRect(b).adjusted(-kPadding, -4, kPadding, 4).contains(help->pos())) {
            QToolTip::showText(help->globalPos(), m_bands[b].toolTip, this);
            return true;
        }
    QToolTip::hideText();
    event->ignore();
    return true;
}

} // namespace fd
