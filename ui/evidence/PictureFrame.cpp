#include "PictureFrame.h"

#include <QPainter>

#include <algorithm>

namespace fd::picture {

QSize frameSize(const QFontMetrics& fm, int gridWidth, int textWidth, int titleHeight, int cellHeight,
                std::size_t rows, bool rowsHidden)
{
    const int hiddenLine = rowsHidden ? fm.height() + 2 : 0;
    return QSize(std::max(gridWidth, textWidth) + 2 * kPad,
                 kPad + titleHeight + cellHeight * int(rows + 1) + hiddenLine + fm.height() + 2 * kPad);
}

int beginPicture(QPainter& p, QPoint topLeft, QSize size, const QPalette& pal, const QFont& bold,
                 int titleHeight, const QString& title)
{
    p.save();
    p.translate(topLeft);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(QPen(pal.color(QPalette::Mid), 1));
    p.setBrush(pal.color(QPalette::AlternateBase));
    p.drawRect(QRect(QPoint(0, 0), size - QSize(1, 1)));
    p.setFont(bold);
    p.setPen(pal.color(QPalette::Text));
    p.drawText(QRect(kPad, kPad, size.width() - 2 * kPad, titleHeight), Qt::AlignLeft | Qt::AlignVCenter,
               title);
    return kPad + titleHeight;
}

void endPicture(QPainter& p, int y, const QFont& font, const QPalette& pal, const QString& hiddenRows,
                const QString& caption)
{
    const QFontMetrics fm(font);
    p.setFont(font);
    p.setPen(pal.color(QPalette::PlaceholderText));
    if (!hiddenRows.isEmpty()) {
        p.drawText(QPoint(kPad, y + fm.ascent() + 2), hiddenRows);
        y += fm.height() + 2;
    }
    p.setPen(pal.color(QPalette::Text));
    p.drawText(QPoint(kPad, y + kPad + fm.ascent()), caption);
    p.restore();
}

} // namespace fd::picture
