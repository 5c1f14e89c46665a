#pragma once

#include "BoxState.h"
#include "core/analysis/Analysis.h"

#include <QBrush>
#include <QColor>
#include <QIcon>
#include <QPalette>

#include <optional>

namespace fd {

// The colours every view uses for states and emphasis, in one place so the legend, the timeline, the graph
// and the exported pictures agree. Tuned for both light and dark palettes.
namespace theme {

bool isDark(const QPalette& palette);
QColor stateColor(BoxState state, const QPalette& palette);
QString stateName(BoxState state);
// How boxes of a state are filled: the colour, hatched for ghosts; coalesced inner ops are a pale fill
// under a hatch (stateHatch) so they read as "part of a group", not as pending work.
QBrush stateBrush(BoxState state, const QPalette& palette);
QBrush stateHatch(BoxState state, const QPalette& palette); // Qt::NoBrush when the state has none
QColor culprit(const QPalette& palette);                    // culprit ranks, missing ranks
QColor frontier(const QPalette& palette);                   // the diverging frontier
QColor selection(const QPalette& palette);
QColor culpritLaneTint(const QPalette& palette);
QColor unhealthy(const QPalette& palette); // a failed NVRx health check (badge fill, white text on it)
QColor healthy(const QPalette& palette);   // every health check passed (a dot)
QColor verdictBackground(std::optional<Verdict> verdict,
                         const QPalette& palette); // nullopt: nothing analysed
// The style's error or warning icon, for rows of findings and load problems (none without an application).
QIcon severityIcon(bool error);

} // namespace theme
} // namespace fd
