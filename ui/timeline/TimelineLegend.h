#pragma once

#include <QPalette>
#include <QWidget>

namespace fd {

// Explains the colours: one swatch per state, the frontier and culprit lanes. paintLegend is shared with
// the exported pictures.
QSize paintLegend(QPainter* painter, QPoint topLeft, const QPalette& palette, const QFont& font);

class TimelineLegend : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineLegend(QWidget* parent = nullptr);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
};

} // namespace fd
