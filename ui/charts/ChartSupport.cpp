#include "ChartSupport.h"

#include "ui/support/Theme.h"

#include <QChartView>
#include <QLegend>

namespace fd {

QChart* freshChart(const QString& title, const QPalette& pal)
{
    auto* chart = new QChart();
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTheme(theme::isDark(pal) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->legend()->setAlignment(Qt::AlignBottom);
    return chart;
}

void replaceChart(QChartView* view, QChart* chart)
{
    QChart* old = view->chart();
    view->setChart(chart);
    delete old;
}

std::uint32_t defaultPg(const Session& s)
{
    if (s.analysis->divergence())
        return s.analysis->divergencePg();
    return s.job && !s.job->processGroups.empty() ? 0 : kNoPg;
}

bool hasPg(const Session& s, std::uint32_t pg)
{
    return s.job && pg < s.job->processGroups.size();
}

} // namespace fd
