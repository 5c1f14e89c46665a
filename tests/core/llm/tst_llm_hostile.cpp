// A hostile or broken LLM server: it echoes the key in any form, streams without end, or never finishes.
#include "tests/support/LlmExchange.h"

#include "core/llm/SecretScrub.h"

#include <QElapsedTimer>
#include <QTest>
#include <QUrl>

#include <optional>
#include <set>

using namespace fd;
using fd::test::FakeResponse;
using fd::test::LlmExchange;
using Outcome = fd::test::LlmOutcome;

namespace {

// '/', '+' and '=' make its URL and base64 forms differ from the key itself.
const QString kKey = QStringLiteral("sk-Hostile/Key+0123456789=abc");

// Every form a server has been seen to send a key back in.
QStringList keyForms()
{
    const QByteArray utf8 = kKey.toUtf8();
    return {
        kKey,
        kKey.toUpper(),
        kKey.toLower(),
        QString::fromLatin1(utf8.toBase64()),
        QString::fromLatin1(utf8.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals)),
        QString::fromLatin1(QByteArray("user:" + utf8).toBase64()), // HTTP Basic
        QString::fromLatin1(QByteArray("ab" + utf8).toBase64()),
        QString::fromLatin1(QUrl::toPercentEncoding(kKey)),
        QString::fromLatin1(QUrl::toPercentEncoding(kKey)).toLower(),
        QString::fromLatin1(utf8.toHex()),
        QString::fromLatin1(utf8.toHex()).toUpper(),
        QString(kKey).replace(QLatin1Char('/'), QLatin1String("\\/"))};
}

// Whether `text` still holds a piece of the key that gives it away: the key or any form, or its middle part.
bool leaks(const QString& text)
{
    const QString middle = kKey.mid(4, 12);
    if (text.contains(middle, Qt::CaseInsensitive))
        return true;
    for (const QString& form : keyForms())
        if (text.contains(form, Qt::CaseInsensitive))
            return true;
    return false;
}

// Runs one request to completion (fd::test::LlmExchange) with this file's short retry delays.
Outcome ask(LlmExchange& x)
{
    x.settings.maxRetryDelayMs = 100;
    return x.ask({LlmMessage{QStringLiteral("user"), QStringLiteral("why?")}}, 10000);
}

} // namespace

