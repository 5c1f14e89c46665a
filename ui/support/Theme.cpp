#include "Theme.h"

#include <QApplication>
#include <QCoreApplication>
#include <QStyle>

namespace fd::theme {

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor stateColor(BoxState state, const QPalette& palette)
{
    const bool dark = isDark(palette);
    switch (state) {
    case BoxState::Completed:
        return dark ? QColor(0x4d, 0x8a, 0x55) : QColor(0x8c, 0xc0, 0x8f);
    case BoxState::Started:
        return QColor(0xf2, 0x8e, 0x2b);
    case BoxState::Scheduled:
        return dark ? QColor(0x5b, 0x9b, 0xd5) : QColor(0x3b, 0x75, 0xaf);
    case BoxState::NeverEntered:
        return culprit(palette);
    case BoxState::CoalescedInner: {
        // The scheduled colour washed towards the background: same family, clearly not the same thing.
        const QColor s = stateColor(BoxState::Scheduled, palette);
        const QColor b = palette.color(QPalette::Base);
        return QColor((s.red() + 2 * b.red()) / 3, (s.green() + 2 * b.green()) / 3,
                      (s.blue() + 2 * b.blue()) / 3);
    }
    case BoxState::Unknown:
    case BoxState::Count:
        break;
    }
    return dark ? QColor(0x80, 0x80, 0x80) : QColor(0xa0, 0xa0, 0xa0);
}

QString stateName(BoxState state)
{
    switch (state) {
    case BoxState::Completed:
        return QCoreApplication::translate("fd::theme", "completed");
    case BoxState::Started:
        return QCoreApplication::translate("fd::theme", "started");
    case BoxState::Scheduled:
        return QCoreApplication::translate("fd::theme", "scheduled");
    case BoxState::NeverEntered:
        return QCoreApplication::translate("fd::theme", "never entered");
    case BoxState::CoalescedInner:
        return QCoreApplication::translate("fd::theme", "inside coalesced group");
    case BoxState::Unknown:
    case BoxState::Count:
        break;
    }
    return QCoreApplication::translate("fd::theme", "unknown");
}

QBrush stateBrush(BoxState state, const QPalette& palette)
{
    QBrush brush(stateColor(state, palette));
    if (state == BoxState::NeverEntered)
        brush.setStyle(Qt::DiagCrossPattern);
    return brush;
}

QBrush stateHatch(BoxState state, const QPalette& palette)
{
    if (state != BoxState::CoalescedInner)
        return Qt::NoBrush;
    return QBrush(stateColor(BoxState::Scheduled, palette), Qt::BDiagPattern);
}

QColor culprit(const QPalette& palette)
{
    return isDark(palette) ? QColor(0xff, 0x5c, 0x5c) : QColor(0xd6, 0x27, 0x28);
}

QColor frontier(const QPalette& palette)
{
    return isDark(palette) ? QColor(0xff, 0x4f, 0xa3) : QColor(0xc2, 0x18, 0x5b);
}

QColor selection(const QPalette& palette)
{
    return palette.color(QPalette::Highlight);
}

QColor culpritLaneTint(const QPalette& palette)
{
    QColor c = culprit(palette);
    c.setAlpha(isDark(palette) ? 70 : 45);
    return c;
}

QColor unhealthy(const QPalette& palette)
{
    // Darker than the culprit red so a badge still stands out on a culprit's red lane header.
    return isDark(palette) ? QColor(0xc6, 0x28, 0x28) : QColor(0x9b, 0x11, 0x1e);
}

QColor healthy(const QPalette& palette)
{
    return isDark(palette) ? QColor(0x5c, 0xc4, 0x6f) : QColor(0x2e, 0x9d, 0x4a);
}

QColor verdictBackground(std::optional<Verdict> verdict, const QPalette& palette)
{
    if (!verdict)
        return palette.color(QPalette::AlternateBase);
    const bool dark = isDark(palette);
    switch (*verdict) {
    case Verdict::NoHang:
        return dark ? QColor(0x1e, 0x5a, 0x2e) : QColor(0xd4, 0xed, 0xda);
    case Verdict::Continue:
        return dark ? QColor(0x6b, 0x4a, 0x0e) : QColor(0xff, 0xe8, 0xb3);
    case Verdict::Stop:
        return dark ? QColor(0x7a, 0x1c, 0x1c) : QColor(0xf8, 0xd0, 0xd0);
    // Grey, never the green of "no hang": nothing is known to be fine.
    case Verdict::Unknown:
        return dark ? QColor(0x4a, 0x4a, 0x52) : QColor(0xe2, 0xe2, 0xe8);
    }
    return palette.color(QPalette::AlternateBase);
}

QIcon severityIcon(bool error)
{
    if (!qApp)
        return {};
    return QApplication::style()->standardIcon(error ? QStyle::SP_MessageBoxCritical
                                                     : QStyle::SP_MessageBoxWarning);
}

} // namespace fd::theme
