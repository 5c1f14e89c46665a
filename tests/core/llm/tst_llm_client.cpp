// LlmClient against a fake OpenAI-compatible server on 127.0.0.1: every outcome a user can meet.
#include "tests/support/FakeLlmServer.h"

#include "core/llm/LlmBlocking.h"
#include "core/llm/LlmClient.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace fd;
using fd::test::FakeLlmServer;
using fd::test::FakeResponse;

namespace {

const QString kKey = QStringLiteral("sk-test-SECRET-0123456789");

LlmSettings settingsFor(const QString& baseUrl)
{
    LlmSettings s;
    s.baseUrl = baseUrl;
    s.model = QStringLiteral("test/model");
    s.apiKey = kKey;
    s.keySource = LlmKeySource::Explicit;
    s.keySourceDescription = QStringLiteral("the test");
    s.timeoutMs = 3000;
    s.retryBaseDelayMs = 10;
    s.maxRetryDelayMs = 300;
    s.maxRetries = 2;
    return s;
}

LlmMessages someMessages()
{
    return {LlmMessage{QStringLiteral("system"), QStringLiteral("be brief")},
            LlmMessage{QStringLiteral("user"), QStringLiteral("why did rank 3 hang?")}};
}

// Runs one request to completion and returns the outcome.
struct Outcome
{
    std::optional<LlmAnswer> answer;
    std::optional<LlmError> error;
    QStringList chunks;
    int retries = 0;
};

Outcome run(LlmClient& client, int timeoutMs = 5000)
{
    Outcome outcome;
    QObject::connect(&client, &LlmClient::textChunk, [&](const QString& t) { outcome.chunks << t; });
    QObject::connect(&client, &LlmClient::retrying, [&](int, int, const QString&) { ++outcome.retries; });
    QSignalSpy finished(&client, &LlmClient::finished);
    QSignalSpy failed(&client, &LlmClient::failed);
    client.ask(someMessages());
    // A timeout leaves both empty; the caller's QVERIFY(out.answer) or QVERIFY(out.error) then fails.
    (void)QTest::qWaitFor([&] { return finished.count() + failed.count() > 0; }, timeoutMs);
    if (!finished.isEmpty())
        outcome.answer = finished.first().first().value<LlmAnswer>();
    if (!failed.isEmpty())
        outcome.error = failed.first().first().value<LlmError>();
    client.disconnect();
    return outcome;
}

} // namespace

