#include "ExplainSettings.h"

#include <QCoreApplication>
#include <QSettings>

namespace fd::explainsettings {

namespace {

QString stored(QSettings& settings, const char* key)
{
    return settings.value(QLatin1String(key)).toString().trimmed();
}

void storeOrRemove(QSettings& settings, const char* key, const QString& value)
{
    if (value.trimmed().isEmpty())
        settings.remove(QLatin1String(key));
    else
        settings.setValue(QLatin1String(key), value.trimmed());
}

} // namespace

LlmSettings load(const QString& sessionKey, const QString& homeDir)
{
    QSettings qs;
    qs.beginGroup(QLatin1String(kGroup));
    LlmSettings s = resolveLlmSettings(stored(qs, kModelKey), stored(qs, kBaseUrlKey), homeDir);
    if (!sessionKey.trimmed().isEmpty()) {
        s.apiKey = sessionKey.trimmed();
        s.keySource = LlmKeySource::Explicit;
        s.keySourceDescription =
            QCoreApplication::translate("fd::ExplainSettings", "the settings dialog (this session only)");
        s.keyNote.clear();
    }
    s.stream = true;
    s.totalTimeoutMs = totalTimeoutSec() * 1000;
    return s;
}

int totalTimeoutSec()
{
    QSettings qs;
    qs.beginGroup(QLatin1String(kGroup));
    bool ok = false;
    const int seconds = qs.value(QLatin1String(kTotalTimeoutKey)).toInt(&ok);
    return ok && seconds > 0 ? seconds : kDefaultLlmTotalTimeoutSec;
}

void save(const QString& baseUrl, const QString& model, int totalTimeoutSec)
{
    QSettings qs;
    qs.beginGroup(QLatin1String(kGroup));
    storeOrRemove(qs, kBaseUrlKey, baseUrl);
    storeOrRemove(qs, kModelKey, model);
    if (totalTimeoutSec == kDefaultLlmTotalTimeoutSec)
        qs.remove(QLatin1String(kTotalTimeoutKey));
    else
        qs.setValue(QLatin1String(kTotalTimeoutKey), totalTimeoutSec);
    qs.sync();
}

} // namespace fd::explainsettings
