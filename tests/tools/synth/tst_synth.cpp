// Synthetic 64-rank jobs from the fr-synth binary built in the tree: a rank that stops issuing (also inside a
// coalesced group), a rank that crashed and wrote no dump, and both. The culprits must be exactly those ranks
// and every other rank with pending work a victim behind them. Real fixtures have 16 ranks; these catch
// blame that only leaks out on larger layouts (TP x PP x DP x EP groups, cascades across PGs).
// And the committed scenario jobs (tests/data/scenarios) are exactly what fr-synth --scenarios writes, and
// fr-synth --archive writes the job its --out would, as flightdeck-cli reads it.
#include "core/analysis/Analyzer.h"
#include "core/io/JobLoader.h"
#include "tests/support/RunProgram.h"
#include "tools/synth/Scenarios.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

using Culprits = std::vector<std::pair<int, QString>>;
Q_DECLARE_METATYPE(Culprits)

class TstSynth : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void job_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<Culprits>("culprits");
        QTest::addColumn<bool>("everyoneBlocked"); // the hang reached every other rank before the dump

        const QString stopped = QStringLiteral("stopped_issuing"), missing = QStringLiteral("missing_dump");
        QTest::newRow("stuck") << QStringList{QStringLiteral("--stuck-rank"), QStringLiteral("5"),
                                              QStringLiteral("--stuck-entries"), QStringLiteral("30")}
                               << Culprits{{5, stopped}} << true;
        QTest::newRow("stuck-just-stopped")
            << QStringList{QStringLiteral("--stuck-rank"), QStringLiteral("5")} << Culprits{{5, stopped}}
            << false;
        // 64 ranks: DP groups of 2; the stuck rank's last 2 entries are the terminator of the DP coalesced
        // all_gather and the DP all_reduce after it, so it stopped after recording the group's inner ops.
        QTest::newRow("stuck-mid-coalesced")
            << QStringList{QStringLiteral("--stuck-rank"), QStringLiteral("5"),
                           QStringLiteral("--stuck-entries"), QStringLiteral("2")}
            << Culprits{{5, stopped}} << false;
        QTest::newRow("stuck-timing-stacks")
            << QStringList{QStringLiteral("--stuck-rank"),    QStringLiteral("42"),
                           QStringLiteral("--stuck-entries"), QStringLiteral("12"),
                           QStringLiteral("--timing"),        QStringLiteral("--stacks")}
            << Culprits{{42, stopped}} << false;
        QTest::newRow("missing") << QStringList{QStringLiteral("--missing-rank"), QStringLiteral("40"),
                                                QStringLiteral("--stuck-entries"), QStringLiteral("30")}
                                 << Culprits{{40, missing}} << true;
        QTest::newRow("stuck-and-missing")
            << QStringList{QStringLiteral("--stuck-rank"),    QStringLiteral("5"),
                           QStringLiteral("--missing-rank"),  QStringLiteral("40"),
                           QStringLiteral("--stuck-entries"), QStringLiteral("30"),
                           QStringLiteral("--timing")}
            << Culprits{{5, stopped}, {40, missing}} << true;
    }

    void job()
    {
        QFETCH(QStringList, args);
        QFETCH(Culprits, culprits);
        QFETCH(bool, everyoneBlocked);
        const QString synth = QStringLiteral(FD_BINARY_DIR "/tools/synth/fr-synth");
        if (!QFileInfo(synth).isExecutable())
            QSKIP("fr-synth not built");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const fd::test::ProgramRun run = fd::test::runProgram(
            synth,
            QStringList{QStringLiteral("--out"), dir.path(), QStringLiteral("--ranks"), QStringLiteral("64"),
                        QStringLiteral("--entries"), QStringLiteral("200"), QStringLiteral("--threads"),
                        QStringLiteral("2")} +
                args,
            fd::test::RunOptions().timeout(120000));
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));

        fd::LoadOptions options;
        options.frPath = dir.path();
        auto job = fd::loadJob(options);
        QVERIFY(job);
        const auto a = fd::analyzeJob(job);
        QCOMPARE(a->verdict, fd::Verdict::Continue);
        Culprits got;
        std::vector<int> culpritRanks;
        for (const auto& c : a->culprits) {
            got.emplace_back(c.rank, QString::fromLatin1(fd::rankKindName(c.kind)));
            culpritRanks.push_back(c.rank);
        }
        QCOMPARE(got, culprits);
        QVERIFY(a->cycles.empty());

        // Victims: exactly the other ranks with pending work, each behind the culprits.
        std::set<int> pending, victims;
        for (const auto& rf : a->ranks)
            if (rf.pendingEntries > 0 &&
                std::find(culpritRanks.begin(), culpritRanks.end(), rf.rank) == culpritRanks.end())
                pending.insert(rf.rank);
        for (const auto& v : a->victims) {
            victims.insert(v.rank);
            QVERIFY2(!v.rootCauses.empty(),
                     qPrintable(QStringLiteral("victim %1 has no root cause").arg(v.rank)));
            for (int r : v.rootCauses)
                QVERIFY(std::find(culpritRanks.begin(), culpritRanks.end(), r) != culpritRanks.end());
        }
        QVERIFY(!victims.empty());
        QCOMPARE(victims, pending);
        if (everyoneBlocked)
            QCOMPARE(int(victims.size()), 64 - int(culprits.size()));
    }

    // The same job written as a folder and as one .tar.zst gives flightdeck-cli the same report and text, but
    // for where it was read from and when.
    void archiveHoldsTheSameJob()
    {
        const QString synth = QStringLiteral(FD_BINARY_DIR "/tools/synth/fr-synth");
        const QString cli = QStringLiteral(FD_BINARY_DIR "/app/cli/flightdeck-cli");
        if (!QFileInfo(synth).isExecutable() || !QFileInfo(cli).isExecutable())
            QSKIP("fr-synth or flightdeck-cli not built");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QStringList job{QStringLiteral("--ranks"),      QStringLiteral("24"),
                              QStringLiteral("--entries"),    QStringLiteral("300"),
                              QStringLiteral("--tp"),         QStringLiteral("4"),
                              QStringLiteral("--pp"),         QStringLiteral("2"),
                              QStringLiteral("--ep"),         QStringLiteral("2"),
                              QStringLiteral("--stacks"),     QStringLiteral("--timing"),
                              QStringLiteral("--stuck-rank"), QStringLiteral("3")};
        const QString folder = dir.filePath(QStringLiteral("job"));
        const QString archive = dir.filePath(QStringLiteral("job.tar.zst"));
        for (const QStringList& target : {QStringList{QStringLiteral("--out"), folder},
                                          QStringList{QStringLiteral("--archive"), archive}}) {
            const fd::test::ProgramRun run = fd::test::runProgram(synth, target + job);
            QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        }
        QVERIFY(!QFileInfo(archive).isDir() && QFileInfo(archive).size() > 0);

        // The report's lines that name the input or the time it was written.
        const auto reportOf = [&](const QString& input, QString* text) {
            const QString json = dir.filePath(QFileInfo(input).fileName() + QStringLiteral(".json"));
            const fd::test::ProgramRun run = fd::test::runProgram(
                cli, {QStringLiteral("--fr-path"), input, QStringLiteral("--json"), json});
            *text = run.out;
            QFile f(json);
            if (run.exitCode != 0 || !f.open(QIODevice::ReadOnly))
                return QStringList{run.err};
            QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
            lines.removeIf([](const QString& l) {
                return l.contains(QLatin1String("\"created_at\"")) || l.contains(QLatin1String("\"source\""));
            });
            return lines;
        };
        QString folderText, archiveText;
        const QStringList fromFolder = reportOf(folder, &folderText);
        const QStringList fromArchive = reportOf(archive, &archiveText);
        QVERIFY2(fromFolder.size() > 100, qPrintable(fromFolder.join(QLatin1Char('\n'))));
        QVERIFY(folderText.contains(QLatin1String("rank 3")));
        QCOMPARE(fromArchive, fromFolder);
        QCOMPARE(archiveText, folderText);
    }

    // Regenerating the scenarios must give the committed bytes: `fr-synth --scenarios --out
    // tests/data/scenarios` after changing one, and commit what it wrote.
    void scenariosAreWhatFrSynthWrites()
    {
        const QDir root(QStringLiteral(FD_TEST_DATA "/scenarios"));
        QStringList committed = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QStringList generated;
        for (const std::string& name : fd::scenario::scenarioNames())
            generated << QString::fromStdString(name);
        committed.sort();
        generated.sort();
        QCOMPARE(generated, committed);
        for (const std::string& name : fd::scenario::scenarioNames()) {
            const fd::scenario::Scenario scenario = fd::scenario::makeScenario(name);
            const QDir dir(root.filePath(QString::fromStdString(name)));
            QStringList expectedFiles{QStringLiteral("expected-report.json")};
            for (const auto& [rank, bytes] : scenario.dumps) {
                const QString file = QStringLiteral("_dump_%1").arg(rank);
                expectedFiles << file;
                QFile f(dir.filePath(file));
                QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
                QVERIFY2(f.readAll() == QByteArray::fromStdString(bytes), qPrintable(f.fileName()));
            }
            QFile report(dir.filePath(QStringLiteral("expected-report.json")));
            QVERIFY(report.open(QIODevice::ReadOnly));
            QCOMPARE(QString::fromUtf8(report.readAll()), QString::fromStdString(scenario.expectedReport));
            QStringList files = dir.entryList(QDir::Files);
            files.sort();
            expectedFiles.sort();
            QCOMPARE(files, expectedFiles);
        }
    }
};

QTEST_GUILESS_MAIN(TstSynth)
#include "tst_synth.moc"
