// Hostile and unlucky worker servers and capture folders (docs/hostile-input.md): chunk sizes made to
// overflow, answers that never end, a full disk under the capture, a capture in which nobody answers. Every
// server here is made by the test itself on a Unix socket.

#include "core/capture/CaptureEndpoint.h"
#include "core/capture/HttpResponseParser.h"
#include "core/capture/LiveCapture.h"
#include "tests/support/FileSizeLimit.h"

#include "tests/support/FakeWorkerServer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

using namespace fd;
using fd::test::FakeWorkerServer;
using fd::test::FileSizeLimit;
using fd::test::response;

namespace {

const QByteArray kHandlers = R"(["ping","fr_trace_json"])";
const QByteArray kChunkedHead = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";

// A JSON dump of rank `rank` of 8, padded with an unknown key to about `bytes` bytes.
QByteArray paddedDump(int rank, int bytes)
{
    QByteArray ranks = "[" + QByteArray::number(rank) + ", 9]";
    QByteArray dump = R"({"version":"2.10","pg_config":{"1":{"name":"1","desc":"pair","ranks":")" + ranks +
                      R"("}},"pg_status":{},"entries":[],"padding":")";
    dump += QByteArray(std::max(0, bytes - int(dump.size()) - 2), 'x');
    return dump + "\"}";
}

CaptureResult captureSockets(const QTemporaryDir& dir, const QString& outDir, int timeoutMs)
{
    CaptureOptions options;
    options.outDir = outDir;
    options.perRankTimeoutMs = timeoutMs;
    return captureBlocking(endpointsFromSocketGlob(dir.filePath(QStringLiteral("worker_*.sock"))).endpoints,
                           options);
}

} // namespace

