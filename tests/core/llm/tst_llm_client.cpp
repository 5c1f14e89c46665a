// LlmClient against a fake OpenAI-compatible server on 127.0.0.1: every outcome a user can meet.
#include "tests/support/LlmExchange.h"

#include "core/llm/LlmBlocking.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace fd;
using fd::test::FakeResponse;
using fd::test::LlmExchange;
using Outcome = fd::test::LlmOutcome;

namespace {

const QString kKey = QStringLiteral("sk-test-SECRET-0123456789");

LlmSettings settingsFor(const QString& baseUrl)
{
    return fd::test::fakeServerSettings(baseUrl, kKey);
}

LlmMessages someMessages()
{
    return {LlmMessage{QStringLiteral("system"), QStringLiteral("be brief")},
            LlmMessage{QStringLiteral("user"), QStringLiteral("why did rank 3 hang?")}};
}

// Runs one request to completion and returns the outcome.
Outcome ask(LlmExchange& x)
{
    return x.ask(someMessages(), 5000);
}

Outcome run(LlmClient& client)
{
    return fd::test::runLlmClient(client, someMessages(), 5000);
}

} // namespace

class TestLlmClient : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void success()
    {
        LlmExchange x(kKey);
        x.server.enqueue(
            FakeResponse::completion(QStringLiteral("Rank 3 never joined.\nhanging ranks: {3}")));
        const Outcome out = ask(x);
        QVERIFY2(out.answer, out.error ? qPrintable(out.error->message) : "no answer");
        QCOMPARE(out.answer->text, QStringLiteral("Rank 3 never joined.\nhanging ranks: {3}"));
        QCOMPARE(out.answer->model, QStringLiteral("fake-model"));
        QCOMPARE(out.answer->finishReason, QStringLiteral("stop"));
        QCOMPARE(out.answer->parsedRanks, std::optional<std::set<int>>(std::set<int>{3}));
        QVERIFY(out.answer->usage);
        QCOMPARE(out.answer->usage->totalTokens, 150);
        QCOMPARE(out.answer->attempts, 1);

        QCOMPARE(x.server.requests().size(), 1);
        const auto& request = x.server.requests().first();
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
        LlmExchange x(kKey);
        x.server.enqueue(FakeResponse::stream({QStringLiteral("Rank 3 "), QStringLiteral("is stuck.\n"),
                                               QStringLiteral("hanging ranks: [3, 5]")}));
        x.settings.stream = true;
        const Outcome out = ask(x);
        QVERIFY2(out.answer, out.error ? qPrintable(out.error->message) : "no answer");
        QCOMPARE(out.chunks, (QStringList{QStringLiteral("Rank 3 "), QStringLiteral("is stuck.\n"),
                                          QStringLiteral("hanging ranks: [3, 5]")}));
        QCOMPARE(out.answer->text, out.chunks.join(QString()));
        QCOMPARE(out.answer->parsedRanks, std::optional<std::set<int>>(std::set<int>{3, 5}));
        const auto body = nlohmann::json::parse(x.server.requests().first().body.toStdString());
        QCOMPARE(body["stream"].get<bool>(), true);
        QCOMPARE(x.server.requests().first().headers.value("accept"), QByteArray("text/event-stream"));
    }

    void streamRequestAnsweredWithPlainJson()
    {
        // Some servers ignore "stream": true; the answer must still come through.
        LlmExchange x(kKey);
        x.server.enqueue(FakeResponse::completion(QStringLiteral("whole answer")));
        x.settings.stream = true;
        const Outcome out = ask(x);
        QVERIFY(out.answer);
        QCOMPARE(out.answer->text, QStringLiteral("whole answer"));
    }

    void mislabelledStream()
    {
        // An event stream sent as text/plain (a relabelling proxy) is still read as a stream.
        LlmExchange x(kKey);
        FakeResponse response = FakeResponse::stream({QStringLiteral("x"), QStringLiteral("y")});
        response.body = response.sseChunks.join();
        response.sseChunks.clear();
        response.headers.clear();
        response.addHeader("Content-Type", "text/plain");
        x.server.enqueue(response);
        x.settings.stream = true;
        const Outcome out = ask(x);
        QVERIFY2(out.answer, out.error ? qPrintable(out.error->message) : "no answer");
        QCOMPARE(out.answer->text, QStringLiteral("xy"));
    }

    void unauthorizedNeverShowsTheKey()
    {
        LlmExchange x(kKey);
        // The server echoes the key back, as some gateways do.
        x.server.enqueue(FakeResponse::json(401, "{\"error\":{\"message\":\"Invalid API key " +
                                                     kKey.toUtf8() + " (Authorization: Bearer " +
                                                     kKey.toUtf8() + ")\"}}"));
        const Outcome out = ask(x);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::Unauthorized);
        QCOMPARE(out.error->httpStatus, 401);
        QVERIFY(out.error->message.contains(QStringLiteral("401")));
        QVERIFY(out.error->message.contains(QStringLiteral("Invalid API key")));
        QVERIFY2(!out.error->message.contains(kKey), qPrintable(out.error->message));
        QVERIFY(!out.error->message.contains(QStringLiteral("SECRET")));
        QCOMPARE(x.server.requests().size(), 1); // a refused key does not get better by retrying
    }

    void rateLimitedThenSuccess()
    {
        LlmExchange x(kKey);
        FakeResponse limited = FakeResponse::json(429, "{\"error\":{\"message\":\"slow down\"}}");
        limited.addHeader("Retry-After", "1"); // 1 s, capped to maxRetryDelayMs = 300 ms
        x.server.enqueue(limited);
        x.server.enqueue(FakeResponse::completion(QStringLiteral("ok now\nhanging ranks: {}")));
        QSignalSpy retrying(&x.client, &LlmClient::retrying);
        QElapsedTimer timer;
        timer.start();
        const Outcome out = ask(x);
        QVERIFY2(out.answer, out.error ? qPrintable(out.error->message) : "no answer");
        QCOMPARE(x.server.requests().size(), 2);
        QCOMPARE(out.answer->attempts, 2);
        QCOMPARE(out.answer->parsedRanks, std::optional<std::set<int>>(std::set<int>{}));
        QCOMPARE(retrying.count(), 1);
        QCOMPARE(retrying.first().at(0).toInt(), 2);
        QCOMPARE(retrying.first().at(1).toInt(), 300); // Retry-After honoured, within the cap
        QVERIFY(timer.elapsed() >= 250);
    }

    void rateLimitedExhaustsRetries()
    {
        LlmExchange x(kKey);
        x.server.enqueue(FakeResponse::json(429, "{\"error\":\"too many\"}"));
        const Outcome out = ask(x);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::RateLimited);
        QCOMPARE(x.server.requests().size(), 3);
    }

    void serverErrorExhaustsRetries()
    {
        LlmExchange x(kKey);
        x.server.enqueue(FakeResponse::json(503, "{\"error\":{\"message\":\"model is loading\"}}"));
        const Outcome out = ask(x);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::ServerError);
        QCOMPARE(out.error->httpStatus, 503);
        QCOMPARE(out.error->attempts, 3);
        QCOMPARE(out.retries, 2);
        QCOMPARE(x.server.requests().size(), 3);
        QVERIFY(out.error->message.contains(QStringLiteral("model is loading")));
    }

    void notFoundIsNotRetried()
    {
        LlmExchange x(kKey);
        x.server.enqueue(FakeResponse::json(404, "{\"error\":{\"message\":\"no such model\"}}"));
        const Outcome out = ask(x);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::RequestRejected);
        QCOMPARE(x.server.requests().size(), 1);
        QVERIFY(out.error->message.contains(QStringLiteral("test/model")));
    }

    void redirectIsNotFollowed()
    {
        LlmExchange x(kKey);
        FakeResponse redirect = FakeResponse::json(307, "{}");
        redirect.addHeader("Location", "https://elsewhere.example/v1/chat/completions");
        x.server.enqueue(redirect);
        const Outcome out = ask(x);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::RequestRejected);
        QVERIFY(out.error->message.contains(QStringLiteral("elsewhere.example")));
        QCOMPARE(x.server.requests().size(), 1);
    }

    void timeout()
    {
        LlmExchange x(kKey);
        FakeResponse silent;
        silent.neverAnswer = true;
        x.server.enqueue(silent);
        // Long enough for a busy machine to get each request to the server before the client gives up on it:
        // the test is that a silent server ends in a timeout error after the retries, not how fast.
        x.settings.timeoutMs = 1500;
        x.settings.maxRetries = 1;
        const Outcome out = ask(x);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::Timeout);
        QCOMPARE(x.server.requests().size(), 2); // timeouts are retried
        QVERIFY(out.error->message.contains(QStringLiteral("1.5 s")));
    }

    void garbageJson()
    {
        LlmExchange x(kKey);
        x.server.enqueue(FakeResponse::json(200, "this is {not json"));
        const Outcome out = ask(x);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::MalformedAnswer);
        QVERIFY(out.error->message.contains(QStringLiteral("not JSON")));
        QCOMPARE(x.server.requests().size(), 1);
    }

    void jsonWithoutChoices()
    {
        LlmExchange x(kKey);
        x.server.enqueue(FakeResponse::json(200, "{\"id\":\"x\",\"object\":\"chat.completion\"}"));
        const Outcome out = ask(x);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::MalformedAnswer);
    }

    void garbageInStream()
    {
        LlmExchange x(kKey);
        FakeResponse stream = FakeResponse::stream({QStringLiteral("first part ")});
        stream.sseChunks.insert(2, "data: {broken\n\n");
        x.server.enqueue(stream);
        x.settings.stream = true;
        const Outcome out = ask(x);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::MalformedAnswer);
        QCOMPARE(out.chunks, QStringList{QStringLiteral("first part ")});
        QCOMPARE(x.server.requests().size(), 1); // text was shown: no retry that would repeat it
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
        LlmExchange x(kKey);
        x.settings.apiKey.clear();
        const Outcome out = ask(x);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::MissingKey);
        QVERIFY(out.error->message.contains(QStringLiteral("LLM_API_KEY")));
        QCOMPARE(x.server.requests().size(), 0);
    }

    void cancel()
    {
        LlmExchange x(kKey);
        FakeResponse slow = FakeResponse::completion(QStringLiteral("too late"));
        slow.delayMs = 2000;
        x.server.enqueue(slow);
        LlmClient& client = x.client;
        client.setSettings(x.settings);
        QSignalSpy finished(&client, &LlmClient::finished);
        QSignalSpy failed(&client, &LlmClient::failed);
        client.ask(someMessages());
        QTRY_COMPARE(x.server.requests().size(), 1);
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
        LlmExchange x(kKey);
        x.server.enqueue(FakeResponse::stream({QStringLiteral("a"), QStringLiteral("b")}));
        x.server.enqueue(FakeResponse::json(401, "{}"));
        x.settings.stream = true;
        QStringList chunks;
        const LlmResult ok =
            askLlmBlocking(x.settings, someMessages(), [&](const QString& t) { chunks << t; });
        QVERIFY(ok.ok());
        QCOMPARE(ok.answer->text, QStringLiteral("ab"));
        QCOMPARE(chunks, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        const LlmResult refused = askLlmBlocking(x.settings, someMessages());
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error->kind, LlmErrorKind::Unauthorized);
    }
};

QTEST_GUILESS_MAIN(TestLlmClient)
#include "tst_llm_client.moc"
