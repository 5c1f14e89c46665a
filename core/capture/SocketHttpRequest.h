#pragma once

#include "CaptureEndpoint.h"
#include "HttpResponseParser.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QTimer>

class QIODevice;

namespace fd {

struct HttpOutcome
{
    bool ok = false; // a complete answer with status 200
    int status = 0;  // 0: no HTTP answer at all
    QByteArray body;
    QString error; // when !ok: one line, no endpoint name (the caller adds it)
    bool timedOut = false;
    bool refused = false; // no connection at all (nothing listens on the socket any more)

    // The server never answered: the process is stuck hard or gone (a garbage answer is an answer).
    bool noAnswer() const { return timedOut || refused; }
};

// One HTTP/1.1 request to a worker server over a Unix socket (QLocalSocket) or TCP (QTcpSocket).
// Qt 6.4's QNetworkAccessManager cannot speak HTTP over a Unix socket (docs/capture.md), and torch's
// server needs only a plain request with Content-Length answers, so this small client does it.
// Emits finished() exactly once, from the event loop; the request is aborted at `timeoutMs`.
class SocketHttpRequest : public QObject
{
    Q_OBJECT
public:
    SocketHttpRequest(const CaptureEndpoint& endpoint, QByteArray method, QByteArray pathAndQuery,
                      int timeoutMs, std::int64_t maxBodyBytes, QObject* parent = nullptr);
    void start();

Q_SIGNALS:
    void finished(const fd::HttpOutcome& outcome);

private:
    void onConnected();
    void onReadyRead();
    void onClosed();
    void onSocketError(const QString& message, bool refused);
    void finish(HttpOutcome outcome);

    CaptureEndpoint m_endpoint;
    QByteArray m_method;
    QByteArray m_path;
    int m_timeoutMs;
    HttpResponseParser m_parser;
    QPointer<QIODevice> m_socket;
    QTimer m_timer;
    bool m_done = false;
};

// Runs one request to completion in a local event loop (the CLI, tests).
HttpOutcome httpRequestBlocking(const CaptureEndpoint& endpoint, const QByteArray& method,
                                const QByteArray& pathAndQuery, int timeoutMs, std::int64_t maxBodyBytes);

} // namespace fd
