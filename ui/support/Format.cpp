#include "Format.h"

#include "core/model/Entry.h"

#include <QDateTime>
#include <QStringList>

#include <algorithm>

namespace fd {

QString formatWallTime(std::int64_t ns)
{
    if (ns == Entry::kNoTime || ns <= 0)
        return {};
    return QDateTime::fromMSecsSinceEpoch(ns / 1'000'000, Qt::UTC).toString(QStringLiteral("hh:mm:ss.zzz"));
}

QString formatDurationNs(double ns)
{
    const double a = ns < 0 ? -ns : ns;
    if (a >= 1e9)
        return QString::number(ns / 1e9, 'f', a >= 1e11 ? 0 : 2) + QStringLiteral(" s");
    if (a >= 1e6)
        return QString::number(ns / 1e6, 'f', 2) + QStringLiteral(" ms");
    if (a >= 1e3)
        return QString::number(ns / 1e3, 'f', 1) + QStringLiteral(" µs");
    return QString::number(ns, 'f', 0) + QStringLiteral(" ns");
}

QString hostLabel(const QString& host)
{
    const qsizetype dot = host.indexOf(QLatin1Char('.'));
    if (dot <= 0)
        return host;
    const QString first = host.left(dot);
    const bool number = std::all_of(first.begin(), first.end(), [](QChar c) { return c.isDigit(); });
    return number ? host : first; // an IPv4 address is kept whole
}

} // namespace fd
