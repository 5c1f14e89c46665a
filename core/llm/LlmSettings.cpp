#include "LlmSettings.h"

#include "LlmLog.h"

#include "core/io/RegularFile.h"

#include <QDir>
#include <QHostAddress>

namespace fd {

namespace {

QString envOrEmpty(const char* name)
{
    return qEnvironmentVariable(name).trimmed();
}

// Reads a key file; an empty or unreadable file counts as "no key here" so the next source gets a chance, and
// `problem` says why. Only a regular file is read (a FIFO named by mistake must not hang the run, a device
// must not be slurped), and of it a key file's one short line at most.
std::optional<QString> readKeyFile(const QString& path, QString* problem = nullptr)
{
    QString error;
    const QString key = QString::fromUtf8(readSmallRegularFile(path, 64 * 1024, &error)).trimmed();
    if (problem)
        *problem = error.isEmpty() && key.isEmpty() ? QStringLiteral("empty file") : error;
    if (key.isEmpty())
        return std::nullopt;
    return key;
}

QString stripTrailingSlashes(QString url)
{
    while (url.endsWith(QLatin1Char('/')))
        url.chop(1);
    return url;
}

} // namespace

QUrl LlmSettings::endpoint() const
{
    const QString base = stripTrailingSlashes(baseUrl.trimmed());
    if (base.endsWith(QLatin1String("/chat/completions")))
        return QUrl(base);
    return QUrl(base + QLatin1String("/chat/completions"));
}

QString LlmSettings::describe() const
{
    const QString key =
        apiKey.isEmpty() ? QStringLiteral("no API key") : QStringLiteral("key from ") + keySourceDescription;
    return QStringLiteral("model %1 at %2, %3").arg(model, baseUrl, key);
}

QString keySourceName(LlmKeySource source)
{
    switch (source) {
    case LlmKeySource::None:
        return QStringLiteral("none");
    case LlmKeySource::Explicit:
        return QStringLiteral("settings");
    case LlmKeySource::EnvVar:
        return QStringLiteral("LLM_API_KEY");
    case LlmKeySource::EnvFile:
        return QStringLiteral("LLM_API_KEY_FILE");
    case LlmKeySource::HomeFile:
        return QStringLiteral("~/.llm_api_key");
    case LlmKeySource::ConfigFile:
        return QStringLiteral("~/.config/nvrx/llm_api_key");
    }
    return QStringLiteral("none");
}

LlmSettings resolveLlmSettings(const QString& cliModel, const QString& cliBaseUrl, const QString& homeDir)
{
    LlmSettings s;
    if (!cliModel.trimmed().isEmpty())
        s.model = cliModel.trimmed();
    else if (const QString env = envOrEmpty("NVRX_LLM_MODEL"); !env.isEmpty())
        s.model = env;

    if (!cliBaseUrl.trimmed().isEmpty())
        s.baseUrl = stripTrailingSlashes(cliBaseUrl.trimmed());
    else if (const QString env = envOrEmpty("NVRX_LLM_BASE_URL"); !env.isEmpty())
        s.baseUrl = stripTrailingSlashes(env);

    const QString home = homeDir.isEmpty() ? QDir::homePath() : homeDir;
    QStringList skipped;

    if (const QString env = envOrEmpty("LLM_API_KEY"); !env.isEmpty()) {
        s.apiKey = env;
        s.keySource = LlmKeySource::EnvVar;
        s.keySourceDescription = QStringLiteral("LLM_API_KEY");
    }
    if (s.apiKey.isEmpty()) {
        if (const QString path = envOrEmpty("LLM_API_KEY_FILE"); !path.isEmpty()) {
            QString problem;
            if (auto key = readKeyFile(path, &problem)) {
                s.apiKey = *key;
                s.keySource = LlmKeySource::EnvFile;
                s.keySourceDescription = QStringLiteral("LLM_API_KEY_FILE (%1)").arg(path);
            } else {
                skipped << QStringLiteral(
                               "LLM_API_KEY_FILE names %1, which is missing, unreadable or empty (%2)")
                               .arg(path, problem);
            }
        }
    }
    const struct
    {
        LlmKeySource source;
        QString relative;
    } homeFiles[] = {{LlmKeySource::HomeFile, QStringLiteral(".llm_api_key")},
                     {LlmKeySource::ConfigFile, QStringLiteral(".config/nvrx/llm_api_key")}};
    for (const auto& candidate : homeFiles) {
        if (!s.apiKey.isEmpty())
            break;
        const QString path = QDir(home).filePath(candidate.relative);
        if (auto key = readKeyFile(path)) {
            s.apiKey = *key;
            s.keySource = candidate.source;
            s.keySourceDescription = QDir::toNativeSeparators(path);
        }
    }
    s.keyNote = skipped.join(QStringLiteral("; "));
    qCDebug(lcLlm) << "resolved LLM settings:" << s.describe();
    return s;
}

bool isLoopbackHost(const QString& host)
{
    QString h = host.trimmed().toLower();
    if (h.startsWith(QLatin1Char('[')) && h.endsWith(QLatin1Char(']')))
        h = h.mid(1, h.size() - 2);
    if (h == QLatin1String("localhost") || h.endsWith(QLatin1String(".localhost")))
        return true;
    QHostAddress address;
    return address.setAddress(h) && address.isLoopback();
}

std::optional<LlmError> checkEndpointSecurity(const QUrl& url)
{
    LlmError error;
    if (!url.isValid() || url.host().isEmpty()) {
        error.kind = LlmErrorKind::InvalidUrl;
        error.message =
            QStringLiteral("The LLM base URL \"%1\" is not a valid URL; expected something like %2.")
                .arg(url.toDisplayString(QUrl::RemoveUserInfo), QLatin1String(kDefaultLlmBaseUrl));
        return error;
    }
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("https"))
        return std::nullopt;
    if (scheme == QLatin1String("http")) {
        if (isLoopbackHost(url.host()))
            return std::nullopt;
        error.kind = LlmErrorKind::InsecureUrl;
        error.message =
            QStringLiteral("Refusing plain http:// to %1: the API key and your findings would cross the "
                           "network unencrypted. Use https://, or http:// only to a local server "
                           "(localhost, 127.0.0.1, ::1).")
                .arg(url.host());
        return error;
    }
    error.kind = LlmErrorKind::InvalidUrl;
    error.message =
        QStringLiteral(
            "The LLM base URL must start with https:// (or http:// for a local server), not %1://.")
            .arg(scheme);
    return error;
}

