// Cost of hostile inputs against their size: a gloo dump named for a huge rank (every lower rank a culprit),
// a JSON dump with many unknown top-level keys, a chunked HTTP answer of many tiny chunks. Each is run at
// doubling sizes; the per-unit time must stay flat (near-linear). Prints figures, asserts nothing: the tests
// pin the results by count (tests/core/analysis/tst_evidence, tests/core/capture/tst_hostileworker).

#include "core/analysis/Analyzer.h"
#include "core/capture/HttpResponseParser.h"
#include "core/io/JobLoader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <cstdio>
#include <functional>

namespace {

// Runs `once(n)` for n = first, 2 first, ... and prints ms and µs per unit.
void series(const char* what, const char* unit, int first, int steps, const std::function<void(int)>& once)
{
    std::printf("%s\n", what);
    for (int i = 0, n = first; i < steps; ++i, n *= 2) {
        QElapsedTimer t;
        t.start();
        once(n);
        const double ms = double(t.nsecsElapsed()) / 1e6;
        std::printf("  %8d %-8s %9.1f ms  %7.2f us per %s\n", n, unit, ms, ms * 1000.0 / n, unit);
    }
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    series("gloo dump named _dump_<N>: load and analyse (N culprits)", "rank", 12500, 4, [](int n) {
        QTemporaryDir dir;
        QFile::copy(QStringLiteral(FD_TEST_DATA "/torch/rank-exits/_dump_1"),
                    dir.filePath(QStringLiteral("_dump_%1").arg(n)));
        fd::LoadOptions options;
        options.frPath = dir.path();
        const auto job = fd::loadJob(options);
        (void)fd::analyzeJob(job);
    });
    series("JSON dump with N unknown top-level keys: load", "key", 50000, 3, [](int n) {
        QTemporaryDir dir;
        QByteArray dump = R"({"version":"2.10","pg_config":{},"pg_status":{},"entries":[])";
        for (int k = 0; k < n; ++k)
            dump += ",\"k" + QByteArray::number(k) + "\":" + QByteArray::number(k);
        QFile f(dir.filePath(QStringLiteral("_dump_0.json")));
        if (!f.open(QIODevice::WriteOnly))
            return;
        f.write(dump + "}");
        f.close();
        fd::LoadOptions options;
        options.frPath = dir.path();
        (void)fd::loadJob(options);
    });
    series("chunked HTTP answer of N one-byte chunks, in one read: parse", "chunk", 100000, 4, [](int n) {
        QByteArray answer = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
        answer.reserve(answer.size() + qsizetype(n) * 6 + 5);
        for (int k = 0; k < n; ++k)
            answer += "1\r\nq\r\n";
        fd::HttpResponseParser parser(qint64(n) + 1);
        parser.feed(answer + "0\r\n\r\n");
    });
    return 0;
}
