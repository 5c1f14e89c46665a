#include "LlmKeyStore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace fd {

QString storedApiKeyPath(const QString& homeDir)
{
    const QString home = homeDir.isEmpty() ? QDir::homePath() : homeDir;
    return QDir(home).filePath(QStringLiteral(".config/nvrx/llm_api_key"));
}

bool storeApiKey(const QString& key, QString* errorMessage, const QString& homeDir)
{
    const QString path = storedApiKeyPath(homeDir);
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        if (errorMessage)
            *errorMessage = QStringLiteral("Cannot create the directory for %1.").arg(path);
        return false;
    }
    QSaveFile file(path);
    // Restrict before writing so the key is never readable by others, not even for an instant.
    if (!file.open(QIODevice::WriteOnly) ||
        !file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)) {
        if (errorMessage)
            *errorMessage = QStringLiteral("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    file.write(key.trimmed().toUtf8());
    file.write("\n");
    if (!file.commit()) {
        if (errorMessage)
            *errorMessage = QStringLiteral("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return true;
}

bool forgetStoredApiKey(QString* errorMessage, const QString& homeDir)
{
    const QString path = storedApiKeyPath(homeDir);
    if (!QFile::exists(path) || QFile::remove(path))
        return true;
    if (errorMessage)
        *errorMessage = QStringLiteral("Cannot remove %1.").arg(path);
    return false;
}

} // namespace fd
