#pragma once

#include <QString>

namespace fd {

// Light and dark palettes. "System" keeps the platform's palette (Qt 6.4 has no colour-scheme API; the
// platform theme already follows the desktop), the others force Fusion with a fixed palette.
enum class ThemeChoice
{
    System,
    Light,
    Dark
};

void applyTheme(ThemeChoice choice);
ThemeChoice nextTheme(ThemeChoice current);
QString themeName(ThemeChoice choice);

} // namespace fd
