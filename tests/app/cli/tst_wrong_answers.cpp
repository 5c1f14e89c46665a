// Inputs that used to give a confident wrong answer, run through the built flightdeck-cli: dumps that cannot
// be judged, files that are no dumps, renamed dumps, notes the loader made, strings that are not UTF-8.
#include <nlohmann/json.hpp>

#include "tests/support/FakeLlmServer.h"
#include "tests/support/RunProgram.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QUrl>

#include <QTest>
#include <algorithm>

namespace {

using fd::test::runCli;
using Run = fd::test::ProgramRun;

QString scenario(const char* name)
{
    return QStringLiteral(FD_TEST_DATA "/scenarios/") + QLatin1String(name);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
    QCOMPARE(f.write(bytes), bytes.size());
}

// A copy of a scenario's dumps in `dir`.
void copyScenario(const char* name, const QString& dir)
{
    const QDir from(scenario(name));
    for (const QString& file : from.entryList({QStringLiteral("_dump_*")}, QDir::Files))
        QVERIFY(QFile::copy(from.filePath(file), QDir(dir).filePath(file)));
}

// Cuts a dump in the middle: a rank killed while it wrote its dump.
void truncateHalf(const QString& path)
{
    const QByteArray bytes = readAll(path);
    writeFile(path, bytes.left(bytes.size() / 2));
}

nlohmann::json parseJson(const QString& text)
{
    const QByteArray bytes = text.toUtf8();
    return nlohmann::json::parse(bytes.constBegin(), bytes.constEnd());
}

QProcessEnvironment envWithKey(const QString& key)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LLM_API_KEY"), key);
    return env;
}

QStringList jsonArgs(const QString& path)
{
    return {QStringLiteral("--fr-path"), path, QStringLiteral("--format"), QStringLiteral("json")};
}

} // namespace

