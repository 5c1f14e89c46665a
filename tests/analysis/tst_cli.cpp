// Runs the built flightdeck-cli: seed table, "hanging ranks:" line, exit codes, --json, --debug.
#include <nlohmann/json.hpp>

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int code = -1;
    QString out;
    QString err;
};

Run cli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(FD_BINARY_DIR "/app/cli/flightdeck-cli"), args);
    p.waitForFinished(60000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

QString scenario(const char* name)
{
    return QStringLiteral(FD_TEST_DATA "/scenarios/") + QLatin1String(name);
}

} // namespace

class TstCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void hangFound()
    {
        const Run r = cli({QStringLiteral("--fr-path"), scenario("stops-issuing")});
        QCOMPARE(r.code, 1);
        QVERIFY(r.out.contains(QStringLiteral("PGID   | Process Group Desc        | Op Type    | Size     | Dtype    | Missing Ranks")));
        QVERIFY(r.out.contains(QStringLiteral("verdict: continue (CONTINUE)")));
        QVERIFY(r.out.trimmed().endsWith(QStringLiteral("hanging ranks: [2]")));
    }

    void noHang()
    {
        const Run r = cli({QStringLiteral("--fr-path"), scenario("healthy"), QStringLiteral("-v")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(QStringLiteral("=== Ranks ===")));
        QVERIFY(r.out.trimmed().endsWith(QStringLiteral("hanging ranks: []")));
    }

    void stopVerdict()
    {
        const Run r = cli({QStringLiteral("--fr-path"), scenario("order-deadlock")});
        QCOMPARE(r.code, 1);
        QVERIFY(r.out.contains(QStringLiteral("(STOP)")));
        QVERIFY(r.out.contains(QStringLiteral("deadlock: ranks [0, 1]")));
    }

    void noUsableDump()
    {
        QTemporaryDir empty;
        QCOMPARE(cli({QStringLiteral("--fr-path"), empty.path()}).code, 2);
    }

    void usageErrors()
    {
        QCOMPARE(cli({}).code, 3);
        QCOMPARE(cli({QStringLiteral("--fr-path"), scenario("healthy"), QStringLiteral("--format"), QStringLiteral("xml")}).code, 3);
        QCOMPARE(cli({QStringLiteral("--no-such-flag")}).code, 3);
        const Run help = cli({QStringLiteral("--help")});
        QCOMPARE(help.code, 0);
        for (const char* flag : {"--fr-path", "--pattern", "--verbose", "--health-check", "--llm-analyze", "--model",
                                 "--base_url", "--debug", "--emit-stdout", "--json", "--format", "--debug-dir", "Exit codes"})
            QVERIFY2(help.out.contains(QLatin1String(flag)), flag);
    }

    void jsonReport()
    {
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("r.json"));
        const Run r = cli({QStringLiteral("--fr-path"), scenario("broken-gpu"), QStringLiteral("--json"), path});
        QCOMPARE(r.code, 1);
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

        const Run stdoutJson = cli({QStringLiteral("--fr-path"), scenario("healthy"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(stdoutJson.code, 0);
        const QByteArray out = stdoutJson.out.toUtf8();
        QCOMPARE(nlohmann::json::parse(out.constBegin(), out.constEnd())["analysis"]["verdict"].get<std::string>(), std::string("no_hang"));
    }

    void debugExport()
    {
        QTemporaryDir tmp;
        const Run r = cli({QStringLiteral("--fr-path"), scenario("stops-issuing"), QStringLiteral("--debug"),
                           QStringLiteral("--debug-dir"), tmp.path()});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(tmp.path()), qPrintable(r.err));
        QCOMPARE(QDir(tmp.path()).entryList(QDir::Files).size(), 4);
    }
};

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