std::optional<LlmError> validateLlmSettings(const LlmSettings& settings)
{
    if (auto error = checkEndpointSecurity(settings.endpoint()))
        return error;
    if (settings.apiKey.trimmed().isEmpty()) {
        LlmError error;
        error.kind = LlmErrorKind::MissingKey;
        error.message =
            QStringLiteral("No LLM API key found. Set LLM_API_KEY, point LLM_API_KEY_FILE at a file "
                           "holding the key, or put it in ~/.llm_api_key or "
                           "~/.config/nvrx/llm_api_key.");
        if (!settings.keyNote.isEmpty())
            error.message += QStringLiteral(" (Note: %1.)").arg(settings.keyNote);
        return error;
    }
    // A key file with two lines or a pasted key with a space would otherwise end up inside the HTTP header.
    for (const QChar c : settings.apiKey.trimmed()) {
        if (c.isSpace() || c.unicode() < 0x20 || c.unicode() == 0x7f) {
            LlmError error;
            error.kind = LlmErrorKind::MissingKey;
            error.message =
                QStringLiteral("The LLM API key from %1 contains spaces or line breaks; the key source "
                               "must hold only the key.")
                    .arg(settings.keySourceDescription.isEmpty() ? QStringLiteral("the settings")
                                                                 : settings.keySourceDescription);
            return error;
        }
    }
    return std::nullopt;
}

} // namespace fd
