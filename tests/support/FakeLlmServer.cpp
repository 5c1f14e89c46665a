#include "FakeLlmServer.h"

#include <QHostAddress>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <nlohmann/json.hpp>

namespace fd::test {

namespace {

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 307:
        return "Temporary Redirect";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}

QByteArray toBytes(const nlohmann::json& value)
{
    const std::string text = value.dump();
    return QByteArray(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace

FakeResponse FakeResponse::json(int status, const QByteArray& body)
{
    FakeResponse response;
    response.status = status;
    response.addHeader("Content-Type", "application/json");
    response.body = body;
    return response;
}

FakeResponse FakeResponse::completion(const QString& text, const QString& model)
{
    const nlohmann::json body = {
        {"id", "chatcmpl-1"},
        {"object", "chat.completion"},
        {"model", model.toStdString()},
        {"choices",
         {{{"index", 0},
           {"message", {{"role", "assistant"}, {"content", text.toStdString()}}},
           {"finish_reason", "stop"}}}},
        {"usage", {{"prompt_tokens", 120}, {"completion_tokens", 30}, {"total_tokens", 150}}}};
    return json(200, toBytes(body));
}

FakeResponse FakeResponse::stream(const QStringList& pieces)
{
    FakeResponse response;
    response.addHeader("Content-Type", "text/event-stream");
    response.sseChunks.append("data: " +
                              toBytes({{"model", "fake-model"},
                                       {"choices", {{{"index", 0}, {"delta", {{"role", "assistant"}}}}}}}) +
                              "\n\n");
    for (const QString& piece : pieces) {
        const nlohmann::json chunk = {
            {"model", "fake-model"},
            {"choices",
             {{{"index", 0}, {"delta", {{"content", piece.toStdString()}}}, {"finish_reason", nullptr}}}}};
        response.sseChunks.append("data: " + toBytes(chunk) + "\n\n");
    }
    response.sseChunks.append("data: [DONE]\n\n");
    return response;
}

FakeLlmServer::FakeLlmServer(QObject* parent) : QObject(parent), m_server(new QTcpServer(this))
{
    m_server->listen(QHostAddress::LocalHost, 0);
    connect(m_server, &QTcpServer::newConnection, this, &FakeLlmServer::onNewConnection);
    m_last = FakeResponse::completion(QStringLiteral("default answer"));
}

FakeLlmServer::~FakeLlmServer() = default;

quint16 FakeLlmServer::port() const
{
    return m_server->serverPort();
}

QString FakeLlmServer::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1/v1").arg(port());
}

void FakeLlmServer::enqueue(const FakeResponse& response)
{
    m_queue.append(response);
}

FakeResponse FakeLlmServer::nextResponse()
{
    if (!m_queue.isEmpty())
        m_last = m_queue.takeFirst();
    return m_last;
}

void FakeLlmServer::onNewConnection()
{
    while (QTcpSocket* socket = m_server->nextPendingConnection()) {
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_buffers.remove(socket);
            socket->deleteLater();
        });
    }
}

void FakeLlmServer::onReadyRead(QTcpSocket* socket)
{
    QByteArray& buffer = m_buffers[socket];
    buffer.append(socket->readAll());
    const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0)
        return;
    FakeRequest request;
    const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    request.method = requestLine.value(0);
    request.path = requestLine.value(1);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            request.headers.insert(lines[i].left(colon).trimmed().toLower(),
                                   lines[i].mid(colon + 1).trimmed());
    }
    const qsizetype length = request.headers.value("content-length", "0").toLongLong();
    if (buffer.size() < headerEnd + 4 + length)
        return; // body still on its way
    request.body = buffer.mid(headerEnd + 4, length);
    buffer.remove(0, headerEnd + 4 + length);
    m_requests.append(request);
    respond(socket, nextResponse());
}

void FakeLlmServer::respond(QTcpSocket* socket, const FakeResponse& response)
{
    if (response.neverAnswer)
        return;
    QPointer<QTcpSocket> guard(socket);
    QTimer::singleShot(response.delayMs, this, [guard, response] {
        if (!guard)
            return;
        QByteArray head =
            "HTTP/1.1 " + QByteArray::number(response.status) + ' ' + reasonPhrase(response.status) + "\r\n";
        for (const auto& [name, value] : response.headers)
            head += name + ": " + value + "\r\n";
        head += "Connection: close\r\n";
        if (response.sseChunks.isEmpty()) {
            head += "Content-Length: " + QByteArray::number(response.body.size()) + "\r\n\r\n";
            guard->write(head + response.body);
            guard->disconnectFromHost();
            return;
        }
        head += "Transfer-Encoding: chunked\r\n\r\n";
        guard->write(head);
        guard->flush();
        // One HTTP chunk per SSE chunk, spaced out in time so each arrives in its own read.
        for (qsizetype i = 0; i <= response.sseChunks.size(); ++i) {
            QTimer::singleShot(static_cast<int>((i + 1) * response.chunkIntervalMs), guard.data(),
                               [guard, response, i] {
                                   if (!guard)
                                       return;
                                   if (i == response.sseChunks.size()) {
                                       guard->write("0\r\n\r\n");
                                       guard->disconnectFromHost();
                                       return;
                                   }
                                   const QByteArray& data = response.sseChunks[i];
                                   guard->write(QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n");
                                   guard->flush();
                               });
        }
    });
}

} // namespace fd::test
