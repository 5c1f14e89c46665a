#pragma once

#include "timeline/TimelineLayout.h"

#include <QColor>
#include <QPalette>

namespace fd {

// The colours every view uses for states and emphasis, in one place so the legend, the timeline, the graph
// and the exported pictures agree. Tuned for both light and dark palettes.
namespace theme {

bool isDark(const QPalette& palette);
QColor stateColor(BoxState state, const QPalette& palette);
QString stateName(BoxState state);
QColor culprit(const QPalette& palette);      // culprit ranks, missing ranks
QColor frontier(const QPalette& palette);     // the diverging frontier
QColor selection(const QPalette& palette);
QColor culpritLaneTint(const QPalette& palette);
QColor verdictBackground(int verdict, const QPalette& palette); // Highlights::Verdict as int

} // namespace theme
} // namespace fd
