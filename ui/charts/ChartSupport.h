#pragma once

#include "ui/session/Session.h"

#include <QChart>

class QChartView;

namespace fd {

// What the charts of ui/charts share: a chart set up the same way, and the PG a chart shows first.
QChart* freshChart(const QString& title, const QPalette& pal);
// QChartView keeps the old chart alive after setChart(): this deletes it.
void replaceChart(QChartView* view, QChart* chart);
// The diverging PG when there is one, else the first.
std::uint32_t defaultPg(const Session& s);
bool hasPg(const Session& s, std::uint32_t pg);

} // namespace fd
