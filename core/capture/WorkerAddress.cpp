#include "WorkerAddress.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QHostInfo>
#include <QRegularExpression>
#include <QStringList>

namespace fd {

namespace {

struct WorkerAddressText
{
    Q_DECLARE_TR_FUNCTIONS(fd::WorkerAddress)
};

} // namespace

HostPort parseHostPort(const QString& text)
{
    static const QRegularExpression re(
        QStringLiteral("^(?:http://)?(?:\\[([0-9A-Fa-f:.]+)\\]|([A-Za-z0-9._-]{1,253})):(\\d{1,5})/?$"));
    const QRegularExpressionMatch m = re.match(text);
    HostPort out;
    if (!m.hasMatch())
        return out;
    const uint port = m.captured(3).toUInt();
    if (port == 0 || port > 65535)
        return out;
    out.host = m.captured(1).isEmpty() ? m.captured(2) : m.captured(1);
    out.port = static_cast<quint16>(port);
    out.ok = true;
    return out;
}

ResolvedEndpoint resolveEndpoint(const HostPort& address, bool allowRemote)
{
    ResolvedEndpoint out;
    QList<QHostAddress> addresses;
    if (const QHostAddress literal(address.host); !literal.isNull()) {
        addresses << literal;
    } else {
        const QHostInfo info = QHostInfo::fromName(address.host);
        addresses = info.addresses();
        if (addresses.isEmpty()) {
            out.error = WorkerAddressText::tr("cannot resolve %1: %2").arg(address.host, info.errorString());
            return out;
        }
    }
    const QHostAddress* chosen = nullptr;
    for (const QHostAddress& a : addresses)
        if (a.isLoopback()) {
            chosen = &a;
            break;
        }
    if (!chosen) {
        QStringList shown;
        for (const QHostAddress& a : addresses)
            shown << a.toString();
        if (!allowRemote) {
            out.error =
                shown.size() == 1 && shown.front() == address.host
                    ? WorkerAddressText::tr(
                          "%1 is not a loopback address; pass --allow-remote to capture from another host")
                          .arg(address.host)
                    : WorkerAddressText::tr(
                          "%1 resolves to %2, not a loopback address; pass --allow-remote to capture "
                          "from another host")
                          .arg(address.host, shown.join(QStringLiteral(", ")));
            return out;
        }
        chosen = &addresses.front();
    }
    out.endpoint.host = chosen->toString();
    out.endpoint.port = address.port;
    if (out.endpoint.host != address.host)
        out.endpoint.label =
            QStringLiteral("%1:%2 (%3)").arg(address.host).arg(address.port).arg(out.endpoint.host);
    return out;
}

QString printableExcerpt(const QByteArray& bytes, int maxChars)
{
    QString out;
    for (const char c : bytes) {
        if (out.size() >= maxChars) {
            out += QStringLiteral("...");
            break;
        }
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f)
            out += QLatin1Char(c);
        else
            out += QStringLiteral("\\x%1").arg(u, 2, 16, QLatin1Char('0'));
    }
    return out;
}

} // namespace fd
