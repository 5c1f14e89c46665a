// Runs the built flightdeck-cli: fr_attribution.py's table, "hanging ranks:" line, exit codes (--exit-code),
// --json, --debug.
#include <nlohmann/json.hpp>

#include "tests/support/FakeLlmServer.h"
#include "tests/support/RunProgram.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

namespace {

using fd::test::runCli;
using Run = fd::test::ProgramRun;

QString scenario(const char* name)
{
    return QStringLiteral(FD_TEST_DATA "/scenarios/") + QLatin1String(name);
}

} // namespace

class TstCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void llmNarrativeBesideTheVerdict()
    {
        // -l end to end: findings (not dumps) go to the endpoint, the answer is printed after our verdict,
        // its "hanging ranks" line is compared with ours, and fr_attribution.py's final line still comes from
        // the analysis.
        fd::test::FakeLlmServer server;
        server.enqueue(fd::test::FakeResponse::completion(
            QStringLiteral("Rank 2 stopped issuing collectives.\nhanging ranks: {2, 7}"),
            QStringLiteral("m-test")));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LLM_API_KEY"), QStringLiteral("sk-cli-test-secret"));
        const Run r =
            runCli({QStringLiteral("--fr-path"), scenario("stops-issuing"), QStringLiteral("-l"),
                    QStringLiteral("-m"), QStringLiteral("m-test"), QStringLiteral("-b"), server.baseUrl()},
                   fd::test::RunOptions().withEnvironment(env).servingEvents());
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(server.requests().size(), 1);
        const QByteArray body = server.requests().front().body;
        QVERIFY(body.contains("m-test"));
        QVERIFY(body.contains("stopped_issuing"));
        QVERIFY(!body.contains("profiling_name")); // findings, never raw dump entries
        QVERIFY(r.out.contains(QStringLiteral("Rank 2 stopped issuing collectives.")));
        QVERIFY2(r.out.contains(QStringLiteral("{7}")), qPrintable(r.out)); // the disagreement is named
        QVERIFY(r.out.indexOf(QStringLiteral("verdict: continue")) <
                r.out.indexOf(QStringLiteral("Rank 2 stopped")));
        QVERIFY(r.out.trimmed().endsWith(QStringLiteral("hanging ranks: [2]")));
        QVERIFY(!r.out.contains(QStringLiteral("sk-cli-test-secret")) &&
                !r.err.contains(QStringLiteral("sk-cli-test-secret")));
    }

    void disagreeingValuesReachEveryOutput()
    {
        // A size mismatch: the text reason, the JSON report and the findings the LLM is sent all say what the
        // odd rank passed against what its peers passed.
        const QString values = QStringLiteral("rank 1 passed sizes [[1024]], its peers [[2048]]");
        const Run text = runCli({QStringLiteral("--fr-path"), scenario("size-mismatch")});
        QVERIFY2(text.out.contains(values), qPrintable(text.out));
        const Run json = runCli({QStringLiteral("--fr-path"), scenario("size-mismatch"),
                                 QStringLiteral("--format"), QStringLiteral("json")});
        const QByteArray out = json.out.toUtf8();
        const auto j = nlohmann::json::parse(out.constBegin(), out.constEnd());
        QVERIFY2(QString::fromStdString(j["analysis"]["reason"].get<std::string>()).contains(values),
                 out.constData());
        fd::test::FakeLlmServer server;
        server.enqueue(fd::test::FakeResponse::completion(QStringLiteral("hanging ranks: {1}")));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LLM_API_KEY"), QStringLiteral("k"));
        const Run llm = runCli({QStringLiteral("--fr-path"), scenario("size-mismatch"), QStringLiteral("-l"),
                                QStringLiteral("-b"), server.baseUrl()},
                               fd::test::RunOptions().withEnvironment(env).servingEvents());
        QCOMPARE(llm.exitCode, 0);
        QCOMPARE(server.requests().size(), 1);
        QVERIFY2(server.requests().front().body.contains(values.toUtf8()),
                 server.requests().front().body.constData());
    }

    void llmInputCarriesNodeHealth()
    {
        fd::test::FakeLlmServer server;
        server.enqueue(fd::test::FakeResponse::completion(QStringLiteral("hanging ranks: {3}")));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LLM_API_KEY"), QStringLiteral("k"));
        const Run r = runCli({QStringLiteral("--fr-path"), QStringLiteral(FD_TEST_DATA "/dumps/health"),
                              QStringLiteral("-l"), QStringLiteral("-b"), server.baseUrl()},
                             fd::test::RunOptions().withEnvironment(env).servingEvents());
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(server.requests().size(), 1);
        const QByteArray body = server.requests().front().body;
        QVERIFY2(body.contains("unhealthy") && body.contains("Failed"), body.constData());
        // The LLM named rank 3, the culprit: the agreement line says so ("disagrees" must not pass here).
        QVERIFY2(r.out.contains(QStringLiteral("The LLM agrees with the analysis: hanging ranks {3}.")),
                 qPrintable(r.out));
    }

    void glooRankThatExitedIsNamed()
    {
        // Real torch 2.13 gloo dumps (tests/data/torch/rank-exits): rank 3 died before a world all_reduce.
        // Its ring neighbours' all_reduce failed and gloo retired it like finished work; the others still
        // wait in it, so the retirement is read as a failure: the neighbours are blocked behind rank 3 like
        // everyone else.
        const QString job = QStringLiteral(FD_TEST_DATA "/torch/rank-exits");
        const Run r =
            runCli({QStringLiteral("--fr-path"), job, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QByteArray out = r.out.toUtf8();
        const auto j = nlohmann::json::parse(out.constBegin(), out.constEnd());
        QCOMPARE(j["job"]["missing_ranks"].get<std::vector<int>>(), std::vector<int>{3});
        QCOMPARE(j["analysis"]["hanging_ranks"].get<std::vector<int>>(), std::vector<int>{3});
        std::vector<int> victims;
        for (const auto& v : j["analysis"]["victims"]) {
            victims.push_back(v["rank"].get<int>());
            QCOMPARE(v["root_causes"].get<std::vector<int>>(), std::vector<int>{3});
        }
        QCOMPARE(victims, (std::vector<int>{0, 1, 2, 4, 5}));
        bool failureNoted = false; // the report says which retirements it read as failures
        for (const auto& note : j["analysis"]["notes"])
            failureNoted =
                failureNoted ||
                note.get<std::string>().find(
                    "collective 5 on rank(s) 2, 4, but other members still hold it or wrote no dump") !=
                    std::string::npos;
        QVERIFY2(failureNoted, j["analysis"]["notes"].dump().c_str());
        // gloo's placeholder pg_config item {"": {"name": "", "desc": "", "ranks": "[]"}} is no group
        QCOMPARE(j["analysis"]["process_groups"].size(), std::size_t(3));
        QCOMPARE(j["analysis"]["process_groups"][0]["desc"].get<std::string>(), std::string("default_pg"));
        for (const auto& note : j["analysis"]["notes"]) // whole recorders, not "only active" ones
            QVERIFY2(note.get<std::string>().find("only active") == std::string::npos,
                     note.get<std::string>().c_str());

        // The dumps cannot tell that the job had a rank 6 that died too; the user can.
        const Run seven = runCli({QStringLiteral("--fr-path"), job, QStringLiteral("--world-size"),
                                  QStringLiteral("7"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(seven.exitCode, 0);
        const QByteArray out7 = seven.out.toUtf8();
        const auto j7 = nlohmann::json::parse(out7.constBegin(), out7.constEnd());
        QCOMPARE(j7["job"]["missing_ranks"].get<std::vector<int>>(), (std::vector<int>{3, 6}));
        QCOMPARE(j7["analysis"]["hanging_ranks"].get<std::vector<int>>(), (std::vector<int>{3, 6}));

        const Run bad =
            runCli({QStringLiteral("--fr-path"), job, QStringLiteral("--world-size"), QStringLiteral("0")});
        QCOMPARE(bad.exitCode, 3);
        QVERIFY2(bad.err.contains(QStringLiteral("--world-size")), qPrintable(bad.err));
    }

    // Real torch 2.13 gloo jobs committed under tests/data/torch/<job>/{pickle,json} with the expected.json
    // fr_jobs.py wrote: every file is read, the ranks without a dump are reported, exactly the injected ranks
    // are named, and where the dumps cannot tell which of them is wrong the reason says so.
    void committedTorchJobs_data()
    {
        QTest::addColumn<QString>("job");
        QTest::addColumn<QString>("format");
        const QDir root(QStringLiteral(FD_TEST_DATA "/torch"));
        int jobs = 0;
        for (const QString& job : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            if (!QFile::exists(root.filePath(job + QStringLiteral("/expected.json"))))
                continue;
            ++jobs;
            for (const char* format : {"pickle", "json"})
                QTest::newRow(qPrintable(job + QLatin1Char('/') + QLatin1String(format)))
                    << root.filePath(job) << QString::fromLatin1(format);
        }
        QVERIFY(jobs >= 7);
    }

    void committedTorchJobs()
    {
        QFETCH(QString, job);
        QFETCH(QString, format);
        QFile f(job + QStringLiteral("/expected.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray expectedBytes = f.readAll();
        const auto expected = nlohmann::json::parse(expectedBytes.constBegin(), expectedBytes.constEnd());
        const QDir folder(job + QLatin1Char('/') + format);
        const Run r = runCli(
            {QStringLiteral("--fr-path"), folder.path(), QStringLiteral("-p"),
             format == QLatin1String("json") ? QStringLiteral("_dump_*.json") : QStringLiteral("_dump_*"),
             QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, qPrintable(r.err));
        const QByteArray out = r.out.toUtf8();
        const auto j = nlohmann::json::parse(out.constBegin(), out.constEnd());
        QVERIFY2(j["job"]["load_errors"].empty(), j["job"]["load_errors"].dump().c_str());
        QCOMPARE(j["job"]["dump_count"].get<int>(), int(folder.entryList(QDir::Files).size()));
        QCOMPARE(j["job"]["missing_ranks"].get<std::vector<int>>(),
                 expected["no_dump"].get<std::vector<int>>());
        const std::string reason = j["analysis"]["reason"].get<std::string>();
        QVERIFY2(j["analysis"]["hanging_ranks"].get<std::vector<int>>() ==
                     expected["culprits"].get<std::vector<int>>(),
                 reason.c_str());
        if (expected.value("ambiguous", false))
            QVERIFY2(reason.find("ambiguous") != std::string::npos, reason.c_str());
        // A gloo job has no GPU: nobody is named broken_gpu.
        for (const auto& c : j["analysis"]["culprits"])
            QVERIFY2(c["kind"].get<std::string>() != "broken_gpu", reason.c_str());
    }

    void llmSectionNamesTheModelThatAnswered()
    {
        // The report names the model the server says answered (an alias such as "gpt-4o" resolves to a dated
        // model), as the GUI's exported report does; the model asked for only when the server names none.
        fd::test::FakeLlmServer server;
        server.enqueue(fd::test::FakeResponse::completion(QStringLiteral("hanging ranks: {2}"),
                                                          QStringLiteral("m-2026-11")));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LLM_API_KEY"), QStringLiteral("k"));
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("r.json"));
        const Run r = runCli({QStringLiteral("--fr-path"), scenario("stops-issuing"), QStringLiteral("-l"),
                              QStringLiteral("-m"), QStringLiteral("m"), QStringLiteral("-b"),
                              server.baseUrl(), QStringLiteral("--json"), path},
                             fd::test::RunOptions().withEnvironment(env).servingEvents());
        QCOMPARE(r.exitCode, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        const auto j = nlohmann::json::parse(bytes.constBegin(), bytes.constEnd());
        QCOMPARE(j["llm"]["model"].get<std::string>(), std::string("m-2026-11"));
        QCOMPARE(j["llm"]["hanging_ranks"].get<std::vector<int>>(), std::vector<int>{2});
        QVERIFY(j["llm"]["agrees"].get<bool>());
    }

    void healthCheckCorroboratesTheCulprit()
    {
        // tests/data/dumps/health: rank 3's GPU check failed, and rank 3 is the culprit.
        const QString dumps = QStringLiteral(FD_TEST_DATA "/dumps/health");
        const Run text = runCli({QStringLiteral("--fr-path"), dumps, QStringLiteral("-c")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains(QStringLiteral("Unhealthy ranks gpu: [3]")));
        QVERIFY2(text.out.contains(QStringLiteral("health checks agree: rank 3 gpu Failed")),
                 qPrintable(text.out));
        const Run json =
            runCli({QStringLiteral("--fr-path"), dumps, QStringLiteral("-c"), QStringLiteral("--json"),
                    QStringLiteral("-"), QStringLiteral("--format"), QStringLiteral("json")});
        const QByteArray out = json.out.toUtf8();
        const auto j = nlohmann::json::parse(out.constBegin(), out.constEnd());
        bool failedGpuOnRank3 = false;
        for (const auto& r : j["analysis"]["ranks"])
            for (const auto& h : r.value("health", nlohmann::json::array()))
                failedGpuOnRank3 = failedGpuOnRank3 ||
                                   (r["rank"] == 3 && h["component"] == "gpu" && h["status"] == "Failed");
        QVERIFY(failedGpuOnRank3);
    }

    void hangFound()
    {
        // Like fr_attribution.py, the analysis ran: exit 0, so `set -e` scripts and check=True keep working.
        const Run r = runCli({QStringLiteral("--fr-path"), scenario("stops-issuing")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral(
            "PGID   | Process Group Desc        | Op Type    | Size     | Dtype    | Missing Ranks")));
        QVERIFY(r.out.contains(QStringLiteral("verdict: continue (CONTINUE)")));
        QVERIFY(r.out.trimmed().endsWith(QStringLiteral("hanging ranks: [2]")));
    }

    void noHang()
    {
        const Run r = runCli({QStringLiteral("--fr-path"), scenario("healthy"), QStringLiteral("-v")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("=== Ranks ===")));
        QVERIFY(r.out.trimmed().endsWith(QStringLiteral("hanging ranks: []")));
    }

    void stopVerdict()
    {
        const Run r = runCli({QStringLiteral("--fr-path"), scenario("order-deadlock")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("(STOP)")));
        QVERIFY(r.out.contains(QStringLiteral("deadlock: ranks [0, 1]")));
    }

    void exitCodeOptIn()
    {
        // --exit-code (as git diff --exit-code): 1 on a hang, whichever verdict, 0 without one; same output.
        const QString flag = QStringLiteral("--exit-code");
        const Run plain = runCli({QStringLiteral("--fr-path"), scenario("stops-issuing")});
        const Run cont = runCli({QStringLiteral("--fr-path"), scenario("stops-issuing"), flag});
        QCOMPARE(cont.exitCode, 1);
        QCOMPARE(cont.out, plain.out);
        QCOMPARE(runCli({QStringLiteral("--fr-path"), scenario("order-deadlock"), flag}).exitCode, 1);
        QCOMPARE(runCli({QStringLiteral("--fr-path"), scenario("healthy"), flag}).exitCode, 0);
        QCOMPARE(runCli({QStringLiteral("--fr-path"), scenario("stops-issuing"), flag,
                         QStringLiteral("--format"), QStringLiteral("json")})
                     .exitCode,
                 1);
        QTemporaryDir empty;
        QCOMPARE(runCli({QStringLiteral("--fr-path"), empty.path(), flag}).exitCode,
                 2); // 2 and 3 keep their meaning
        QCOMPARE(runCli({flag}).exitCode, 3);
    }

    void noUsableDump()
    {
        QTemporaryDir empty;
        QCOMPARE(runCli({QStringLiteral("--fr-path"), empty.path()}).exitCode, 2);
    }

    void usageErrors()
    {
        QCOMPARE(runCli({}).exitCode, 3);
        QCOMPARE(runCli({QStringLiteral("--fr-path"), scenario("healthy"), QStringLiteral("--format"),
                         QStringLiteral("xml")})
                     .exitCode,
                 3);
        QCOMPARE(runCli({QStringLiteral("--no-such-flag")}).exitCode, 3);
        const Run help = runCli({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        for (const char* flag : {"--fr-path", "--pattern", "--verbose", "--health-check", "--llm-analyze",
                                 "--model", "--base_url", "--debug", "--emit-stdout", "--exit-code", "--json",
                                 "--format", "--debug-dir", "Exit codes"})
            QVERIFY2(help.out.contains(QLatin1String(flag)), flag);
    }

    void jsonReport()
    {
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("r.json"));
        const Run r =
            runCli({QStringLiteral("--fr-path"), scenario("broken-gpu"), QStringLiteral("--json"), path});
        QCOMPARE(r.exitCode, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        const auto j = nlohmann::json::parse(bytes.constBegin(), bytes.constEnd());
        QCOMPARE(j["schema"].get<std::string>(), std::string("flightdeck-report"));
        QCOMPARE(j["schema_version"].get<int>(), 1);
        for (const char* key : {"job", "analysis", "attribution_state", "llm", "health_check"})
            QVERIFY2(j.contains(key), key);
        for (const char* key : {"verdict", "reason", "hanging_ranks", "frontier", "culprits", "victims",
                                "deadlocks", "process_groups", "ranks", "notes"})
            QVERIFY2(j["analysis"].contains(key), key);
        QCOMPARE(j["analysis"]["hanging_ranks"].get<std::vector<int>>(), std::vector<int>{2});

        const Run stdoutJson = runCli({QStringLiteral("--fr-path"), scenario("healthy"),
                                       QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(stdoutJson.exitCode, 0);
        const QByteArray out = stdoutJson.out.toUtf8();
        QCOMPARE(
            nlohmann::json::parse(out.constBegin(), out.constEnd())["analysis"]["verdict"].get<std::string>(),
            std::string("no_hang"));
    }

    void debugExport()
    {
        QTemporaryDir tmp;
        const Run r = runCli({QStringLiteral("--fr-path"), scenario("stops-issuing"),
                              QStringLiteral("--debug"), QStringLiteral("--debug-dir"), tmp.path()});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains(tmp.path()), qPrintable(r.err));
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Files).size(), 4);
    }
};

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