class TestHostileWorker : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // A chunk size near 2^63 once made `body + size` overflow, pass the cap check and loop forever on
    // remove(0, <0).
    void parserRefusesChunkSizesThatOverflow()
    {
        for (const QByteArray& size :
             {QByteArray("7fffffffffffffff"), QByteArray("ffffffffffffffff"),
              QByteArray("10000000000000000000"), QByteArray("-1"), QByteArray("")}) {
            HttpResponseParser p(1 << 20);
            QCOMPARE(p.feed(kChunkedHead + "1\r\nA\r\n" + size + "\r\n"), HttpResponseParser::State::Failed);
            QVERIFY2(p.error().contains(QLatin1String("bad chunk size")), qPrintable(p.error()));
        }
        // Large but parseable: over the cap, said before any byte of it is awaited.
        HttpResponseParser big(1 << 20);
        QCOMPARE(big.feed(kChunkedHead + "1\r\nA\r\nfffffffffffff\r\n"), HttpResponseParser::State::Failed);
        QVERIFY2(big.error().contains(QLatin1String("cap")), qPrintable(big.error()));
        // A size line that never ends is not HTTP.
        HttpResponseParser endless(1 << 20);
        endless.feed(kChunkedHead);
        QCOMPARE(endless.feed(QByteArray(8192, '0')), HttpResponseParser::State::Failed);
        // Data not followed by CRLF: the sizes are lying.
        HttpResponseParser lying(1 << 20);
        QCOMPARE(lying.feed(kChunkedHead + "1\r\nAB\r\n0\r\n\r\n"), HttpResponseParser::State::Failed);
    }

    // An answer is held once: a chunk's data goes to the body as it comes, the parser keeps at most a read.
    void parserHoldsAnAnswerOnce()
    {
        const int total = 1 << 20;
        HttpResponseParser p(total);
        p.feed(kChunkedHead + QByteArray::number(total, 16) + "\r\n");
        const QByteArray piece(4096, 'z');
        for (int sent = 0; sent < total; sent += piece.size()) {
            QCOMPARE(p.feed(piece), HttpResponseParser::State::Incomplete);
            QVERIFY2(p.pendingBytes() <= piece.size(), qPrintable(QString::number(p.pendingBytes())));
        }
        QCOMPARE(p.feed("\r\n0\r\n\r\n"), HttpResponseParser::State::Done);
        QCOMPARE(p.body().size(), total);
        // And many small chunks in one read are read in one pass (the buffer is cut once, not per chunk).
        HttpResponseParser many(1 << 20);
        QByteArray chunks = kChunkedHead;
        for (int i = 0; i < 20000; ++i)
            chunks += "1\r\nq\r\n";
        QCOMPARE(many.feed(chunks + "0\r\n\r\n"), HttpResponseParser::State::Done);
        QCOMPARE(many.body(), QByteArray(20000, 'q'));
        QCOMPARE(many.pendingBytes(), 0);
    }

    // The hostile server of the report: the rank gets a one-line error at once, and the other ranks are
    // captured.
    void overflowingChunkServerDoesNotStopTheCapture()
    {
        QTemporaryDir dir;
        FakeWorkerServer hostile(dir.filePath(QStringLiteral("worker_0.sock")));
        FakeWorkerServer good(dir.filePath(QStringLiteral("worker_1.sock")));
        for (FakeWorkerServer* s : {&hostile, &good})
            s->answers["GET /handler/"] = response(200, kHandlers);
        hostile.answers["POST /handler/fr_trace_json"] = kChunkedHead + "1\r\nA\r\n7fffffffffffffff\r\n";
        hostile.trickle = "A"; // and keeps the connection open
        good.answers["POST /handler/fr_trace_json"] = response(200, paddedDump(1, 200));
        QElapsedTimer t;
        t.start();
        const CaptureResult r = captureSockets(dir, dir.filePath(QStringLiteral("out")), 20000);
        QVERIFY2(t.elapsed() < 10000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(r.ranks.size(), std::size_t(2));
        QVERIFY2(r.ranks[0].error.contains(QLatin1String("bad chunk size")), qPrintable(r.ranks[0].error));
        QVERIFY(!r.ranks[0].noAnswer);
        QCOMPARE(r.captured(), 1);
    }

    // An answer that never ends (valid chunks, forever) is cut by the per-rank timeout: the event loop runs.
    void endlessAnswerEndsAtTheTimeout()
    {
        QTemporaryDir dir;
        FakeWorkerServer endless(dir.filePath(QStringLiteral("worker_0.sock")));
        endless.answers["GET /handler/"] = response(200, kHandlers);
        endless.answers["POST /handler/fr_trace_json"] = kChunkedHead;
        endless.trickle = "1\r\nA\r\n";
        QElapsedTimer t;
        t.start();
        const CaptureResult r = captureSockets(dir, dir.filePath(QStringLiteral("out")), 800);
        QVERIFY2(t.elapsed() < 8000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(r.captured(), 0);
        QVERIFY(r.ranks[0].noAnswer);
        QVERIFY2(r.ranks[0].error.contains(QLatin1String("no answer within")), qPrintable(r.ranks[0].error));
    }

    // Nobody answered: no empty capture folder is left behind (nor its hidden partial one).
    void captureWithoutAnswersLeavesNoFolder()
    {
        QTemporaryDir dir;
        FakeWorkerServer silent(dir.filePath(QStringLiteral("worker_0.sock")));
        const QString out = dir.filePath(QStringLiteral("out"));
        const CaptureResult r = captureSockets(dir, out, 300);
        QCOMPARE(r.captured(), 0);
        QVERIFY(r.folder.isEmpty());
        QVERIFY(r.fatalError.isEmpty());
        QCOMPARE(QDir(out).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList());
    }

    // A full disk under the capture: the dump that did not fit is named with the system's reason and is not
    // there under its name (nor as a partial file); the dump that fitted is whole.
    void fullDiskDuringCaptureIsNamedAndLeavesNoPartialFile()
    {
        QTemporaryDir dir;
        FakeWorkerServer small(dir.filePath(QStringLiteral("worker_0.sock")));
        FakeWorkerServer large(dir.filePath(QStringLiteral("worker_1.sock")));
        for (FakeWorkerServer* s : {&small, &large})
            s->answers["GET /handler/"] = response(200, kHandlers);
        const QByteArray smallDump = paddedDump(0, 1000);
        small.answers["POST /handler/fr_trace_json"] = response(200, smallDump);
        large.answers["POST /handler/fr_trace_json"] = response(200, paddedDump(1, 100000));
        CaptureResult r;
        {
            const FileSizeLimit limit(20000);
            r = captureSockets(dir, dir.filePath(QStringLiteral("out")), 10000);
        }
        QCOMPARE(r.captured(), 1);
        QCOMPARE(r.writeFailures(), 1);
        const RankCapture& failed = r.ranks[1];
        QVERIFY(failed.writeFailed);
        QVERIFY2(failed.error.contains(QLatin1String("_dump_1.json")) &&
                     failed.error.contains(QLatin1String("File too large")),
                 qPrintable(failed.error));
        QCOMPARE(QDir(r.folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList{QStringLiteral("_dump_0.json")});
        QFile kept(QDir(r.folder).filePath(QStringLiteral("_dump_0.json")));
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), smallDump);
    }
};

QTEST_GUILESS_MAIN(TestHostileWorker)
#include "tst_hostileworker.moc"
