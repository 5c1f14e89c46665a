#pragma once

#include <QByteArray>
#include <QDateTime>

#include <optional>

namespace fd {

struct LlmSettings;

// Which HTTP statuses are worth another try: 429 (rate limit) and 5xx (overloaded or restarting server).
// Any other 4xx would fail the same way again.
bool isRetryableStatus(int httpStatus);

// Parses a Retry-After header (delta seconds or an HTTP date) into milliseconds from `now`.
std::optional<qint64> parseRetryAfterMs(const QByteArray& header,
                                        const QDateTime& now = QDateTime::currentDateTimeUtc());

// Delay before retry number `retry` (0 for the first retry): the server's Retry-After when given, else
// exponential backoff from retryBaseDelayMs; both capped at maxRetryDelayMs so a hostile or confused server
// cannot park the client for an hour.
int retryDelayMs(int retry, std::optional<qint64> retryAfterMs, const LlmSettings& settings);

} // namespace fd
