#include "core/capture/CaptureAnalysis.h"
#include "core/capture/CaptureEndpoint.h"
#include "core/capture/CapturedDump.h"
#include "core/capture/HttpResponseParser.h"
#include "core/capture/LiveCapture.h"
#include "core/capture/SocketHttpRequest.h"
#include "core/pipeline/Pipeline.h"

#include "tests/support/FakeWorkerServer.h"

#include <QDir>
#include <QElapsedTimer>
#include <QLocalServer>
#include <QLocalSocket>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace fd;
using fd::test::FakeWorkerServer;
using fd::test::response;

namespace {

// A Unix socket file nobody listens on any more (the process is gone): connecting is refused.
void makeDeadSocket(const QString& path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    QVERIFY(fd >= 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const QByteArray p = QFile::encodeName(path);
    QVERIFY(std::size_t(p.size()) < sizeof(addr.sun_path));
    std::copy(p.begin(), p.end(), addr.sun_path);
    QCOMPARE(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)), 0);
    ::close(fd);
}

// A JSON dump of a Megatron-like rank: world [0..7], TP [4, 5], DP [1, 3, 5, 7]: only rank 5 is in all three.
QByteArray megatronDump(const char* tp, const char* dp)
{
    return QByteArray(
               R"({"version":"2.10","pg_config":{"0":{"name":"0","desc":"default_pg","ranks":"[0, 1, 2, 3, 4, 5, 6, 7]"},)") +
           R"("1":{"name":"1","desc":"tp","ranks":")" + tp + R"("},"2":{"name":"2","desc":"dp","ranks":")" +
           dp + R"("}},"pg_status":{},"entries":[]})";
}

const QByteArray kHandlers = R"(["ping","fr_trace_json"])";

