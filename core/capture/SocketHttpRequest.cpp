#include "SocketHttpRequest.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QLocalSocket>
#include <QTcpSocket>

namespace fd {

namespace {

struct SocketHttpRequestText
{
    Q_DECLARE_TR_FUNCTIONS(fd::SocketHttpRequest)
};

} // namespace

SocketHttpRequest::SocketHttpRequest(const CaptureEndpoint& endpoint, QByteArray method,
                                     QByteArray pathAndQuery, int timeoutMs, std::int64_t maxBodyBytes,
                                     QObject* parent)
    : QObject(parent), m_endpoint(endpoint), m_method(std::move(method)), m_path(std::move(pathAndQuery)),
      m_timeoutMs(timeoutMs), m_parser(maxBodyBytes)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        HttpOutcome o;
        o.timedOut = true;
        o.error = SocketHttpRequestText::tr("no answer within %1 ms").arg(m_timeoutMs);
        finish(o);
    });
}

void SocketHttpRequest::start()
{
    m_timer.start(m_timeoutMs);
    if (m_endpoint.isUnix()) {
        auto* s = new QLocalSocket(this);
        m_socket = s;
        connect(s, &QLocalSocket::connected, this, &SocketHttpRequest::onConnected);
        connect(s, &QLocalSocket::readyRead, this, &SocketHttpRequest::onReadyRead);
        connect(s, &QLocalSocket::disconnected, this, &SocketHttpRequest::onClosed);
        connect(s, &QLocalSocket::errorOccurred, this, [this, s](QLocalSocket::LocalSocketError e) {
            if (e == QLocalSocket::PeerClosedError)
                onClosed();
            else
                onSocketError(s->errorString(), e == QLocalSocket::ConnectionRefusedError ||
                                                    e == QLocalSocket::ServerNotFoundError);
        });
        s->connectToServer(m_endpoint.socketPath);
    } else {
        auto* s = new QTcpSocket(this);
        m_socket = s;
        connect(s, &QTcpSocket::connected, this, &SocketHttpRequest::onConnected);
        connect(s, &QTcpSocket::readyRead, this, &SocketHttpRequest::onReadyRead);
        connect(s, &QTcpSocket::disconnected, this, &SocketHttpRequest::onClosed);
        connect(s, &QTcpSocket::errorOccurred, this, [this, s](QAbstractSocket::SocketError e) {
            if (e == QAbstractSocket::RemoteHostClosedError)
                onClosed();
            else
                onSocketError(s->errorString(), e == QAbstractSocket::ConnectionRefusedError);
        });
        s->connectToHost(m_endpoint.host, m_endpoint.port);
    }
}

void SocketHttpRequest::onConnected()
{
    // Host is mandatory in HTTP/1.1; a Unix socket has none, so "localhost" as curl --unix-socket sends it.
    const QByteArray host = m_endpoint.isUnix()
                                ? QByteArrayLiteral("localhost")
                                : m_endpoint.host.toUtf8() + ':' + QByteArray::number(m_endpoint.port);
    QByteArray req = m_method + ' ' + m_path + " HTTP/1.1\r\nHost: " + host +
                     "\r\nUser-Agent: flightdeck\r\nAccept: */*\r\nConnection: close\r\n";
    if (m_method == "POST")
        req += "Content-Length: 0\r\n";
    req += "\r\n";
    m_socket->write(req);
}

void SocketHttpRequest::onReadyRead()
{
    if (m_done || !m_socket)
        return;
    const HttpResponseParser::State st = m_parser.feed(m_socket->readAll());
    if (st != HttpResponseParser::State::Incomplete)
        onClosed();
}

void SocketHttpRequest::onClosed()
{
    if (m_done)
        return;
    if (m_socket && m_parser.state() == HttpResponseParser::State::Incomplete)
        m_parser.feed(m_socket->readAll());
    HttpOutcome o;
    if (m_parser.finish() == HttpResponseParser::State::Failed) {
        o.error = m_parser.error();
        o.status = m_parser.status();
    } else {
        o.status = m_parser.status();
        o.body = m_parser.body();
        o.ok = o.status == 200;
        if (!o.ok)
            o.error = SocketHttpRequestText::tr("HTTP %1: %2")
                          .arg(o.status)
                          .arg(QString::fromUtf8(o.body.left(200)).simplified());
    }
    finish(o);
}

void SocketHttpRequest::onSocketError(const QString& message, bool refused)
{
    HttpOutcome o;
    o.error = message;
    o.refused = refused;
    finish(o);
}

void SocketHttpRequest::finish(HttpOutcome outcome)
{
    if (m_done)
        return;
    m_done = true;
    m_timer.stop();
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->close();
    }
    // Queued, so that finished() never fires from inside start() and the socket's own signals have returned.
    QMetaObject::invokeMethod(
        this, [this, outcome] { Q_EMIT finished(outcome); }, Qt::QueuedConnection);
}

HttpOutcome httpRequestBlocking(const CaptureEndpoint& endpoint, const QByteArray& method,
                                const QByteArray& pathAndQuery, int timeoutMs, std::int64_t maxBodyBytes)
{
    QEventLoop loop;
    HttpOutcome result;
    SocketHttpRequest req(endpoint, method, pathAndQuery, timeoutMs, maxBodyBytes);
    QObject::connect(&req, &SocketHttpRequest::finished, &loop, [&](const HttpOutcome& o) {
        result = o;
        loop.quit();
    });
    req.start();
    loop.exec();
    return result;
}

} // namespace fd
