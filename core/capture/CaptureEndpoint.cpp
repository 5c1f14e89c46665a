#include "CaptureEndpoint.h"

#include "WorkerAddress.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <sys/stat.h>

namespace fd {

namespace {

struct CaptureEndpointText
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

} // namespace

QString CaptureEndpoint::display() const
{
    if (isUnix())
        return socketPath;
    return label.isEmpty() ? QStringLiteral("%1:%2").arg(host).arg(port) : label;
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
        out.errors << CaptureEndpointText::tr("no Unix socket matches %1").arg(glob);
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
        const HostPort address = parseHostPort(item);
        if (!address.ok) {
            out.errors << CaptureEndpointText::tr("'%1' is not host:port").arg(item);
            continue;
        }
        ResolvedEndpoint resolved = resolveEndpoint(address, allowRemote);
        if (!resolved.error.isEmpty()) {
            out.errors << resolved.error;
            continue;
        }
        resolved.endpoint.rank =
            static_cast<int>(out.endpoints.size() + static_cast<std::size_t>(out.errors.size()));
        resolved.endpoint.rankGuessed = true;
        out.endpoints.push_back(resolved.endpoint);
    }
    if (items.isEmpty())
        out.errors << CaptureEndpointText::tr("no host:port given");
    return out;
}

} // namespace fd
