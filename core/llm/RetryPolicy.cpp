#include "RetryPolicy.h"

#include "LlmSettings.h"

#include <algorithm>

namespace fd {

bool isRetryableStatus(int httpStatus)
{
    return httpStatus == 429 || (httpStatus >= 500 && httpStatus <= 599);
}

std::optional<qint64> parseRetryAfterMs(const QByteArray& header, const QDateTime& now)
{
    const QByteArray value = header.trimmed();
    if (value.isEmpty())
        return std::nullopt;
    bool ok = false;
    const qint64 seconds = value.toLongLong(&ok);
    if (ok)
        return seconds < 0 ? std::nullopt : std::optional<qint64>(seconds * 1000);
    // HTTP-date ("Wed, 21 Oct 2015 07:28:00 GMT") is RFC 2822 apart from the zone name, which Qt's parser
    // wants as a numeric offset.
    QString text = QString::fromLatin1(value);
    if (text.endsWith(QLatin1String(" GMT")) || text.endsWith(QLatin1String(" UTC")))
        text = text.left(text.size() - 4) + QLatin1String(" +0000");
    const QDateTime when = QDateTime::fromString(text, Qt::RFC2822Date);
    if (!when.isValid())
        return std::nullopt;
    return std::max<qint64>(0, now.msecsTo(when));
}

int retryDelayMs(int retry, std::optional<qint64> retryAfterMs, const LlmSettings& settings)
{
    const qint64 cap = std::max(0, settings.maxRetryDelayMs);
    if (retryAfterMs)
        return static_cast<int>(std::clamp<qint64>(*retryAfterMs, 0, cap));
    const int shift = std::clamp(retry, 0, 20); // 2^20 * base is past any sane cap already
    const qint64 backoff = static_cast<qint64>(std::max(0, settings.retryBaseDelayMs)) << shift;
    return static_cast<int>(std::min(backoff, cap));
}

} // namespace fd
