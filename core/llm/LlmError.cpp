#include "LlmError.h"

#include "SecretScrub.h"

#include <QRegularExpression>

namespace fd {

QString errorKindName(LlmErrorKind kind)
{
    switch (kind) {
    case LlmErrorKind::MissingKey:
        return QStringLiteral("missing-key");
    case LlmErrorKind::InvalidUrl:
        return QStringLiteral("invalid-url");
    case LlmErrorKind::InsecureUrl:
        return QStringLiteral("insecure-url");
    case LlmErrorKind::Unauthorized:
        return QStringLiteral("unauthorized");
    case LlmErrorKind::RateLimited:
        return QStringLiteral("rate-limited");
    case LlmErrorKind::ServerError:
        return QStringLiteral("server-error");
    case LlmErrorKind::RequestRejected:
        return QStringLiteral("request-rejected");
    case LlmErrorKind::Timeout:
        return QStringLiteral("timeout");
    case LlmErrorKind::Unreachable:
        return QStringLiteral("unreachable");
    case LlmErrorKind::MalformedAnswer:
        return QStringLiteral("malformed-answer");
    case LlmErrorKind::Cancelled:
        return QStringLiteral("cancelled");
    }
    return QStringLiteral("unknown");
}

QString scrubSecret(const QString& text, const QString& secret)
{
    QString out = SecretScrubber(secret).scrub(text);
    static const QRegularExpression bearer(QStringLiteral("(Bearer\\s+)[A-Za-z0-9._~+/=-]+"),
                                           QRegularExpression::CaseInsensitiveOption);
    out.replace(bearer, QStringLiteral("\\1[redacted]"));
    return out;
}

} // namespace fd
