// Synthetic 64-rank jobs from the fr-synth binary built in the tree: a rank that stops issuing (also inside a
// coalesced group), a rank that crashed and wrote no dump, and both. The culprits must be exactly those ranks
// and every other rank with pending work a victim behind them. Real fixtures have 16 ranks; these catch
// blame that only leaks out on larger layouts (TP x PP x DP x EP groups, cascades across PGs).
// And the committed scenario jobs (tests/data/scenarios) are exactly what fr-synth --scenarios writes.
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
