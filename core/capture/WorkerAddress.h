#pragma once

#include "CaptureEndpoint.h"

#include <QByteArray>
#include <QString>

namespace fd {

// host and port of a worker server or a store, as a user types them or as torch's debug server stores them
// (docs/capture.md).
struct HostPort
{
    QString host; // a name or an address, without brackets
    quint16 port = 0;
    bool ok = false;
};

// "host:port", "[::1]:port" or "http://host:port" (optionally ending in "/"): nothing else, so that nothing
// from a store (a path, a query, credentials) ever reaches a request. A host is letters, digits, '.', '-',
// '_' or a bracketed IPv6 address.
HostPort parseHostPort(const QString& text);

struct ResolvedEndpoint
{
    CaptureEndpoint
        endpoint;  // host is the address connected to (resolved once, so the address checked is the one used)
    QString error; // empty when usable
};

// Resolves the host (a literal address as it is, a name through the system resolver) and applies the
// loopback rule to the address: a loopback address among the results is used; another is refused unless
// allowRemote, with an error naming both ("vm resolves to 10.1.2.3, not a loopback address").
ResolvedEndpoint resolveEndpoint(const HostPort& address, bool allowRemote);

// At most `maxChars` of `bytes` as printable ASCII (anything else as \xNN): how a garbage value from a store
// or a server is quoted in an error line, so that it cannot move the terminal's cursor or forge a line.
QString printableExcerpt(const QByteArray& bytes, int maxChars = 80);

} // namespace fd