class TestLlmClient : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void success()
    {
        FakeLlmServer server;
        server.enqueue(FakeResponse::completion(QStringLiteral("Rank 3 never joined.\nhanging ranks: {3}")));
        LlmClient client;
        client.setSettings(settingsFor(server.baseUrl()));
        const Outcome out = run(client);
        QVERIFY2(out.answer, out.error ? qPrintable(out.error->message) : "no answer");
        QCOMPARE(out.answer->text, QStringLiteral("Rank 3 never joined.\nhanging ranks: {3}"));
        QCOMPARE(out.answer->model, QStringLiteral("fake-model"));
        QCOMPARE(out.answer->finishReason, QStringLiteral("stop"));
        QCOMPARE(out.answer->parsedRanks, std::optional<std::set<int>>(std::set<int>{3}));
        QVERIFY(out.answer->usage);
        QCOMPARE(out.answer->usage->totalTokens, 150);
        QCOMPARE(out.answer->attempts, 1);

        QCOMPARE(server.requests().size(), 1);
        const auto& request = server.requests().first();
        QCOMPARE(request.method, QByteArray("POST"));
        QCOMPARE(request.path, QByteArray("/v1/chat/completions"));
        QCOMPARE(request.headers.value("authorization"), "Bearer " + kKey.toUtf8());
        QVERIFY(request.headers.value("content-type").startsWith("application/json"));
        const auto body = nlohmann::json::parse(request.body.toStdString());
        QCOMPARE(body["model"].get<std::string>(), std::string("test/model"));
        QCOMPARE(body["stream"].get<bool>(), false);
        QCOMPARE(body["messages"].size(), std::size_t(2));
        QCOMPARE(body["messages"][1]["role"].get<std::string>(), std::string("user"));
        QVERIFY(body.contains("temperature"));
    }

    void streaming()
    {
        FakeLlmServer server;
        server.enqueue(FakeResponse::stream({QStringLiteral("Rank 3 "), QStringLiteral("is stuck.\n"),
                                             QStringLiteral("hanging ranks: [3, 5]")}));
        LlmClient client;
        LlmSettings s = settingsFor(server.baseUrl());
        s.stream = true;
        client.setSettings(s);
        const Outcome out = run(client);
        QVERIFY2(out.answer, out.error ? qPrintable(out.error->message) : "no answer");
        QCOMPARE(out.chunks, (QStringList{QStringLiteral("Rank 3 "), QStringLiteral("is stuck.\n"),
                                          QStringLiteral("hanging ranks: [3, 5]")}));
        QCOMPARE(out.answer->text, out.chunks.join(QString()));
        QCOMPARE(out.answer->parsedRanks, std::optional<std::set<int>>(std::set<int>{3, 5}));
        const auto body = nlohmann::json::parse(server.requests().first().body.toStdString());
        QCOMPARE(body["stream"].get<bool>(), true);
        QCOMPARE(server.requests().first().headers.value("accept"), QByteArray("text/event-stream"));
    }

    void streamRequestAnsweredWithPlainJson()
    {
        // Some servers ignore "stream": true; the answer must still come through.
        FakeLlmServer server;
        server.enqueue(FakeResponse::completion(QStringLiteral("whole answer")));
        LlmClient client;
        LlmSettings s = settingsFor(server.baseUrl());
        s.stream = true;
        client.setSettings(s);
        const Outcome out = run(client);
        QVERIFY(out.answer);
        QCOMPARE(out.answer->text, QStringLiteral("whole answer"));
    }

    void mislabelledStream()
    {
        // An event stream sent as text/plain (a relabelling proxy) is still read as a stream.
        FakeLlmServer server;
        FakeResponse response = FakeResponse::stream({QStringLiteral("x"), QStringLiteral("y")});
        response.body = response.sseChunks.join();
        response.sseChunks.clear();
        response.headers.clear();
        response.addHeader("Content-Type", "text/plain");
        server.enqueue(response);
        LlmClient client;
        LlmSettings s = settingsFor(server.baseUrl());
        s.stream = true;
        client.setSettings(s);
        const Outcome out = run(client);
        QVERIFY2(out.answer, out.error ? qPrintable(out.error->message) : "no answer");
        QCOMPARE(out.answer->text, QStringLiteral("xy"));
    }

    void unauthorizedNeverShowsTheKey()
    {
        FakeLlmServer server;
        // The server echoes the key back, as some gateways do.
        server.enqueue(FakeResponse::json(401, "{\"error\":{\"message\":\"Invalid API key " + kKey.toUtf8() +
                                                   " (Authorization: Bearer " + kKey.toUtf8() + ")\"}}"));
        LlmClient client;
        client.setSettings(settingsFor(server.baseUrl()));
        const Outcome out = run(client);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::Unauthorized);
        QCOMPARE(out.error->httpStatus, 401);
        QVERIFY(out.error->message.contains(QStringLiteral("401")));
        QVERIFY(out.error->message.contains(QStringLiteral("Invalid API key")));
        QVERIFY2(!out.error->message.contains(kKey), qPrintable(out.error->message));
        QVERIFY(!out.error->message.contains(QStringLiteral("SECRET")));
        QCOMPARE(server.requests().size(), 1); // a refused key does not get better by retrying
    }

    void rateLimitedThenSuccess()
    {
        FakeLlmServer server;
        FakeResponse limited = FakeResponse::json(429, "{\"error\":{\"message\":\"slow down\"}}");
        limited.addHeader("Retry-After", "1"); // 1 s, capped to maxRetryDelayMs = 300 ms
        server.enqueue(limited);
        server.enqueue(FakeResponse::completion(QStringLiteral("ok now\nhanging ranks: {}")));
        LlmClient client;
        client.setSettings(settingsFor(server.baseUrl()));
        QSignalSpy retrying(&client, &LlmClient::retrying);
        QElapsedTimer timer;
        timer.start();
        const Outcome out = run(client);
        QVERIFY2(out.answer, out.error ? qPrintable(out.error->message) : "no answer");
        QCOMPARE(server.requests().size(), 2);
        QCOMPARE(out.answer->attempts, 2);
        QCOMPARE(out.answer->parsedRanks, std::optional<std::set<int>>(std::set<int>{}));
        QCOMPARE(retrying.count(), 1);
        QCOMPARE(retrying.first().at(0).toInt(), 2);
        QCOMPARE(retrying.first().at(1).toInt(), 300); // Retry-After honoured, within the cap
        QVERIFY(timer.elapsed() >= 250);
    }

    void rateLimitedExhaustsRetries()
    {
        FakeLlmServer server;
        server.enqueue(FakeResponse::json(429, "{\"error\":\"too many\"}"));
        LlmClient client;
        client.setSettings(settingsFor(server.baseUrl()));
        const Outcome out = run(client);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::RateLimited);
        QCOMPARE(server.requests().size(), 3);
    }

    void serverErrorExhaustsRetries()
    {
        FakeLlmServer server;
        server.enqueue(FakeResponse::json(503, "{\"error\":{\"message\":\"model is loading\"}}"));
        LlmClient client;
        client.setSettings(settingsFor(server.baseUrl()));
        const Outcome out = run(client);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::ServerError);
        QCOMPARE(out.error->httpStatus, 503);
        QCOMPARE(out.error->attempts, 3);
        QCOMPARE(out.retries, 2);
        QCOMPARE(server.requests().size(), 3);
        QVERIFY(out.error->message.contains(QStringLiteral("model is loading")));
    }

    void notFoundIsNotRetried()
    {
        FakeLlmServer server;
        server.enqueue(FakeResponse::json(404, "{\"error\":{\"message\":\"no such model\"}}"));
        LlmClient client;
        client.setSettings(settingsFor(server.baseUrl()));
        const Outcome out = run(client);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::RequestRejected);
        QCOMPARE(server.requests().size(), 1);
        QVERIFY(out.error->message.contains(QStringLiteral("test/model")));
    }

    void redirectIsNotFollowed()
    {
        FakeLlmServer server;
        FakeResponse redirect = FakeResponse::json(307, "{}");
        redirect.addHeader("Location", "https://elsewhere.example/v1/chat/completions");
        server.enqueue(redirect);
        LlmClient client;
        client.setSettings(settingsFor(server.baseUrl()));
        const Outcome out = run(client);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::RequestRejected);
        QVERIFY(out.error->message.contains(QStringLiteral("elsewhere.example")));
        QCOMPARE(server.requests().size(), 1);
    }

    void timeout()
    {
        FakeLlmServer server;
        FakeResponse silent;
        silent.neverAnswer = true;
        server.enqueue(silent);
        LlmClient client;
        LlmSettings s = settingsFor(server.baseUrl());
        // Long enough for a busy machine to get each request to the server before the client gives up on it:
        // the test is that a silent server ends in a timeout error after the retries, not how fast.
        s.timeoutMs = 1500;
        s.maxRetries = 1;
        client.setSettings(s);
        const Outcome out = run(client);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::Timeout);
        QCOMPARE(server.requests().size(), 2); // timeouts are retried
        QVERIFY(out.error->message.contains(QStringLiteral("1.5 s")));
    }

    void garbageJson()
    {
        FakeLlmServer server;
        server.enqueue(FakeResponse::json(200, "this is {not json"));
        LlmClient client;
        client.setSettings(settingsFor(server.baseUrl()));
        const Outcome out = run(client);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::MalformedAnswer);
        QVERIFY(out.error->message.contains(QStringLiteral("not JSON")));
        QCOMPARE(server.requests().size(), 1);
    }

    void jsonWithoutChoices()
    {
        FakeLlmServer server;
        server.enqueue(FakeResponse::json(200, "{\"id\":\"x\",\"object\":\"chat.completion\"}"));
        LlmClient client;
        client.setSettings(settingsFor(server.baseUrl()));
        const Outcome out = run(client);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::MalformedAnswer);
    }

    void garbageInStream()
    {
        FakeLlmServer server;
        FakeResponse stream = FakeResponse::stream({QStringLiteral("first part ")});
        stream.sseChunks.insert(2, "data: {broken\n\n");
        server.enqueue(stream);
        LlmClient client;
        LlmSettings s = settingsFor(server.baseUrl());
        s.stream = true;
        client.setSettings(s);
        const Outcome out = run(client);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::MalformedAnswer);
        QCOMPARE(out.chunks, QStringList{QStringLiteral("first part ")});
        QCOMPARE(server.requests().size(), 1); // text was shown: no retry that would repeat it
    }

    void connectionRefused()
    {
        quint16 port = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
            port = probe.serverPort();
        } // closed: nothing listens there now
        LlmClient client;
        client.setSettings(settingsFor(QStringLiteral("http://127.0.0.1:%1/v1").arg(port)));
        const Outcome out = run(client);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::Unreachable);
        QVERIFY2(out.error->message.contains(QStringLiteral("refused")), qPrintable(out.error->message));
        QCOMPARE(out.error->attempts, 1);
    }

    void plainHttpToRemoteHostRefused()
    {
        LlmClient client;
        client.setSettings(settingsFor(QStringLiteral("http://llm.example.com/v1")));
        const Outcome out = run(client);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::InsecureUrl);
        QCOMPARE(out.error->attempts, 0); // nothing was sent
        QVERIFY(out.error->message.contains(QStringLiteral("llm.example.com")));
        QVERIFY(!out.error->message.contains(kKey));
    }

    void missingKey()
    {
        FakeLlmServer server;
        LlmClient client;
        LlmSettings s = settingsFor(server.baseUrl());
        s.apiKey.clear();
        client.setSettings(s);
        const Outcome out = run(client);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::MissingKey);
        QVERIFY(out.error->message.contains(QStringLiteral("LLM_API_KEY")));
        QCOMPARE(server.requests().size(), 0);
    }

    void cancel()
    {
        FakeLlmServer server;
        FakeResponse slow = FakeResponse::completion(QStringLiteral("too late"));
        slow.delayMs = 2000;
        server.enqueue(slow);
        LlmClient client;
        client.setSettings(settingsFor(server.baseUrl()));
        QSignalSpy finished(&client, &LlmClient::finished);
        QSignalSpy failed(&client, &LlmClient::failed);
        client.ask(someMessages());
        QTRY_COMPARE(server.requests().size(), 1);
        QVERIFY(client.isRunning());
        client.cancel();
        QCOMPARE(failed.count(), 1); // at once, not later
        QCOMPARE(failed.first().first().value<LlmError>().kind, LlmErrorKind::Cancelled);
        QVERIFY(!client.isRunning());
        QTest::qWait(100);
        QCOMPARE(finished.count(), 0);
        QCOMPARE(failed.count(), 1);
    }

    void outcomeNeverSynchronous()
    {
        // Even an immediate failure arrives from the event loop, so a caller may connect after ask().
        LlmClient client;
        LlmSettings s = settingsFor(QStringLiteral("http://llm.example.com/v1"));
        client.setSettings(s);
        client.ask(someMessages());
        QSignalSpy failed(&client, &LlmClient::failed);
        QTRY_COMPARE(failed.count(), 1);
    }

    void blockingHelper()
    {
        FakeLlmServer server;
        server.enqueue(FakeResponse::stream({QStringLiteral("a"), QStringLiteral("b")}));
        server.enqueue(FakeResponse::json(401, "{}"));
        LlmSettings s = settingsFor(server.baseUrl());
        s.stream = true;
        QStringList chunks;
        const LlmResult ok = askLlmBlocking(s, someMessages(), [&](const QString& t) { chunks << t; });
        QVERIFY(ok.ok());
        QCOMPARE(ok.answer->text, QStringLiteral("ab"));
        QCOMPARE(chunks, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        const LlmResult refused = askLlmBlocking(s, someMessages());
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error->kind, LlmErrorKind::Unauthorized);
    }
};

QTEST_GUILESS_MAIN(TestLlmClient)
#include "tst_llm_client.moc"
