#include "CaptureEndpoint.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHostAddress>
#include <QRegularExpression>

#include <algorithm>
#include <sys/stat.h>

namespace fd {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(fd::CaptureEndpoint)
};

int trailingNumber(const QString& name)
{
    static const QRegularExpression re(QStringLiteral("(\\d+)(?:\\.sock(?:et)?)?$"));
    const QRegularExpressionMatch m = re.match(name);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

bool isSocket(const QString& path)
{
    struct stat st
    {
    };
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 && S_ISSOCK(st.st_mode);
}

bool isLoopback(const QString& host)
{
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress a(host);
    return !a.isNull() && a.isLoopback();
}

} // namespace

QString CaptureEndpoint::display() const
{
    return isUnix() ? socketPath : QStringLiteral("%1:%2").arg(host).arg(port);
}

EndpointList endpointsFromSocketGlob(const QString& glob)
{
    EndpointList out;
    const QFileInfo fi(glob);
    const QDir dir = fi.dir();
    const QStringList names =
        dir.entryList({fi.fileName()}, QDir::System | QDir::Files | QDir::Hidden, QDir::Name);
    for (const QString& name : names) {
        const QString path = dir.filePath(name);
        if (!isSocket(path))
            continue;
        CaptureEndpoint e;
        e.socketPath = path;
        e.rank = trailingNumber(name);
        out.endpoints.push_back(e);
    }
    if (out.endpoints.empty())
        out.errors << Text::tr("no Unix socket matches %1").arg(glob);
    std::stable_sort(out.endpoints.begin(), out.endpoints.end(),
                     [](const CaptureEndpoint& a, const CaptureEndpoint& b) {
                         return (a.rank < 0 ? INT_MAX : a.rank) < (b.rank < 0 ? INT_MAX : b.rank);
                     });
    return out;
}

EndpointList endpointsFromHostList(const QString& list, bool allowRemote)
{
    EndpointList out;
    static const QRegularExpression sep(QStringLiteral("[,\\s]+"));
    const QStringList items = list.split(sep, Qt::SkipEmptyParts);
    for (const QString& item : items) {
        const qsizetype colon = item.lastIndexOf(QLatin1Char(':'));
        bool ok = false;
        const uint port = colon > 0 ? item.mid(colon + 1).toUInt(&ok) : 0;
        QString host = colon > 0 ? item.left(colon) : QString();
        if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
            host = host.mid(1, host.size() - 2);
        if (!ok || port == 0 || port > 65535 || host.isEmpty()) {
            out.errors << Text::tr("'%1' is not host:port").arg(item);
            continue;
        }
        if (!allowRemote && !isLoopback(host)) {
            out.errors
                << Text::tr("%1 is not a loopback address; pass --allow-remote to capture from another host")
                       .arg(host);
            continue;
        }
        CaptureEndpoint e;
        e.host = host;
        e.port = static_cast<quint16>(port);
        e.rank = static_cast<int>(out.endpoints.size() + static_cast<std::size_t>(out.errors.size()));
        out.endpoints.push_back(e);
    }
    if (items.isEmpty())
        out.errors << Text::tr("no host:port given");
    return out;
}

} // namespace fd
