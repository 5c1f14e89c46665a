#include "TcpStoreClient.h"

#include <QCoreApplication>
#include <QRandomGenerator>
#include <QtEndian>

#include <algorithm>

namespace fd {

namespace {

struct TcpStoreClientText
{
    Q_DECLARE_TR_FUNCTIONS(fd::TcpStoreClient)
};

// torch/csrc/distributed/c10d/TCPStoreBackend.hpp (docs/capture.md): the first byte of every query.
enum class Query : quint8
{
    Validate = 0,
    Get = 3,
    Check = 5,
    GetNumKeys = 7,
    Ping = 13,
};
constexpr quint32 kValidationMagic = 0x3C85F7CE;
constexpr quint8 kCheckReady = 0, kCheckNotReady = 1;
// More than this unread is a peer that floods; QTcpSocket would otherwise buffer all of it.
constexpr qint64 kReadBufferBytes = 64 * 1024;

template <typename T> void appendValue(QByteArray& out, T value)
{
    // torch sends its integers in host byte order; every platform it runs on is little-endian.
    const T le = qToLittleEndian(value);
    out.append(reinterpret_cast<const char*>(&le), sizeof le);
}

void appendString(QByteArray& out, const QByteArray& s)
{
    appendValue<quint64>(out, static_cast<quint64>(s.size()));
    out.append(s);
}

template <typename T> T valueAt(const QByteArray& bytes)
{
    return qFromLittleEndian<T>(bytes.constData());
}

} // namespace

TcpStoreClient::TcpStoreClient(int timeoutMs, qint64 maxValueBytes)
    : m_timeoutMs(timeoutMs), m_maxValue(maxValueBytes)
{
    m_socket.setReadBufferSize(kReadBufferBytes);
}

QByteArray TcpStoreClient::wireKey(const QString& prefix, const QString& key)
{
    // TCPStore puts "/" before every key (keyPrefix_); PrefixStore joins prefix and key with "/".
    return (QStringLiteral("/") + (prefix.isEmpty() ? key : prefix + QLatin1Char('/') + key)).toUtf8();
}

void TcpStoreClient::fail(const QString& message)
{
    if (m_error.isEmpty())
        m_error = message;
    m_socket.abort();
}

bool TcpStoreClient::open(const QString& host, quint16 port)
{
    m_deadline = QDeadlineTimer(m_timeoutMs);
    m_endpoint = QStringLiteral("%1:%2").arg(host).arg(port);
    m_socket.connectToHost(host, port);
    if (!m_socket.waitForConnected(static_cast<int>(std::max<qint64>(1, m_deadline.remainingTime())))) {
        m_handshakeFailed = true;
        m_refused = m_socket.error() == QAbstractSocket::ConnectionRefusedError;
        m_timedOut = m_socket.error() == QAbstractSocket::SocketTimeoutError;
        if (m_refused)
            fail(TcpStoreClientText::tr(
                     "connection refused: nothing listens on %1 (is the job still running, and is this its "
                     "MASTER_PORT?)")
                     .arg(m_endpoint));
        else if (m_timedOut)
            fail(TcpStoreClientText::tr("no connection to %1 within %2 ms").arg(m_endpoint).arg(m_timeoutMs));
        else
            fail(TcpStoreClientText::tr("cannot connect to %1: %2").arg(m_endpoint, m_socket.errorString()));
        return false;
    }
    const quint32 nonce = QRandomGenerator::global()->generate();
    QByteArray hello;
    hello.append(char(Query::Validate));
    appendValue<quint32>(hello, kValidationMagic);
    hello.append(char(Query::Ping));
    appendValue<quint32>(hello, nonce);
    QByteArray answer;
    if (!send(hello) || !read(4, answer, TcpStoreClientText::tr("the answer to PING"))) {
        m_handshakeFailed = true;
        return false;
    }
    if (valueAt<quint32>(answer) != nonce) {
        m_handshakeFailed = true;
        fail(TcpStoreClientText::tr(
                 "%1 answered the handshake with 0x%2, not the nonce it was sent: not a TCPStore")
                 .arg(m_endpoint, QString::fromLatin1(answer.toHex())));
        return false;
    }
    return noExtraBytes();
}

std::optional<std::vector<bool>> TcpStoreClient::exist(const std::vector<QByteArray>& keys)
{
    QByteArray query;
    for (const QByteArray& key : keys) {
        query.append(char(Query::Check));
        appendValue<quint64>(query, 1);
        appendString(query, key);
    }
    if (!send(query))
        return std::nullopt;
    std::vector<bool> out;
    out.reserve(keys.size());
    for (const QByteArray& key : keys) {
        QByteArray answer;
        if (!read(1, answer, TcpStoreClientText::tr("the answer to CHECK %1").arg(QString::fromUtf8(key))))
            return std::nullopt;
        const quint8 b = static_cast<quint8>(answer.at(0));
        if (b != kCheckReady && b != kCheckNotReady) {
            fail(TcpStoreClientText::tr(
                     "%1 answered CHECK %2 with byte 0x%3 (neither ready nor not ready): not a TCPStore, or "
                     "out of step")
                     .arg(m_endpoint, QString::fromUtf8(key))
                     .arg(uint(b), 2, 16, QLatin1Char('0')));
            return std::nullopt;
        }
        out.push_back(b == kCheckReady);
    }
    if (!noExtraBytes())
        return std::nullopt;
    return out;
}

std::optional<std::vector<QByteArray>> TcpStoreClient::values(const std::vector<QByteArray>& keys)
{
    QByteArray query;
    for (const QByteArray& key : keys) {
        query.append(char(Query::Get));
        appendString(query, key);
    }
    if (!send(query))
        return std::nullopt;
    std::vector<QByteArray> out;
    out.reserve(keys.size());
    for (const QByteArray& key : keys) {
        const QString name = QString::fromUtf8(key);
        QByteArray length;
        if (!read(8, length, TcpStoreClientText::tr("the length of %1").arg(name)))
            return std::nullopt;
        const quint64 n = valueAt<quint64>(length);
        if (n > static_cast<quint64>(m_maxValue)) {
            fail(TcpStoreClientText::tr(
                     "%1 says %2 holds %3 bytes, over the %4 a worker address can take: not torch's "
                     "debug_server key")
                     .arg(m_endpoint, name)
                     .arg(n)
                     .arg(m_maxValue));
            return std::nullopt;
        }
        QByteArray value;
        if (n > 0 &&
            !read(static_cast<qint64>(n), value, TcpStoreClientText::tr("the value of %1").arg(name)))
            return std::nullopt;
        out.push_back(value);
    }
    if (!noExtraBytes())
        return std::nullopt;
    return out;
}

std::optional<qint64> TcpStoreClient::keyCount()
{
    QByteArray answer;
    if (!send(QByteArray(1, char(Query::GetNumKeys))) ||
        !read(8, answer, TcpStoreClientText::tr("the answer to GETNUMKEYS")))
        return std::nullopt;
    if (!noExtraBytes())
        return std::nullopt;
    return valueAt<qint64>(answer);
}

bool TcpStoreClient::send(const QByteArray& bytes)
{
    if (!m_error.isEmpty())
        return false;
    if (m_socket.write(bytes) != bytes.size()) {
        fail(TcpStoreClientText::tr("cannot write to %1: %2").arg(m_endpoint, m_socket.errorString()));
        return false;
    }
    while (m_socket.bytesToWrite() > 0) {
        if (m_deadline.hasExpired() || !m_socket.waitForBytesWritten(static_cast<int>(
                                           std::max<qint64>(1, m_deadline.remainingTime())))) {
            m_timedOut = m_deadline.hasExpired();
            fail(
                m_timedOut
                    ? TcpStoreClientText::tr("%1 took no query within %2 ms").arg(m_endpoint).arg(m_timeoutMs)
                    : TcpStoreClientText::tr("%1 closed the connection: %2")
                          .arg(m_endpoint, m_socket.errorString()));
            return false;
        }
    }
    return true;
}

bool TcpStoreClient::read(qint64 n, QByteArray& out, const QString& what)
{
    if (!m_error.isEmpty())
        return false;
    while (m_buffer.size() < n) {
        if (m_socket.bytesAvailable() > 0) {
            m_buffer += m_socket.read(n - m_buffer.size());
            continue;
        }
        if (m_socket.state() != QAbstractSocket::ConnectedState) {
            fail(TcpStoreClientText::tr("%1 closed the connection after %2 of %3 bytes of %4")
                     .arg(m_endpoint)
                     .arg(m_buffer.size())
                     .arg(n)
                     .arg(what));
            return false;
        }
        const qint64 left = m_deadline.remainingTime();
        if (left == 0 || !m_socket.waitForReadyRead(static_cast<int>(std::max<qint64>(1, left)))) {
            if (m_socket.bytesAvailable() > 0)
                continue;
            if (m_socket.state() == QAbstractSocket::ConnectedState &&
                m_socket.error() != QAbstractSocket::RemoteHostClosedError) {
                m_timedOut = true;
                fail(TcpStoreClientText::tr("no answer from %1 within %2 ms (waiting for %3)")
                         .arg(m_endpoint)
                         .arg(m_timeoutMs)
                         .arg(what));
            } else {
                fail(TcpStoreClientText::tr("%1 closed the connection after %2 of %3 bytes of %4")
                         .arg(m_endpoint)
                         .arg(m_buffer.size())
                         .arg(n)
                         .arg(what));
            }
            return false;
        }
    }
    out = m_buffer.left(n);
    m_buffer.remove(0, n);
    return true;
}

bool TcpStoreClient::noExtraBytes()
{
    const qint64 extra = m_buffer.size() + m_socket.bytesAvailable();
    if (extra == 0)
        return true;
    fail(TcpStoreClientText::tr("%1 sent %2 byte(s) it was not asked for: not a TCPStore, or out of step")
             .arg(m_endpoint)
             .arg(extra));
    return false;
}

} // namespace fd
