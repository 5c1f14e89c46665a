#include "HealthText.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace fd {

const std::vector<HealthCheck>* healthChecksOf(const Analysis& analysis, int rank)
{
    const RankFinding* r = analysis.rankFinding(rank);
    return r && !r->health.empty() ? &r->health : nullptr;
}

bool allHealthy(const std::vector<HealthCheck>& checks)
{
    return std::all_of(checks.begin(), checks.end(), [](const HealthCheck& c) { return c.healthy(); });
}

QString healthBadge(const std::vector<HealthCheck>& checks)
{
    QStringList failed;
    for (const HealthCheck& c : checks)
        if (!c.healthy())
            failed << c.component.toUpper();
    if (failed.isEmpty())
        return {};
    return QCoreApplication::translate("fd::HealthText", "%1 ✗").arg(failed.join(QLatin1Char(' ')));
}

QString healthTooltip(int rank, const std::vector<HealthCheck>& checks)
{
    QStringList lines;
    lines << QCoreApplication::translate("fd::HealthText", "Health checks of rank %1:").arg(rank);
    for (const HealthCheck& c : checks)
        lines << (c.output.isEmpty()
                      ? QCoreApplication::translate("fd::HealthText", "%1: %2").arg(c.component, c.status)
                      : QCoreApplication::translate("fd::HealthText", "%1: %2 — %3")
                            .arg(c.component, c.status, c.output));
    return lines.join(QLatin1Char('\n'));
}

std::vector<int> unhealthyAmong(const Analysis& analysis, const std::vector<int>& ranks)
{
    std::vector<int> out;
    for (int r : ranks)
        if (const auto* checks = healthChecksOf(analysis, r); checks && !allHealthy(*checks))
            out.push_back(r);
    return out;
}

} // namespace fd
