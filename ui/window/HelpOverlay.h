#pragma once

#include <QWidget>

namespace fd {

// The keyboard shortcuts over a dimmed window, opened with '?' and closed with Esc, '?' or a click.
class HelpOverlay : public QWidget
{
    Q_OBJECT
public:
    explicit HelpOverlay(QWidget* parent);
    void toggle();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace fd