class TstWrongAnswers : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyDumpTruncatedIsUnknown()
    {
        // Every rank killed while dumping: nothing can be judged, which is no "no hang".
        QTemporaryDir tmp;
        copyScenario("stops-issuing", tmp.path());
        for (const QString& f : QDir(tmp.path()).entryList(QDir::Files))
            truncateHalf(QDir(tmp.path()).filePath(f));
        const Run text = runCli({QStringLiteral("--fr-path"), tmp.path()});
        QCOMPARE(text.exitCode, 0); // fr_attribution.py's contract without --exit-code
        QVERIFY2(text.out.contains(QStringLiteral("verdict: unknown (CONTINUE)")), qPrintable(text.out));
        QVERIFY2(text.out.contains(QStringLiteral("no rank could be judged")), qPrintable(text.out));
        QVERIFY(text.out.trimmed().endsWith(QStringLiteral("hanging ranks: []")));
        const Run code = runCli({QStringLiteral("--fr-path"), tmp.path(), QStringLiteral("--exit-code")});
        QCOMPARE(code.exitCode, 5);
        const Run json = runCli(jsonArgs(tmp.path()));
        const auto j = parseJson(json.out);
        QCOMPARE(j["analysis"]["verdict"].get<std::string>(), std::string("unknown"));
        QCOMPARE(j["attribution_state"].get<std::string>(), std::string("CONTINUE"));
        QCOMPARE(j["job"]["unreadable_ranks"].get<std::vector<int>>(), (std::vector<int>{0, 1, 2, 3}));
    }

    void tooFewJudgedIsUnknownEnoughIsNoHang()
    {
        // healthy: 4 ranks, nothing pending. Half of the world judged is too few to say "no hang"; three of
        // four is enough (docs/attribution.md, "Too few ranks judged").
        QTemporaryDir tmp;
        copyScenario("healthy", tmp.path());
        truncateHalf(QDir(tmp.path()).filePath(QStringLiteral("_dump_3")));
        const Run three = runCli({QStringLiteral("--fr-path"), tmp.path(), QStringLiteral("--exit-code")});
        QCOMPARE(three.exitCode, 0);
        QVERIFY2(three.out.contains(QStringLiteral("verdict: no_hang")), qPrintable(three.out));
        truncateHalf(QDir(tmp.path()).filePath(QStringLiteral("_dump_2")));
        const Run two = runCli({QStringLiteral("--fr-path"), tmp.path(), QStringLiteral("--exit-code")});
        QCOMPARE(two.exitCode, 5);
        QVERIFY2(two.out.contains(QStringLiteral("verdict: unknown")), qPrintable(two.out));
        QVERIFY2(two.out.contains(QStringLiteral("only 2 of the 4 ranks could be judged")),
                 qPrintable(two.out));
        QVERIFY2(two.out.contains(QStringLiteral("Rank(s) 2-3: the dump is unreadable or ends early")),
                 qPrintable(two.out));
    }

    void verboseTableNeverCallsARankWithoutADumpHealthy()
    {
        // healthy without rank 3's file: nobody waits on rank 3, and it is no culprit, but it is not
        // "healthy" either: nothing is known of it.
        QTemporaryDir tmp;
        copyScenario("healthy", tmp.path());
        QVERIFY(QFile::remove(QDir(tmp.path()).filePath(QStringLiteral("_dump_3"))));
        const Run r = runCli({QStringLiteral("--fr-path"), tmp.path(), QStringLiteral("-v")});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = r.out.split(QLatin1Char('\n'));
        const auto row3 = std::find_if(lines.begin(), lines.end(),
                                       [](const QString& l) { return l.startsWith(QStringLiteral("3 ")); });
        QVERIFY2(row3 != lines.end(), qPrintable(r.out));
        QVERIFY2(row3->contains(QStringLiteral("no_dump")) && !row3->contains(QStringLiteral("healthy")),
                 qPrintable(*row3));
        QVERIFY2(row3->contains(QStringLiteral("not judged: it wrote no dump")), qPrintable(*row3));
        const auto j = parseJson(runCli(jsonArgs(tmp.path())).out);
        QCOMPARE(j["analysis"]["ranks"][3]["kind"].get<std::string>(), std::string("no_dump"));
        QCOMPARE(j["analysis"]["culprits"].size(), std::size_t(0));
    }

    void fileWithoutDumpContentIsUnreadable_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("empty JSON object") << QByteArray("{}");
        QTest::newRow("empty JSON list") << QByteArray("[]\n");
        QTest::newRow("protocol 2 pickle of an empty dict") << QByteArray("\x80\x02}q\x00.", 6);
    }

    void fileWithoutDumpContentIsUnreadable()
    {
        // stops-issuing: rank 2 is the culprit. A victim's dump replaced by an empty container must not turn
        // that victim into a second culprit with nothing pending.
        QFETCH(QByteArray, bytes);
        QTemporaryDir tmp;
        copyScenario("stops-issuing", tmp.path());
        const QString victim = QDir(tmp.path()).filePath(QStringLiteral("_dump_1"));
        writeFile(victim, bytes);
        const auto j = parseJson(runCli(jsonArgs(tmp.path())).out);
        QCOMPARE(j["analysis"]["hanging_ranks"].get<std::vector<int>>(), std::vector<int>{2});
        QCOMPARE(j["job"]["unreadable_ranks"].get<std::vector<int>>(), std::vector<int>{1});
        bool named = false;
        for (const auto& e : j["job"]["load_errors"])
            named = named || (e["file"].get<std::string>() == victim.toStdString() &&
                              e["message"].get<std::string>().find(
                                  "holds no version, pg_config, pg_status or entries") != std::string::npos);
        QVERIFY2(named, j["job"]["load_errors"].dump().c_str());
    }

    void swappedFileNamesAreReadByTheProvenRank()
    {
        // cascade-across-pgs: rank 0 stopped issuing. Its dump saved as _dump_3 and rank 3's as _dump_0: the
        // culprit is still rank 0, and a note says which file holds which rank's dump.
        QTemporaryDir tmp;
        copyScenario("cascade-across-pgs", tmp.path());
        const QDir dir(tmp.path());
        QVERIFY(QFile::rename(dir.filePath(QStringLiteral("_dump_0")), dir.filePath(QStringLiteral("tmp"))));
        QVERIFY(
            QFile::rename(dir.filePath(QStringLiteral("_dump_3")), dir.filePath(QStringLiteral("_dump_0"))));
        QVERIFY(QFile::rename(dir.filePath(QStringLiteral("tmp")), dir.filePath(QStringLiteral("_dump_3"))));
        const Run r = runCli({QStringLiteral("--fr-path"), tmp.path()});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.trimmed().endsWith(QStringLiteral("hanging ranks: [0]")), qPrintable(r.out));
        QVERIFY2(
            r.out.contains(
                QStringLiteral("note: %1 holds rank 0's dump (its pg_config groups meet in rank 0 alone), "
                               "not rank 3's as its name says: read as rank 0")
                    .arg(dir.filePath(QStringLiteral("_dump_3")))),
            qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("holds rank 3's dump")), qPrintable(r.out));

        // A copy of rank 0's dump saved as rank 3's as well: one dump per rank, the copy is refused by name.
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("_dump_0"))));
        QVERIFY(
            QFile::copy(dir.filePath(QStringLiteral("_dump_3")), dir.filePath(QStringLiteral("_dump_0"))));
        const auto j = parseJson(runCli(jsonArgs(tmp.path())).out);
        QCOMPARE(j["job"]["missing_ranks"].get<std::vector<int>>(), std::vector<int>{});
        QCOMPARE(j["job"]["unreadable_ranks"].get<std::vector<int>>(),
                 std::vector<int>{3}); // a file, not its dump
        bool refused = false;
        for (const auto& e : j["job"]["load_errors"])
            refused = refused ||
                      e["message"].get<std::string>().find("second dump for rank 0") != std::string::npos;
        QVERIFY2(refused, j["job"]["load_errors"].dump().c_str());
    }

    void loaderNotesArePrinted()
    {
        // A dump of a newer schema and one without a rank in its name: the text output says so, as the JSON
        // report always did; a run without notes prints none.
        const Run newer =
            runCli({QStringLiteral("--fr-path"), QStringLiteral(FD_TEST_DATA "/dumps/v2_11_unknown")});
        QCOMPARE(newer.exitCode, 0);
        QVERIFY2(newer.out.contains(QStringLiteral("note: ")) &&
                     newer.out.contains(QStringLiteral("is newer than")),
                 qPrintable(newer.out));
        QTemporaryDir tmp;
        const QString single = tmp.filePath(QStringLiteral("trace.pkl"));
        QVERIFY(QFile::copy(scenario("healthy") + QStringLiteral("/_dump_0"), single));
        const Run one = runCli({QStringLiteral("--fr-path"), single});
        QVERIFY2(
            one.out.contains(
                QStringLiteral("note: %1 has no rank number in its name; treating it as rank 0").arg(single)),
            qPrintable(one.out));
        // The dumps alone (the scenario folder also holds its expected-report.json, which is noted as
        // skipped).
        QTemporaryDir clean;
        copyScenario("stops-issuing", clean.path());
        const Run plain = runCli({QStringLiteral("--fr-path"), clean.path()});
        QVERIFY2(plain.out.startsWith(QStringLiteral("Loaded 4 dump(s)")),
                 qPrintable(plain.out)); // no loader note
        const Run scenarioFolder = runCli({QStringLiteral("--fr-path"), scenario("stops-issuing")});
        QVERIFY2(
            scenarioFolder.out.startsWith(QStringLiteral(
                "note: skipped 1 file(s) (no rank number at the end of the name): expected-report.json\n")),
            qPrintable(scenarioFolder.out));
        QCOMPARE(scenarioFolder.out.mid(scenarioFolder.out.indexOf(QLatin1Char('\n')) + 1), plain.out);
    }

    void invalidUtf8IsWarnedAndEscaped()
    {
        // The PG desc "défaut_pg" with its é bytes (c3 a9) replaced by a lone latin-1 e9 and a filler:
        // Python's pickle refuses such a dump; FlightDeck warns and shows the byte as \xe9 in every output.
        QByteArray bytes = readAll(QStringLiteral(FD_TEST_DATA "/dumps/invalid_utf8/_dump_0"));
        const QByteArray valid("d\xc3\xa9"
                               "faut_pg");
        QVERIFY(bytes.contains(valid));
        bytes.replace(valid, QByteArray("d\xe9"
                                        "Xfaut_pg"));
        QTemporaryDir tmp;
        writeFile(tmp.filePath(QStringLiteral("_dump_0")), bytes);
        const Run text = runCli({QStringLiteral("--fr-path"), tmp.path()});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(QStringLiteral("not valid UTF-8")), qPrintable(text.out));
        const Run json = runCli(jsonArgs(tmp.path()));
        const auto j = parseJson(json.out);
        QCOMPARE(j["analysis"]["process_groups"][0]["desc"].get<std::string>(),
                 std::string("d\\xe9Xfaut_pg"));
        bool warned = false;
        for (const auto& w : j["job"]["warnings"])
            warned = warned || w.get<std::string>().find("not valid UTF-8") != std::string::npos;
        QVERIFY2(warned, j["job"]["warnings"].dump().c_str());
        QVERIFY(!json.out.contains(QChar(0xfffd)));
    }

    void analysisIsPrintedBeforeTheLlmStep()
    {
        // A server that never answers: the verdict is on stdout while the LLM step still runs, and the step
        // ends at --llm-timeout, with the answer's place saying why.
        fd::test::FakeLlmServer server;
        fd::test::FakeResponse silent;
        silent.neverAnswer = true;
        server.enqueue(silent);
        QProcess p;
        p.setProcessEnvironment(envWithKey(QStringLiteral("sk-silent-test-key")));
        p.start(QStringLiteral(FD_BINARY_DIR "/app/cli/flightdeck-cli"),
                {QStringLiteral("--fr-path"), scenario("stops-issuing"), QStringLiteral("-l"),
                 QStringLiteral("-b"), server.baseUrl(), QStringLiteral("--llm-timeout"),
                 QStringLiteral("3")});
        QByteArray out;
        QVERIFY(QTest::qWaitFor(
            [&] {
                out += p.readAllStandardOutput();
                return out.contains("verdict: continue") || p.state() == QProcess::NotRunning;
            },
            20000));
        QVERIFY2(p.state() == QProcess::Running, out.constData()); // the LLM step is still going on
        QVERIFY2(!out.contains("hanging ranks:"),
                 out.constData()); // the last line comes after the LLM section
        QVERIFY(QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, 20000));
        out += p.readAllStandardOutput();
        QCOMPARE(p.exitCode(), 0);
        QVERIFY2(out.contains("LLM error: The LLM step did not finish within 3 s"), out.constData());
        QVERIFY(QString::fromUtf8(out).trimmed().endsWith(QStringLiteral("hanging ranks: [2]")));
        QCOMPARE(out.count("verdict: continue"), 1);
    }

    void keyEchoedByTheServerNeverReachesAnOutput()
    {
        const QString key = QStringLiteral("sk-echo-Secret/0123456789+xyz");
        fd::test::FakeLlmServer server;
        const QString echoed = QStringLiteral("Your key %1, %2, %3, %4.\nhanging ranks: {2}")
                                   .arg(key, key.toUpper(), QString::fromLatin1(key.toUtf8().toBase64()),
                                        QString::fromLatin1(QUrl::toPercentEncoding(key)));
        server.enqueue(fd::test::FakeResponse::completion(echoed, key));
        QTemporaryDir tmp;
        const QString report = tmp.filePath(QStringLiteral("r.json"));
        const Run r = runCli({QStringLiteral("--fr-path"), scenario("stops-issuing"), QStringLiteral("-l"),
                              QStringLiteral("-b"), server.baseUrl(), QStringLiteral("--json"), report},
                             fd::test::RunOptions().withEnvironment(envWithKey(key)).servingEvents());
        QCOMPARE(r.exitCode, 0);
        const QString written = QString::fromUtf8(readAll(report));
        QVERIFY2(r.out.contains(QStringLiteral("Your key [redacted]")), qPrintable(r.out));
        for (const QString& text : {r.out, r.err, written}) {
            QVERIFY2(!text.contains(QStringLiteral("echo-Secret"), Qt::CaseInsensitive), qPrintable(text));
            QVERIFY2(!text.contains(QString::fromLatin1(key.toUtf8().toBase64().left(20))), qPrintable(text));
            QVERIFY2(!text.contains(QStringLiteral("Secret%2F0123"), Qt::CaseInsensitive), qPrintable(text));
        }
        QVERIFY(parseJson(written)["llm"]["agrees"].get<bool>());
    }
};

QTEST_GUILESS_MAIN(TstWrongAnswers)
#include "tst_wrong_answers.moc"
