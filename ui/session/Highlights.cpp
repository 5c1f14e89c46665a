#include "Highlights.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace fd {

bool Highlights::isCulprit(int rank) const
{
    return std::binary_search(culprits.begin(), culprits.end(), rank);
}

bool Highlights::isVictim(int rank) const
{
    return std::binary_search(victims.begin(), victims.end(), rank);
}

QString Highlights::culpritReason(int rank) const
{
    auto it = std::lower_bound(culprits.begin(), culprits.end(), rank);
    if (it == culprits.end() || *it != rank)
        return {};
    const auto i = static_cast<std::size_t>(it - culprits.begin());
    return i < culpritReasons.size() ? culpritReasons[i] : QString();
}

bool RankHealth::healthy() const
{
    return std::all_of(checks.begin(), checks.end(), [](const Check& c) { return c.healthy; });
}

QString RankHealth::badge() const
{
    QStringList failed;
    for (const Check& c : checks)
        if (!c.healthy)
            failed << c.component.toUpper();
    if (failed.isEmpty())
        return {};
    return QCoreApplication::translate("fd::Highlights", "%1 ✗").arg(failed.join(QLatin1Char(' ')));
}

QString RankHealth::tooltip() const
{
    QStringList lines;
    lines << QCoreApplication::translate("fd::Highlights", "Health checks of rank %1:").arg(rank);
    for (const Check& c : checks)
        lines << (c.output.isEmpty() ? QCoreApplication::translate("fd::Highlights", "%1: %2").arg(c.component, c.status)
                                     : QCoreApplication::translate("fd::Highlights", "%1: %2 — %3")
                                           .arg(c.component, c.status, c.output));
    return lines.join(QLatin1Char('\n'));
}

const RankHealth* Highlights::healthOf(int rank) const
{
    auto it = std::lower_bound(health.begin(), health.end(), rank,
                               [](const RankHealth& h, int r) { return h.rank < r; });
    return it != health.end() && it->rank == rank ? &*it : nullptr;
}

std::vector<int> Highlights::unhealthyAmong(const std::vector<int>& ranks) const
{
    std::vector<int> out;
    for (int r : ranks)
        if (const RankHealth* h = healthOf(r); h && !h->healthy())
            out.push_back(r);
    return out;
}

QString verdictName(Highlights::Verdict v)
{
    switch (v) {
    case Highlights::Verdict::NoHang: return QCoreApplication::translate("fd::Highlights", "No hang");
    case Highlights::Verdict::Continue: return QCoreApplication::translate("fd::Highlights", "Continue");
    case Highlights::Verdict::Stop: return QCoreApplication::translate("fd::Highlights", "Stop");
    case Highlights::Verdict::Unknown: break;
    }
    return QCoreApplication::translate("fd::Highlights", "Not analysed");
}

} // namespace fd