// What torchcomms' recorder answers (torch/csrc/comms/hooks/fr/FlightRecorder.cpp, dump_json): the c10d JSON
// schema, a communicator per pg_config item with the backend as desc, ranks without spaces.
QByteArray torchcommsDump(bool withEntries)
{
    const QByteArray entry =
        R"({"collective_seq_id":0,"input_dtypes":["Float"],"input_sizes":[[4]],"is_p2p":false,)"
        R"("op_id":0,"output_dtypes":["Float"],"output_sizes":[[4]],"p2p_seq_id":0,"pg_id":0,)"
        R"("process_group":["world","nccl"],"profiling_name":"nccl:all_reduce","record_id":0,)"
        R"("retired":false,"state":"scheduled","thread_id":"1","thread_name":"python",)"
        R"("time_created_ns":1,"time_discovered_completed_ns":0,"time_discovered_started_ns":0,)"
        R"("timeout_ms":600000})";
    return QByteArray(
               R"({"comm_lib_version":"2.27.3","pg_config":{"world":{"desc":"nccl","name":"world","ranks":"[0,1]"}},)") +
           R"("pg_status":{"0":{"last_completed_collective":"-1","last_enqueued_collective":"0","last_started_collective":"-1"}},)" +
           (withEntries ? QByteArray(R"("entries":[)") + entry + "]," : QByteArray()) +
           R"("version":"2.10"})";
}
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
        QCOMPARE(redirect.feed("HTTP/1.1 302 Found\r\nLocation: http://evil/\r\n\r\n"),
                 HttpResponseParser::State::Failed);
        QVERIFY2(redirect.error().contains(QLatin1String("redirect")), qPrintable(redirect.error()));
        HttpResponseParser big(10);
        QCOMPARE(big.feed("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n"),
                 HttpResponseParser::State::Failed);
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
        const EndpointList local =
            endpointsFromHostList(QStringLiteral("127.0.0.1:1,localhost:2 [::1]:3"), false);
        QVERIFY(local.errors.isEmpty());
        QCOMPARE(local.endpoints.size(), std::size_t(3));
        QCOMPARE(local.endpoints[2].host, QStringLiteral("::1"));
        QCOMPARE(local.endpoints[1].rank, 1);
        const EndpointList remote = endpointsFromHostList(QStringLiteral("10.1.2.3:25999"), false);
        QCOMPARE(remote.endpoints.size(), std::size_t(0));
        QVERIFY(remote.errors.value(0).contains(QLatin1String("--allow-remote")));
        QCOMPARE(endpointsFromHostList(QStringLiteral("10.1.2.3:25999"), true).endpoints.size(),
                 std::size_t(1));
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
        FakeWorkerServer good(sock(0)), http500(sock(1)), garbage(sock(2)), silent(sock(3)),
            truncated(sock(4));
        for (FakeWorkerServer* s : {&good, &http500, &garbage, &truncated})
            s->answers["GET /handler/"] = response(200, kHandlers);
        truncated.answers["GET /handler/"] = response(200, R"(["dump_nccl_trace_pickle"])");
        good.answers["POST /handler/fr_trace_json"] = response(200, kDump);
        http500.answers["POST /handler/fr_trace_json"] = response(500, "handler threw");
        garbage.answers["POST /handler/fr_trace_json"] = response(200, "{\"entries\": [");
        truncated.answers
            ["POST "
             "/handler/"
             "dump_nccl_trace_pickle?includecollectives=true&includestacktraces=true&onlyactive=false"] =
            response(200, QByteArray("\x80\x02}q\x00", 5));
        CaptureOptions options;
        options.outDir = dir.filePath(QStringLiteral("out"));
        options.perRankTimeoutMs = 1500;
        const CaptureResult r = captureBlocking(
            endpointsFromSocketGlob(dir.filePath(QStringLiteral("worker_*.sock"))).endpoints, options);
        QVERIFY2(r.fatalError.isEmpty(), qPrintable(r.fatalError));
        QCOMPARE(r.ranks.size(), std::size_t(5));
        QCOMPARE(r.captured(), 1);
        QCOMPARE(r.ranks[0].file, QStringLiteral("_dump_0.json"));
        QVERIFY(r.ranks[1].error.contains(QLatin1String("HTTP 500")));
        QVERIFY2(r.ranks[2].error.contains(QLatin1String("not a Flight Recorder dump")),
                 qPrintable(r.ranks[2].error));
        QVERIFY(!r.ranks[2].noAnswer); // a garbage answer is an answer
        QVERIFY(r.ranks[3].noAnswer);
        QVERIFY(r.ranks[4].error.contains(QLatin1String("truncated pickle")));
        QCOMPARE(r.silentRanks(), std::vector<int>{3});
        for (const RankCapture& rc : r.ranks)
            QVERIFY2(!rc.error.contains(QLatin1Char('\n')), qPrintable(rc.error));
        // Only the finished folder, with only the good dump, inside the chosen folder.
        const QStringList entries =
            QDir(options.outDir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
        QCOMPARE(entries.size(), 1);
        QVERIFY(entries[0].startsWith(QLatin1String("capture-")));
        QCOMPARE(QDir(r.folder).entryList(QDir::Files), QStringList{QStringLiteral("_dump_0.json")});
        QFile f(QDir(r.folder).filePath(QStringLiteral("_dump_0.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), kDump);
    }
    // The dump's own process groups name its rank; the socket's number is only a fallback, and two sources
    // whose dumps are one rank's do not overwrite each other.
    void rankComesFromTheDumpAndIsNeverWrittenTwice()
    {
        QTemporaryDir dir;
        FakeWorkerServer a(dir.filePath(QStringLiteral("worker_0.sock"))),
            b(dir.filePath(QStringLiteral("worker_1.sock")));
        for (FakeWorkerServer* s : {&a, &b}) {
            s->answers["GET /handler/"] = response(200, kHandlers);
            s->answers["POST /handler/fr_trace_json"] = response(200, megatronDump("[4, 5]", "[1, 3, 5, 7]"));
        }
        CaptureOptions options;
        options.outDir = dir.path();
        const CaptureResult r = captureBlocking(
            endpointsFromSocketGlob(dir.filePath(QStringLiteral("worker_*.sock"))).endpoints, options);
        QCOMPARE(r.captured(), 1);
        const RankCapture& kept = r.ranks[0].file.isEmpty() ? r.ranks[1] : r.ranks[0];
        const RankCapture& refused = r.ranks[0].file.isEmpty() ? r.ranks[0] : r.ranks[1];
        QCOMPARE(kept.rank, 5);
        QVERIFY(kept.rankFromDump);
        QCOMPARE(kept.file, QStringLiteral("_dump_5.json"));
        QVERIFY2(kept.note.contains(QLatin1String("rank 5")), qPrintable(kept.note));
        QVERIFY2(refused.error.contains(QLatin1String("already in the capture")), qPrintable(refused.error));
        QCOMPARE(QDir(r.folder).entryList(QDir::Files), QStringList{QStringLiteral("_dump_5.json")});
    }
    void dumpRankIsTheOneMemberAllGroupsShare()
    {
        QCOMPARE(checkCapturedDump(megatronDump("[4, 5]", "[1, 3, 5, 7]")).rank, 5);
        QCOMPARE(checkCapturedDump(megatronDump("[4, 5]", "[0, 1, 2, 3, 4, 5, 6, 7]")).rank, -1); // 4 or 5
        // gloo: one placeholder group without members names nobody.
        const QByteArray gloo =
            R"({"version":"2.10","pg_config":{"":{"name":"","desc":"","ranks":"[]"}},"pg_status":{},"entries":[]})";
        const CapturedDumpCheck g = checkCapturedDump(gloo);
        QVERIFY2(g.problem.isEmpty(), qPrintable(g.problem));
        QCOMPARE(g.rank, -1);
        QVERIFY(!g.pickle);
    }
    void refusedConnectionIsNoAnswerAtOnce()
    {
        QTemporaryDir dir;
        makeDeadSocket(dir.filePath(QStringLiteral("worker_0.sock")));
        CaptureOptions options;
        options.outDir = dir.filePath(QStringLiteral("out"));
        options.perRankTimeoutMs = 20000;
        QElapsedTimer t;
        t.start();
        const CaptureResult r = captureBlocking(
            endpointsFromSocketGlob(dir.filePath(QStringLiteral("worker_*.sock"))).endpoints, options);
        QVERIFY(t.elapsed() < 5000);
        QCOMPARE(r.ranks.size(), std::size_t(1));
        QVERIFY(r.ranks[0].noAnswer);
        QCOMPARE(r.captured(), 0);
    }
    // What the capture saw joins the analysis: a silent last rank is missing (the world covers it), a bad
    // answer is that rank's unreadable dump, and the load error says why.
    void captureOutcomeJoinsTheJob()
    {
        LoadOptions load;
        load.frPath = QStringLiteral(FD_TEST_DATA "/scenarios/healthy");
        CaptureResult capture;
        RankCapture silent, bad;
        silent.rank = 4;
        silent.source = QStringLiteral("/run/w_4.sock");
        silent.noAnswer = true;
        silent.error = QStringLiteral("handler list: no answer within 10000 ms");
        bad.rank = 5;
        bad.source = QStringLiteral("/run/w_5.sock");
        bad.error = QStringLiteral("fr_trace_json: HTTP 500: boom");
        capture.ranks = {silent, bad};
        LoadRequest request;
        request.options = load;
        request.options.facts.ranksWithoutDump = ranksWithoutDump(capture);
        const AnalysedJob run = loadAndAnalyse(request);
        QVERIFY(run.usable());
        QCOMPARE(run.job->worldSize, 6);
        QCOMPARE(run.job->missingRanks, std::vector<int>{4});
        QCOMPARE(run.job->unreadableRanks, std::vector<int>{5});
        QCOMPARE(run.analysis->job->missingRanks, std::vector<int>{4});
        bool said = false;
        for (const LoadError& e : run.job->errors)
            said |= e.filePath == silent.source &&
                    e.message.contains(QLatin1String("did not answer its worker server"));
        QVERIFY(said);
    }
    // torchcomms' recorder is asked where offered; an empty one gives way to the c10d recorder.
    void torchcommsRecorderComesFirstWhenItRecordedSomething()
    {
        QTemporaryDir dir;
        FakeWorkerServer full(dir.filePath(QStringLiteral("worker_0.sock"))),
            empty(dir.filePath(QStringLiteral("worker_1.sock")));
        for (FakeWorkerServer* s : {&full, &empty}) {
            s->answers["GET /handler/"] =
                response(200, R"(["ping","torchcomms_fr_trace_json","fr_trace_json"])");
            s->answers["POST /handler/fr_trace_json"] = response(200, kDump);
        }
        full.answers["POST /handler/torchcomms_fr_trace_json?includecollectives=true&onlyactive=false"] =
            response(200, torchcommsDump(true));
        empty.answers["POST /handler/torchcomms_fr_trace_json?includecollectives=true&onlyactive=false"] =
            response(200, torchcommsDump(false));
        CaptureOptions options;
        options.outDir = dir.path();
        const CaptureResult r = captureBlocking(
            endpointsFromSocketGlob(dir.filePath(QStringLiteral("worker_*.sock"))).endpoints, options);
        QCOMPARE(r.captured(), 2);
        QCOMPARE(r.ranks[0].handler, QStringLiteral("torchcomms_fr_trace_json"));
        QCOMPARE(r.ranks[1].handler, QStringLiteral("fr_trace_json"));
        // And it reads as a dump: its communicator is a PG with members, its entry pending.
        LoadRequest load;
        load.options.frPath = r.folder;
        const AnalysedJob run = loadAndAnalyse(load);
        QVERIFY(run.usable());
        const RankDump* d = run.job->dumpForRank(0);
        QVERIFY(d);
        QCOMPARE(d->entries.size(), std::size_t(1));
        QCOMPARE(run.job->processGroups.front().ranks, (std::vector<int>{0, 1}));
    }
    // A dump request closed without a byte is asked once more: the second answer is kept; a server that drops
    // it twice is that rank's error line (an answer of sorts, not a silent rank).
    void aDumpRequestClosedWithoutAnAnswerIsAskedOnceMore()
    {
        QTemporaryDir dir;
        FakeWorkerServer once(dir.filePath(QStringLiteral("worker_0.sock"))),
            twice(dir.filePath(QStringLiteral("worker_1.sock")));
        for (FakeWorkerServer* s : {&once, &twice}) {
            s->answers["GET /handler/"] = response(200, R"(["ping","fr_trace_json"])");
            s->answers["POST /handler/fr_trace_json"] = response(200, kDump);
        }
        once.dropFirst["POST /handler/fr_trace_json"] = 1;
        twice.dropFirst["POST /handler/fr_trace_json"] = 2;
        CaptureOptions options;
        options.outDir = dir.path();
        const CaptureResult r = captureBlocking(
            endpointsFromSocketGlob(dir.filePath(QStringLiteral("worker_*.sock"))).endpoints, options);
        QCOMPARE(r.captured(), 1);
        QVERIFY2(!r.ranks[0].file.isEmpty(), qPrintable(r.ranks[0].error));
        QVERIFY2(r.ranks[1].error.contains(QLatin1String("closed without an answer")),
                 qPrintable(r.ranks[1].error));
        QVERIFY(!r.ranks[1].noAnswer);
    }
    void serverWithoutRecorderHandlerIsNamed()
    {
        QTemporaryDir dir;
        FakeWorkerServer s(dir.filePath(QStringLiteral("worker_0.sock")));
        s.answers["GET /handler/"] = response(200, R"(["ping"])");
        CaptureOptions options;
        options.outDir = dir.path();
        const CaptureResult r = captureBlocking(
            endpointsFromSocketGlob(dir.filePath(QStringLiteral("worker_0.sock"))).endpoints, options);
        QCOMPARE(r.captured(), 0);
        QVERIFY2(r.ranks[0].error.contains(QLatin1String("no Flight Recorder handler")),
                 qPrintable(r.ranks[0].error));
    }
};

QTEST_GUILESS_MAIN(TestCapture)
#include "tst_capture.moc"