class TestLlmHostile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyFormOfTheKeyIsScrubbed()
    {
        const QStringList forms = keyForms();
        for (const QString& form : forms) {
            const QString scrubbed = scrubSecret(QStringLiteral("server says: <%1> end").arg(form), kKey);
            QVERIFY2(!leaks(scrubbed), qPrintable(form + QStringLiteral(" -> ") + scrubbed));
            QVERIFY2(scrubbed.contains(QStringLiteral("[redacted]")), qPrintable(scrubbed));
        }
        // Ordinary text stays as it is, and a key too short to be one blanks out nothing.
        QCOMPARE(scrubSecret(QStringLiteral("rank 3 hangs in all_reduce"), kKey),
                 QStringLiteral("rank 3 hangs in all_reduce"));
        QCOMPARE(scrubSecret(QStringLiteral("a b c"), QStringLiteral("a")), QStringLiteral("a b c"));
    }

    void streamedPiecesNeverShowTheKey()
    {
        // The key cut across pieces at every position: no piece shows it, and ordinary text flows at once.
        for (const QString& form : keyForms()) {
            const QString text = QStringLiteral("before ") + form + QStringLiteral(" after");
            for (qsizetype cut = 1; cut < text.size(); cut += 3) {
                StreamScrubber s(kKey);
                QString shown = s.feed(text.left(cut)); // one statement each: the calls must run in order
                shown += s.feed(text.mid(cut));
                shown += s.finish();
                QVERIFY2(!leaks(shown), qPrintable(shown));
                QVERIFY2(shown.startsWith(QStringLiteral("before ")) &&
                             shown.endsWith(QStringLiteral(" after")),
                         qPrintable(shown));
            }
        }
        StreamScrubber plain(kKey);
        QCOMPARE(plain.feed(QStringLiteral("Rank 3 ")), QStringLiteral("Rank 3 "));
    }

    void answerEchoingTheKeyIsScrubbed()
    {
        LlmExchange x(kKey);
        QStringList pieces{QStringLiteral("Your key is ")};
        for (const QString& form : keyForms()) {
            pieces << form.left(5) << form.mid(5) << QStringLiteral(", ");
        }
        pieces << QStringLiteral("hanging ranks: {3}");
        x.server.enqueue(FakeResponse::stream(pieces));
        x.settings.stream = true;
        const Outcome out = ask(x);
        QVERIFY2(out.answer, out.error ? qPrintable(out.error->message) : "no answer");
        QVERIFY2(!leaks(out.answer->text), qPrintable(out.answer->text));
        QVERIFY2(!leaks(out.chunks.join(QString())), qPrintable(out.chunks.join(QString())));
        QCOMPARE(out.chunks.join(QString()), out.answer->text);
        QCOMPARE(out.answer->parsedRanks, std::optional<std::set<int>>(std::set<int>{3}));
    }

    void refusalQuotingTheKeyIsScrubbed()
    {
        LlmExchange x(kKey);
        const QByteArray body = QByteArray("{\"error\": {\"message\": \"bad key ") + kKey.toUpper().toUtf8() +
                                " / " + kKey.toUtf8().toBase64() + "\"}}";
        x.server.enqueue(FakeResponse::json(401, body));
        const Outcome out = ask(x);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::Unauthorized);
        QVERIFY2(out.error->message.contains(QStringLiteral("bad key")), qPrintable(out.error->message));
        QVERIFY2(!leaks(out.error->message), qPrintable(out.error->message));
    }

    void endlessStreamIsCut()
    {
        // Far more text than an answer holds: the client stops reading at maxAnswerChars and says so.
        LlmExchange x(kKey);
        QStringList pieces;
        for (int i = 0; i < 200; ++i)
            pieces << QString(100, QLatin1Char('x'));
        FakeResponse stream = FakeResponse::stream(pieces);
        stream.chunkIntervalMs = 5;
        x.server.enqueue(stream);
        x.settings.stream = true;
        x.settings.maxAnswerChars = 1000;
        QElapsedTimer timer;
        timer.start();
        const Outcome out = ask(x);
        QVERIFY2(out.answer, out.error ? qPrintable(out.error->message) : "no answer");
        QVERIFY2(out.answer->text.startsWith(QString(1000, QLatin1Char('x')) +
                                             QStringLiteral("\n[FlightDeck stopped reading")),
                 qPrintable(out.answer->text.right(100)));
        QVERIFY(!out.answer->text.contains(QString(1001, QLatin1Char('x'))));
        QCOMPARE(out.chunks.join(QString()), out.answer->text);
        QVERIFY2(timer.elapsed() < 200 * 5, "the rest of the stream was read"); // 200 chunks 5 ms apart
    }

    void wholeRequestHasOneDeadline()
    {
        // A server that never answers: each attempt alone would wait timeoutMs, with retries after it. The
        // deadline ends the whole request.
        LlmExchange x(kKey);
        FakeResponse silent;
        silent.neverAnswer = true;
        x.server.enqueue(silent);
        x.settings.timeoutMs = 5000;
        x.settings.totalTimeoutMs = 600;
        QElapsedTimer timer;
        timer.start();
        const Outcome out = ask(x);
        QVERIFY(out.error);
        QCOMPARE(out.error->kind, LlmErrorKind::Timeout);
        QVERIFY2(out.error->message.contains(QStringLiteral("did not finish within 0.6 s")),
                 qPrintable(out.error->message));
        QVERIFY2(timer.elapsed() < 4000, "waited for the attempt's own timeout");
        QVERIFY(!x.client.isRunning());
    }
};

QTEST_GUILESS_MAIN(TestLlmHostile)
#include "tst_llm_hostile.moc"
