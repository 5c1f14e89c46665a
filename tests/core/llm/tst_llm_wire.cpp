// The wire format without a server: SSE framing, completion bodies, error bodies, key scrubbing.
#include "core/llm/LlmError.h"
#include "core/llm/LlmResponse.h"
#include "core/llm/SseParser.h"

#include <QTest>

using namespace fd;

class TestLlmWire : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sseSplitAnywhere()
    {
        const QByteArray stream =
            ": keep-alive\n\ndata: {\"a\":1}\r\n\r\nevent: x\ndata: line1\ndata: line2\n\ndata: [DONE]\n\n";
        // Feeding byte by byte must give the same events as feeding it whole.
        for (int step : {1, 3, 7, int(stream.size())}) {
            SseParser parser;
            QList<SseEvent> events;
            for (qsizetype i = 0; i < stream.size(); i += step)
                events += parser.feed(stream.mid(i, step));
            events += parser.finish();
            QCOMPARE(events.size(), 3);
            QCOMPARE(events[0].data, QByteArray("{\"a\":1}"));
            QCOMPARE(events[1].event, QByteArray("x"));
            QCOMPARE(events[1].data, QByteArray("line1\nline2"));
            QCOMPARE(events[2].data, QByteArray("[DONE]"));
        }
    }

    void sseUnterminatedLastEvent()
    {
        SseParser parser;
        QVERIFY(parser.feed("data: tail").isEmpty());
        const QList<SseEvent> events = parser.finish();
        QCOMPARE(events.size(), 1);
        QCOMPARE(events[0].data, QByteArray("tail"));
    }

    void completionBody()
    {
        CompletionPart part = parseCompletionBody(
            R"({"model":"m","choices":[{"message":{"content":"hi"},"finish_reason":"length"}],"usage":{"prompt_tokens":3,"completion_tokens":4}})");
        QVERIFY(part.problem.isEmpty());
        QCOMPARE(part.text, QStringLiteral("hi"));
        QCOMPARE(part.model, QStringLiteral("m"));
        QCOMPARE(part.finishReason, QStringLiteral("length"));
        QCOMPARE(part.usage->totalTokens, 7);

        QVERIFY(!parseCompletionBody("<html>502 Bad Gateway</html>").problem.isEmpty());
        QVERIFY(!parseCompletionBody("[]").problem.isEmpty());
        QVERIFY(!parseCompletionBody(R"({"choices":[]})").problem.isEmpty());
        QVERIFY(!parseCompletionBody(R"({"choices":[{"message":{"content":42}}]})").problem.isEmpty());
        QVERIFY(parseCompletionBody(R"({"choices":[{"message":{"content":null}}]})").text.isEmpty());
        QCOMPARE(parseCompletionBody(R"({"error":{"message":"overloaded"}})").serverError,
                 QStringLiteral("overloaded"));
    }

    void streamChunk()
    {
        CompletionPart part = parseStreamChunk(R"({"choices":[{"delta":{"content":"x"}}]})");
        QVERIFY(part.problem.isEmpty());
        QCOMPARE(part.text, QStringLiteral("x"));
        // Role-only, reasoning-only and usage-only chunks are valid and carry no text.
        QVERIFY(parseStreamChunk(R"({"choices":[{"delta":{"role":"assistant"}}]})").problem.isEmpty());
        QVERIFY(parseStreamChunk(R"({"choices":[{"delta":{"reasoning_content":"hmm"}}]})").text.isEmpty());
        part = parseStreamChunk(R"({"choices":[],"usage":{"total_tokens":9}})");
        QVERIFY(part.problem.isEmpty());
        QCOMPARE(part.usage->totalTokens, 9);
        QVERIFY(!parseStreamChunk("{broken").problem.isEmpty());
    }

    void errorText()
    {
        QCOMPARE(serverErrorText(R"({"error":{"message":"bad key"}})"), QStringLiteral("bad key"));
        QCOMPARE(serverErrorText(R"({"error":"plain"})"), QStringLiteral("plain"));
        QCOMPARE(serverErrorText(R"({"detail":"Not Found"})"), QStringLiteral("Not Found"));
        QCOMPARE(serverErrorText("  upstream\n timeout "), QStringLiteral("upstream timeout"));
        QVERIFY(serverErrorText(QByteArray(2000, 'x')).size() < 400);
        QVERIFY(serverErrorText("{}").isEmpty());
    }

    void scrub()
    {
        const QString key = QStringLiteral("nvapi-ABCDEF123456");
        QCOMPARE(scrubSecret(QStringLiteral("key nvapi-ABCDEF123456 is invalid"), key),
                 QStringLiteral("key [redacted] is invalid"));
        QCOMPARE(scrubSecret(QStringLiteral("header Authorization: Bearer something-else"), key),
                 QStringLiteral("header Authorization: Bearer [redacted]"));
        QCOMPARE(scrubSecret(QStringLiteral("(Authorization: Bearer nvapi-ABCDEF123456)"), key),
                 QStringLiteral("(Authorization: Bearer [redacted])"));
        QCOMPARE(scrubSecret(QStringLiteral("no secret here"), key), QStringLiteral("no secret here"));
        QCOMPARE(scrubSecret(QStringLiteral("a b"), QStringLiteral("a")),
                 QStringLiteral("a b")); // too short to be a key
        QCOMPARE(errorKindName(LlmErrorKind::RateLimited), QStringLiteral("rate-limited"));
    }
};

QTEST_GUILESS_MAIN(TestLlmWire)
#include "tst_llm_wire.moc"
