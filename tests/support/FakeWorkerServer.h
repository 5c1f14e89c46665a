#pragma once

// A torch worker server stand-in on a Unix socket, made by the test itself: it answers each request line with
// a canned raw HTTP response, or never answers (a stuck process), or keeps trickling bytes (a hostile one).

#include <QByteArray>
#include <QFile>
#include <QLocalServer>
#include <QLocalSocket>
#include <QObject>
#include <QTimer>
#include <QtTest>

#include <map>

namespace fd::test {

class FakeWorkerServer : public QObject
{
public:
    std::map<QByteArray, QByteArray> answers; // "GET /handler/" -> raw response; missing: never answers
    // After its answer, the connection stays open and `trickle` is sent every 20 ms for as long as the client
    // listens (empty: the server closes after answering).
    QByteArray trickle;
    // Requests ("POST /handler/fr_trace_json") closed without a byte that many times before they are
    // answered.
    std::map<QByteArray, int> dropFirst;

    explicit FakeWorkerServer(const QString& path)
    {
        QLocalServer::removeServer(path);
        QVERIFY(m_server.listen(path));
        connect(&m_server, &QLocalServer::newConnection, this, [this] {
            while (QLocalSocket* s = m_server.nextPendingConnection()) {
                connect(s, &QLocalSocket::readyRead, s, [this, s] {
                    m_request += s->readAll();
                    if (!m_request.contains("\r\n\r\n"))
                        return;
                    const QList<QByteArray> line = m_request.left(m_request.indexOf('\r')).split(' ');
                    m_request.clear();
                    const QByteArray key = line.value(0) + ' ' + line.value(1);
                    if (int& drops = dropFirst[key]; drops > 0) {
                        --drops;
                        s->disconnectFromServer();
                        return;
                    }
                    const auto it = answers.find(key);
                    if (it == answers.end())
                        return; // a stuck process: accepts, never answers
                    s->write(it->second);
                    s->flush();
                    if (trickle.isEmpty()) {
                        s->disconnectFromServer();
                        return;
                    }
                    auto* timer = new QTimer(s);
                    connect(timer, &QTimer::timeout, s, [this, s] {
                        if (s->state() == QLocalSocket::ConnectedState)
                            s->write(trickle);
                    });
                    timer->start(20);
                });
            }
        });
    }

private:
    QLocalServer m_server;
    QByteArray m_request;
};

inline QByteArray response(int status, const QByteArray& body, bool withLength = true)
{
    QByteArray r = "HTTP/1.1 " + QByteArray::number(status) + " X\r\nContent-Type: text/plain\r\n";
    if (withLength)
        r += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    return r + "\r\n" + body;
}

} // namespace fd::test
