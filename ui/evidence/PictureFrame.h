#pragma once

#include <QFontMetrics>
#include <QPalette>
#include <QSize>
#include <QString>

#include <cstddef>

class QFont;
class QPainter;

namespace fd {

// The frame the evidence dock's pictures share (EvidencePicture, ProgressPicture): a box in the palette's
// colours, a bold title line, a header row and the grid's rows, a line for the rows not shown, the caption.
namespace picture {

inline constexpr int kPad = 6;

// The whole picture's size: the grid (header row and `rows` rows) or the text, whichever is wider.
QSize frameSize(const QFontMetrics& fm, int gridWidth, int textWidth, int titleHeight, int cellHeight,
                std::size_t rows, bool rowsHidden);

// Saves the painter, moves it to `topLeft`, draws the box and the title; returns the y under the title.
int beginPicture(QPainter& p, QPoint topLeft, QSize size, const QPalette& pal, const QFont& bold,
                 int titleHeight, const QString& title);

// Draws `hiddenRows` (when not empty) and the caption from `y` in `font`, and restores the painter.
void endPicture(QPainter& p, int y, const QFont& font, const QPalette& pal, const QString& hiddenRows,
                const QString& caption);

} // namespace picture

} // namespace fd
