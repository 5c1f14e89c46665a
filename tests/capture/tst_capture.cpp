#include "capture/CaptureEndpoint.h"
#include "capture/HttpResponseParser.h"
#include "capture/LiveCapture.h"
#include "capture/SocketHttpRequest.h"

#include <QDir>
#include <QLocalServer>
#include <QLocalSocket>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace fd;

namespace {

// A worker server that answers each path with a canned raw HTTP response (or nothing at all).
class FakeWorkerServer : public QObject
{
public:
    std::map<QByteArray, QByteArray> answers; // "GET /handler/" -> raw response; missing: never answers
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
                    const auto it = answers.find(line.value(0) + ' ' + line.value(1));
                    if (it == answers.end())
                        return; // a stuck process: accepts, never answers
                    s->write(it->second);
                    s->flush();
                    s->disconnectFromServer();
                });
            }
        });
    }

private:
    QLocalServer m_server;
    QByteArray m_request;
};

QByteArray response(int status, const QByteArray& body, bool withLength = true)
{
    QByteArray r = "HTTP/1.1 " + QByteArray::number(status) + " X\r\nContent-Type: text/plain\r\n";
    if (withLength)
        r += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    return r + "\r\n" + body;
}

const QByteArray kHandlers = R"(["ping","fr_trace_json"])";
const QByteArray kDump = R"({"version":"2.10","pg_config":{},"pg_status":{},"entries":[]})";

} // namespace

