#include "BuildInfo.h"

#include "BuildConfig.h"

#include <QSysInfo>
#include <QtGlobal>

namespace fd::BuildInfo {

QString version()
{
    return QStringLiteral(FD_BUILD_VERSION);
}
QString gitCommit()
{
    return QStringLiteral(FD_BUILD_GIT_COMMIT);
}
QString buildType()
{
    return QStringLiteral(FD_BUILD_TYPE);
}
QString compiler()
{
    return QStringLiteral(FD_BUILD_COMPILER);
}
QString qtBuildVersion()
{
    return QStringLiteral(QT_VERSION_STR);
}
QString qtRuntimeVersion()
{
    return QString::fromLatin1(qVersion());
}

QString applicationVersion()
{
    return version() + u'\n' + QStringLiteral("git ") + gitCommit() + QStringLiteral(", ") + buildType() +
           QStringLiteral(" build, ") + compiler() + QStringLiteral(", Qt ") + qtBuildVersion() +
           QStringLiteral(" (running ") + qtRuntimeVersion() + QStringLiteral("), ") + QSysInfo::buildAbi();
}

QString details()
{
    return QStringLiteral("Version: ") + version() + u'\n' + QStringLiteral("Git commit: ") + gitCommit() +
           u'\n' + QStringLiteral("Build type: ") + buildType() + u'\n' + QStringLiteral("Compiler: ") +
           compiler() + u'\n' + QStringLiteral("Qt: ") + qtBuildVersion() + QStringLiteral(" (running ") +
           qtRuntimeVersion() + QStringLiteral(")\n") + QStringLiteral("Platform: ") +
           QSysInfo::prettyProductName() + QStringLiteral(", ") + QSysInfo::buildAbi() + u'\n';
}

} // namespace fd::BuildInfo
