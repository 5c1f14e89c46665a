#include "HelpOverlay.h"

#include <QEvent>
#include <QKeyEvent>
#include <QPainter>

#include <array>

namespace fd {

namespace {
struct Shortcut
{
    const char* keys;
    const char* what;
};
constexpr std::array<Shortcut, 22> kShortcuts = {{
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Ctrl+O"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Open a dump directory or prefix")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Ctrl+Shift+O"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Open dump files")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Drop"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Drop a directory or files on the window to open them")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Ctrl+E"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Export report (PNG + JSON)")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Ctrl+Shift+E"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Export the view under the mouse (PNG/SVG)")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Ctrl+wheel, +/-"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Zoom the timeline at the cursor")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Drag, Shift+wheel, ←/→"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Pan the timeline")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Shift+drag"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Zoom to a range")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Backspace"), QT_TRANSLATE_NOOP("fd::HelpOverlay", "Zoom back")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "0 / Home"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay",
                       "Back to the evidence: the frontier and the collectives before it")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "A"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Show all: every collective, the whole graph")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Alt+wheel, [ / ]"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Lane height")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Click"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Select a collective (details follow)")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Click a group, Enter"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Show each rank of a group lane (Enter again: regroup)")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "T"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Switch x between sequence and wall time")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "F"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Filter the timeline to the frontier PG")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Esc"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Clear the PG filter / leave presentation")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "F5"), QT_TRANSLATE_NOOP("fd::HelpOverlay", "Presentation mode")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "F11"), QT_TRANSLATE_NOOP("fd::HelpOverlay", "Full screen")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Ctrl+Shift+D"),
     QT_TRANSLATE_NOOP("fd::HelpOverlay", "Cycle palette: system, light, dark")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "Ctrl+Q"), QT_TRANSLATE_NOOP("fd::HelpOverlay", "Quit")},
    {QT_TRANSLATE_NOOP("fd::HelpOverlay", "?"), QT_TRANSLATE_NOOP("fd::HelpOverlay", "This help")},
}};
} // namespace

HelpOverlay::HelpOverlay(QWidget* parent) : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_NoSystemBackground);
    parent->installEventFilter(this);
    hide();
}

void HelpOverlay::toggle()
{
    if (isVisible()) {
        hide();
        return;
    }
    setGeometry(parentWidget()->rect());
    show();
    raise();
    setFocus();
}

bool HelpOverlay::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize)
        setGeometry(parentWidget()->rect());
    return QWidget::eventFilter(watched, event);
}

void HelpOverlay::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), QColor(0, 0, 0, 170));
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 1.25);
    const QFontMetrics fm(f);
    const int line = fm.height() + 8;
    const int h = line * int(kShortcuts.size() + 2);
    const int w = std::min(width() - 40, 760);
    const QRect box((width() - w) / 2, std::max(20, (height() - h) / 2), w, h);
    p.setRenderHint(QPainter::Antialiasing);
    p.setBrush(palette().color(QPalette::Window));
    p.setPen(palette().color(QPalette::Mid));
    p.drawRoundedRect(box, 12, 12);
    f.setBold(true);
    p.setFont(f);
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(box.adjusted(24, 12, -24, 0), Qt::AlignTop | Qt::AlignLeft, tr("Keyboard shortcuts"));
    int y = box.top() + 12 + line + 4;
    for (const Shortcut& s : kShortcuts) {
        f.setBold(true);
        p.setFont(f);
        p.drawText(QRect(box.left() + 24, y, w / 3, line), Qt::AlignVCenter, tr(s.keys));
        f.setBold(false);
        p.setFont(f);
        p.drawText(QRect(box.left() + 24 + w / 3, y, w * 2 / 3 - 48, line), Qt::AlignVCenter, tr(s.what));
        y += line;
    }
}

void HelpOverlay::mousePressEvent(QMouseEvent*)
{
    hide();
}

void HelpOverlay::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape || event->key() == Qt::Key_Question)
        hide();
    event->accept();
}

} // namespace fd