class TestCapture : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parserReadsContentLengthAcrossFeeds()
    {
        HttpResponseParser p(1000);
        QCOMPARE(p.feed("HTTP/1.1 200 OK\r\nContent-Le"), HttpResponseParser::State::Incomplete);
        QCOMPARE(p.feed("ngth: 5\r\n\r\nhel"), HttpResponseParser::State::Incomplete);
        QCOMPARE(p.feed("lo"), HttpResponseParser::State::Done);
        QCOMPARE(p.status(), 200);
        QCOMPARE(p.body(), QByteArray("hello"));
    }
    void parserDecodesChunks()
    {
        HttpResponseParser p(1000);
        p.feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n");
        QCOMPARE(p.state(), HttpResponseParser::State::Done);
        QCOMPARE(p.body(), QByteArray("abcde"));
    }
    void parserRefusesRedirectsCapsAndGarbage()
    {
        HttpResponseParser redirect(1000);
        QCOMPARE(redirect.feed("HTTP/1.1 302 Found\r\nLocation: http://evil/\r\n\r\n"), HttpResponseParser::State::Failed);
        QVERIFY2(redirect.error().contains(QLatin1String("redirect")), qPrintable(redirect.error()));
        HttpResponseParser big(10);
        QCOMPARE(big.feed("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n"), HttpResponseParser::State::Failed);
        HttpResponseParser bigUnsized(10);
        bigUnsized.feed("HTTP/1.1 200 OK\r\n\r\n");
        QCOMPARE(bigUnsized.feed(QByteArray(11, 'x')), HttpResponseParser::State::Failed);
        HttpResponseParser garbage(10);
        QCOMPARE(garbage.feed("SSH-2.0-OpenSSH\r\n\r\n"), HttpResponseParser::State::Failed);
        HttpResponseParser cut(100);
        cut.feed("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\nabc");
        QCOMPARE(cut.finish(), HttpResponseParser::State::Failed);
        QVERIFY(cut.error().contains(QLatin1String("cut off")));
    }
    void hostListIsLoopbackOnlyUnlessAllowed()
    {
        const EndpointList local = endpointsFromHostList(QStringLiteral("127.0.0.1:1,localhost:2 [::1]:3"), false);
        QVERIFY(local.errors.isEmpty());
        QCOMPARE(local.endpoints.size(), std::size_t(3));
        QCOMPARE(local.endpoints[2].host, QStringLiteral("::1"));
        QCOMPARE(local.endpoints[1].rank, 1);
        const EndpointList remote = endpointsFromHostList(QStringLiteral("10.1.2.3:25999"), false);
        QCOMPARE(remote.endpoints.size(), std::size_t(0));
        QVERIFY(remote.errors.value(0).contains(QLatin1String("--allow-remote")));
        QCOMPARE(endpointsFromHostList(QStringLiteral("10.1.2.3:25999"), true).endpoints.size(), std::size_t(1));
        QVERIFY(!endpointsFromHostList(QStringLiteral("nohost"), false).errors.isEmpty());
    }
    void socketGlobSortsByRankAndSkipsPlainFiles()
    {
        QTemporaryDir dir;
        FakeWorkerServer s10(dir.filePath(QStringLiteral("w_10.sock")));
        FakeWorkerServer s2(dir.filePath(QStringLiteral("w_2.sock")));
        QFile plain(dir.filePath(QStringLiteral("w_3.sock")));
        QVERIFY(plain.open(QIODevice::WriteOnly));
        const EndpointList l = endpointsFromSocketGlob(dir.filePath(QStringLiteral("w_*.sock")));
        QCOMPARE(l.endpoints.size(), std::size_t(2));
        QCOMPARE(l.endpoints[0].rank, 2);
        QCOMPARE(l.endpoints[1].rank, 10);
        QVERIFY(!endpointsFromSocketGlob(dir.filePath(QStringLiteral("none_*"))).errors.isEmpty());
    }
    // Every bad answer is one line for its rank; the good rank is still captured, the silent one listed.
    void badAnswersAreOneLinePerRankAndOthersCount()
    {
        QTemporaryDir dir;
        const auto sock = [&](int r) { return dir.filePath(QStringLiteral("worker_%1.sock").arg(r)); };
        FakeWorkerServer good(sock(0)), http500(sock(1)), garbage(sock(2)), silent(sock(3)), truncated(sock(4));
        for (FakeWorkerServer* s : {&good, &http500, &garbage, &truncated})
            s->answers["GET /handler/"] = response(200, kHandlers);
        truncated.answers["GET /handler/"] = response(200, R"(["dump_nccl_trace_pickle"])");
        good.answers["POST /handler/fr_trace_json"] = response(200, kDump);
        http500.answers["POST /handler/fr_trace_json"] = response(500, "handler threw");
        garbage.answers["POST /handler/fr_trace_json"] = response(200, "{\"entries\": [");
        truncated.answers["POST /handler/dump_nccl_trace_pickle?includecollectives=true&includestacktraces=true&onlyactive=false"] =
            response(200, QByteArray("\x80\x02}q\x00", 5));
        CaptureOptions options;
        options.outDir = dir.filePath(QStringLiteral("out"));
        options.perRankTimeoutMs = 1500;
        const CaptureResult r = captureBlocking(endpointsFromSocketGlob(dir.filePath(QStringLiteral("worker_*.sock"))).endpoints, options);
        QVERIFY2(r.fatalError.isEmpty(), qPrintable(r.fatalError));
        QCOMPARE(r.ranks.size(), std::size_t(5));
        QCOMPARE(r.captured(), 1);
        QCOMPARE(r.ranks[0].file, QStringLiteral("_dump_0.json"));
        QVERIFY(r.ranks[1].error.contains(QLatin1String("HTTP 500")));
        QVERIFY(r.ranks[2].error.contains(QLatin1String("not valid JSON")));
        QVERIFY(r.ranks[3].noAnswer);
        QVERIFY(r.ranks[4].error.contains(QLatin1String("truncated pickle")));
        QCOMPARE(r.silentRanks(), std::vector<int>{3});
        for (const RankCapture& rc : r.ranks)
            QVERIFY2(!rc.error.contains(QLatin1Char('\n')), qPrintable(rc.error));
        // Only the finished folder, with only the good dump, inside the chosen folder.
        const QStringList entries = QDir(options.outDir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
        QCOMPARE(entries.size(), 1);
        QVERIFY(entries[0].startsWith(QLatin1String("capture-")));
        QCOMPARE(QDir(r.folder).entryList(QDir::Files), QStringList{QStringLiteral("_dump_0.json")});
        QFile f(QDir(r.folder).filePath(QStringLiteral("_dump_0.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), kDump);
    }
    void serverWithoutRecorderHandlerIsNamed()
    {
        QTemporaryDir dir;
        FakeWorkerServer s(dir.filePath(QStringLiteral("worker_0.sock")));
        s.answers["GET /handler/"] = response(200, R"(["ping"])");
        CaptureOptions options;
        options.outDir = dir.path();
        const CaptureResult r = captureBlocking(endpointsFromSocketGlob(dir.filePath(QStringLiteral("worker_0.sock"))).endpoints, options);
        QCOMPARE(r.captured(), 0);
        QVERIFY2(r.ranks[0].error.contains(QLatin1String("no Flight Recorder handler")), qPrintable(r.ranks[0].error));
    }
};

QTEST_GUILESS_MAIN(TestCapture)
#include "tst_capture.moc"
