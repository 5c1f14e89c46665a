#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QObject>
#include <QPair>
#include <QString>
#include <QStringList>

class QTcpServer;
class QTcpSocket;

namespace fd::test {

// What the fake server answers to one request.
struct FakeResponse
{
    int status = 200;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QList<QByteArray> sseChunks; // non-empty: a chunked text/event-stream, one write per chunk
    int delayMs = 0;             // before the status line
    int chunkIntervalMs = 30;    // between SSE chunks, so the client sees them as separate reads
    bool neverAnswer = false;    // read the request, then stay silent (timeout tests)

    void addHeader(const QByteArray& name, const QByteArray& value)
    {
        headers.append(qMakePair(name, value));
    }

    static FakeResponse json(int status, const QByteArray& body);
    // A chat completion whose message content is `text`, with a usage object.
    static FakeResponse completion(const QString& text, const QString& model = QStringLiteral("fake-model"));
    // `data: {"choices":[{"delta":{"content":piece}}]}` per piece, then `data: [DONE]`.
    static FakeResponse stream(const QStringList& pieces);
};

struct FakeRequest
{
    QByteArray method;
    QByteArray path;
    QMap<QByteArray, QByteArray> headers; // names lower-cased
    QByteArray body;
};

// A scriptable OpenAI-compatible HTTP/1.1 server on 127.0.0.1 (random port) for the LLM client tests.
// Responses are used in the order they were queued; the last one repeats once the queue runs dry.
class FakeLlmServer : public QObject
{
    Q_OBJECT
public:
    explicit FakeLlmServer(QObject* parent = nullptr);
    ~FakeLlmServer() override;

    quint16 port() const;
    QString baseUrl() const; // http://127.0.0.1:<port>/v1
    void enqueue(const FakeResponse& response);
    const QList<FakeRequest>& requests() const { return m_requests; }

private:
    void onNewConnection();
    void onReadyRead(QTcpSocket* socket);
    void respond(QTcpSocket* socket, const FakeResponse& response);
    FakeResponse nextResponse();

    QTcpServer* m_server = nullptr;
    QList<FakeResponse> m_queue;
    FakeResponse m_last;
    QList<FakeRequest> m_requests;
    QMap<QTcpSocket*, QByteArray> m_buffers;
};

} // namespace fd::test
