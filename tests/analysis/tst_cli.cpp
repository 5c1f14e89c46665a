// Runs the built flightdeck-cli: fr_attribution.py's table, "hanging ranks:" line, exit codes (--exit-code), --json, --debug.
#include <nlohmann/json.hpp>

#include "../llm/FakeLlmServer.h"
#include "../support/RunProgram.h"

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
        // -l end to end: findings (not dumps) go to the endpoint, the answer is printed after our verdict, its
        // "hanging ranks" line is compared with ours, and fr_attribution.py's final line still comes from the analysis.
        fd::test::FakeLlmServer server;
        server.enqueue(fd::test::FakeResponse::completion(
            QStringLiteral("Rank 2 stopped issuing collectives.\nhanging ranks: {2, 7}"), QStringLiteral("m-test")));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LLM_API_KEY"), QStringLiteral("sk-cli-test-secret"));
        const Run r = runCli({QStringLiteral("--fr-path"), scenario("stops-issuing"), QStringLiteral("-l"),
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
        QVERIFY(r.out.indexOf(QStringLiteral("verdict: continue")) < r.out.indexOf(QStringLiteral("Rank 2 stopped")));
        QVERIFY(r.out.trimmed().endsWith(QStringLiteral("hanging ranks: [2]")));
        QVERIFY(!r.out.contains(QStringLiteral("sk-cli-test-secret")) && !r.err.contains(QStringLiteral("sk-cli-test-secret")));
    }

    void llmInputCarriesNodeHealth()
    {
        fd::test::FakeLlmServer server;
        server.enqueue(fd::test::FakeResponse::completion(QStringLiteral("hanging ranks: {3}")));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LLM_API_KEY"), QStringLiteral("k"));
        const Run r = runCli({QStringLiteral("--fr-path"), QStringLiteral(FD_TEST_DATA "/dumps/health"), QStringLiteral("-l"),
                                QStringLiteral("-b"), server.baseUrl()},
                             fd::test::RunOptions().withEnvironment(env).servingEvents());
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(server.requests().size(), 1);
        const QByteArray body = server.requests().front().body;
        QVERIFY2(body.contains("unhealthy") && body.contains("Failed"), body.constData());
        // The LLM named rank 3, the culprit: the agreement line says so ("disagrees" must not pass here).
        QVERIFY2(r.out.contains(QStringLiteral("The LLM agrees with the analysis: hanging ranks {3}.")), qPrintable(r.out));
    }

    void glooRankThatExitedIsNamed()
    {
        // Real torch 2.13 gloo dumps (tests/data/torch/rank-exits): rank 3 died before a world all_reduce. Its ring
        // neighbours' all_reduce failed and gloo retired it like finished work; the others still wait in it.
        const QString job = QStringLiteral(FD_TEST_DATA "/torch/rank-exits");
        const Run r = runCli({QStringLiteral("--fr-path"), job, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QByteArray out = r.out.toUtf8();
        const auto j = nlohmann::json::parse(out.constBegin(), out.constEnd());
        QCOMPARE(j["job"]["missing_ranks"].get<std::vector<int>>(), std::vector<int>{3});
        QCOMPARE(j["analysis"]["hanging_ranks"].get<std::vector<int>>(), std::vector<int>{3});
        std::vector<int> victims; // ranks 2 and 4 are not in it any more: their all_reduce failed
        for (const auto& v : j["analysis"]["victims"]) {
            victims.push_back(v["rank"].get<int>());
            QCOMPARE(v["root_causes"].get<std::vector<int>>(), std::vector<int>{3});
        }
        QCOMPARE(victims, (std::vector<int>{0, 1, 5}));
        // gloo's placeholder pg_config item {"": {"name": "", "desc": "", "ranks": "[]"}} is no group
        QCOMPARE(j["analysis"]["process_groups"].size(), std::size_t(3));
        QCOMPARE(j["analysis"]["process_groups"][0]["desc"].get<std::string>(), std::string("default_pg"));
        for (const auto& note : j["analysis"]["notes"]) // whole recorders, not "only active" ones
            QVERIFY2(note.get<std::string>().find("only active") == std::string::npos, note.get<std::string>().c_str());

        // The dumps cannot tell that the job had a rank 6 that died too; the user can.
        const Run seven = runCli({QStringLiteral("--fr-path"), job, QStringLiteral("--world-size"), QStringLiteral("7"),
                                  QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(seven.exitCode, 0);
        const QByteArray out7 = seven.out.toUtf8();
        const auto j7 = nlohmann::json::parse(out7.constBegin(), out7.constEnd());
        QCOMPARE(j7["job"]["missing_ranks"].get<std::vector<int>>(), (std::vector<int>{3, 6}));
        QCOMPARE(j7["analysis"]["hanging_ranks"].get<std::vector<int>>(), (std::vector<int>{3, 6}));

        const Run bad = runCli({QStringLiteral("--fr-path"), job, QStringLiteral("--world-size"), QStringLiteral("0")});
        QCOMPARE(bad.exitCode, 3);
        QVERIFY2(bad.err.contains(QStringLiteral("--world-size")), qPrintable(bad.err));
    }

    void llmSectionNamesTheModelThatAnswered()
    {
        // The report names the model the server says answered (an alias such as "gpt-4o" resolves to a dated
        // model), as the GUI's exported report does; the model asked for only when the server names none.
        fd::test::FakeLlmServer server;
        server.enqueue(fd::test::FakeResponse::completion(QStringLiteral("hanging ranks: {2}"), QStringLiteral("m-2026-11")));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LLM_API_KEY"), QStringLiteral("k"));
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("r.json"));
        const Run r = runCli({QStringLiteral("--fr-path"), scenario("stops-issuing"), QStringLiteral("-l"), QStringLiteral("-m"),
                              QStringLiteral("m"), QStringLiteral("-b"), server.baseUrl(), QStringLiteral("--json"), path},
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
        QVERIFY2(text.out.contains(QStringLiteral("health checks agree: rank 3 gpu Failed")), qPrintable(text.out));
        const Run json = runCli({QStringLiteral("--fr-path"), dumps, QStringLiteral("-c"), QStringLiteral("--json"), QStringLiteral("-"),
                              QStringLiteral("--format"), QStringLiteral("json")});
        const QByteArray out = json.out.toUtf8();
        const auto j = nlohmann::json::parse(out.constBegin(), out.constEnd());
        bool failedGpuOnRank3 = false;
        for (const auto& r : j["analysis"]["ranks"])
            for (const auto& h : r.value("health", nlohmann::json::array()))
                failedGpuOnRank3 = failedGpuOnRank3
                    || (r["rank"] == 3 && h["component"] == "gpu" && h["status"] == "Failed");
        QVERIFY(failedGpuOnRank3);
    }

    void hangFound()
    {
        // Like fr_attribution.py, the analysis ran: exit 0, so `set -e` scripts and check=True keep working.
        const Run r = runCli({QStringLiteral("--fr-path"), scenario("stops-issuing")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(QStringLiteral("PGID   | Process Group Desc        | Op Type    | Size     | Dtype    | Missing Ranks")));
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
        QCOMPARE(runCli({QStringLiteral("--fr-path"), scenario("stops-issuing"), flag, QStringLiteral("--format"),
                      QStringLiteral("json")}).exitCode, 1);
        QTemporaryDir empty;
        QCOMPARE(runCli({QStringLiteral("--fr-path"), empty.path(), flag}).exitCode, 2); // 2 and 3 keep their meaning
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
        QCOMPARE(runCli({QStringLiteral("--fr-path"), scenario("healthy"), QStringLiteral("--format"), QStringLiteral("xml")}).exitCode, 3);
        QCOMPARE(runCli({QStringLiteral("--no-such-flag")}).exitCode, 3);
        const Run help = runCli({QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        for (const char* flag : {"--fr-path", "--pattern", "--verbose", "--health-check", "--llm-analyze", "--model",
                                 "--base_url", "--debug", "--emit-stdout", "--exit-code", "--json", "--format", "--debug-dir", "Exit codes"})
            QVERIFY2(help.out.contains(QLatin1String(flag)), flag);
    }

    void jsonReport()
    {
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("r.json"));
        const Run r = runCli({QStringLiteral("--fr-path"), scenario("broken-gpu"), QStringLiteral("--json"), path});
        QCOMPARE(r.exitCode, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        const auto j = nlohmann::json::parse(bytes.constBegin(), bytes.constEnd());
        QCOMPARE(j["schema"].get<std::string>(), std::string("flightdeck-report"));
        QCOMPARE(j["schema_version"].get<int>(), 1);
        for (const char* key : {"job", "analysis", "attribution_state", "llm", "health_check"})
            QVERIFY2(j.contains(key), key);
        for (const char* key : {"verdict", "reason", "hanging_ranks", "frontier", "culprits", "victims", "deadlocks",
                                "process_groups", "ranks", "notes"})
            QVERIFY2(j["analysis"].contains(key), key);
        QCOMPARE(j["analysis"]["hanging_ranks"].get<std::vector<int>>(), std::vector<int>{2});

        const Run stdoutJson = runCli({QStringLiteral("--fr-path"), scenario("healthy"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(stdoutJson.exitCode, 0);
        const QByteArray out = stdoutJson.out.toUtf8();
        QCOMPARE(nlohmann::json::parse(out.constBegin(), out.constEnd())["analysis"]["verdict"].get<std::string>(), std::string("no_hang"));
    }

    void debugExport()
    {
        QTemporaryDir tmp;
        const Run r = runCli({QStringLiteral("--fr-path"), scenario("stops-issuing"), QStringLiteral("--debug"),
                           QStringLiteral("--debug-dir"), tmp.path()});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains(tmp.path()), qPrintable(r.err));
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Files).size(), 4);
    }
};

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
