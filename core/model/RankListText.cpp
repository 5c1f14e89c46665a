#include "RankListText.h"

#include <QStringList>

namespace fd {

QString rankListText(std::span<const int> ranks, std::size_t maxShown, const QString& separator)
{
    const std::size_t shown = maxShown > 0 ? std::min(maxShown, ranks.size()) : ranks.size();
    QString text;
    for (std::size_t i = 0; i < shown; ++i) {
        if (i > 0)
            text += separator;
        text += QString::number(ranks[i]);
    }
    if (shown < ranks.size())
        text += QStringLiteral(" and %1 more").arg(ranks.size() - shown);
    return text;
}

QString rankListTextOr(std::span<const int> ranks, const QString& none)
{
    return ranks.empty() ? none : rankListText(ranks);
}

QString rankSetText(const std::set<int>& ranks)
{
    const std::vector<int> sorted(ranks.begin(), ranks.end());
    return QLatin1Char('{') + rankListText(sorted) + QLatin1Char('}');
}

QString rankRangeText(std::span<const int> ranks, int maxParts)
{
    QStringList parts;
    for (std::size_t i = 0; i < ranks.size();) {
        std::size_t j = i;
        while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1)
            ++j;
        if (j == i + 1) // a pair reads better as two ranks than as a range
            j = i;
        if (maxParts > 0 && parts.size() == maxParts) {
            parts << QStringLiteral("…");
            break;
        }
        parts << (j > i ? QStringLiteral("%1-%2").arg(ranks[i]).arg(ranks[j]) : QString::number(ranks[i]));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace fd
