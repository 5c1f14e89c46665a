#pragma once

#include <QByteArray>
#include <QDeadlineTimer>
#include <QString>
#include <QTcpSocket>

#include <optional>
#include <vector>

namespace fd {

// A read-only client of torch's TCPStore (the job's MASTER_ADDR:MASTER_PORT), written from its wire protocol
// (docs/capture.md, "The job's TCPStore"). It sends only the queries that read: VALIDATE and PING (the
// handshake every torch client makes), CHECK, GET and GETNUMKEYS. It never sets, adds, appends, deletes or
// waits, so it cannot change the job's store, and it asks GET only for keys CHECK found: torch's own get()
// waits for a missing key, and the legacy server drops a client that GETs one.
//
// Blocking, on one connection, within one deadline for everything (the CLI calls it directly, the GUI from
// the capture's thread). Every failure is one line naming what happened: refused, no answer, closed midway,
// a length over the cap, an answer that is not the protocol's, bytes nobody asked for.
class TcpStoreClient
{
public:
    static constexpr qint64 kMaxValueBytes = 4096; // a worker address; anything longer is not one

    explicit TcpStoreClient(int timeoutMs, qint64 maxValueBytes = kMaxValueBytes);

    // Connects and makes the handshake (VALIDATE with torch's magic number, then PING with a nonce that must
    // come back). False with error() set.
    bool open(const QString& host, quint16 port);
    // CHECK per key, pipelined: whether each key exists, in order. nullopt with error() set.
    std::optional<std::vector<bool>> exist(const std::vector<QByteArray>& keys);
    // GET per key, pipelined; only for keys exist() found. nullopt with error() set.
    std::optional<std::vector<QByteArray>> values(const std::vector<QByteArray>& keys);
    // GETNUMKEYS: how many keys the whole store holds.
    std::optional<qint64> keyCount();

    const QString& error() const { return m_error; }
    bool timedOut() const { return m_timedOut; }
    bool refused() const { return m_refused; }
    // The connection never carried one answer of the protocol (refused, silent or closed at the handshake):
    // the port may be something else than a TCPStore.
    bool handshakeFailed() const { return m_handshakeFailed; }

    // The key torch writes for `key` in a PrefixStore(prefix) over a TCPStore: "/" + prefix + "/" + key.
    static QByteArray wireKey(const QString& prefix, const QString& key);

private:
    bool send(const QByteArray& bytes);
    bool read(qint64 n, QByteArray& out, const QString& what);
    bool noExtraBytes();
    void fail(const QString& message);

    QTcpSocket m_socket;
    int m_timeoutMs;
    qint64 m_maxValue;
    QDeadlineTimer m_deadline;
    QByteArray m_buffer;
    QString m_endpoint;
    QString m_error;
    bool m_timedOut = false;
    bool m_refused = false;
    bool m_handshakeFailed = false;
};

} // namespace fd
