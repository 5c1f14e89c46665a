// Hung or slow (docs/attribution.md, "Two snapshots"): `flightdeck-cli compare OLD NEW` on the committed
// snapshot pairs of tests/data/snapshots (make_snapshots.py), and compareSnapshots() on the same loads.
#include <nlohmann/json.hpp>

#include "tests/support/RunProgram.h"

#include "core/analysis/Analysis.h"
#include "core/analysis/SnapshotProgress.h"
#include "core/model/Job.h"
#include "core/pipeline/Pipeline.h"
#include "core/report/ReportJson.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using fd::test::runCli;

QString pair(const char* name, const char* capture)
{
    return QStringLiteral(FD_TEST_DATA "/snapshots/") + QLatin1String(name) + QLatin1Char('/') +
           QLatin1String(capture);
}

nlohmann::json progressOf(const fd::test::ProgramRun& run)
{
    const nlohmann::json report = nlohmann::json::parse(run.out.toStdString(), nullptr, false);
    return report.is_object() && report.contains("progress") ? report["progress"] : nlohmann::json();
}

fd::AnalysedJob load(const QString& folder)
{
    fd::LoadRequest r;
    r.options.frPath = folder;
    r.options.details = fd::DetailLevel::Times;
    return fd::loadAndAnalyse(r);
}

} // namespace

class TstCompare : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void nothingMovedIsHung()
    {
        const auto run = runCli({QStringLiteral("compare"), pair("hung", "capture-20261201T100000Z"),
                                 pair("hung", "capture-20261201T100030Z"), QStringLiteral("--format"),
                                 QStringLiteral("json")});
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
        const nlohmann::json p = progressOf(run);
        QCOMPARE(p.value("state", std::string()), std::string("hung"));
        QCOMPARE(p.value("interval_s", 0.0), 30.0); // from the capture-<UTC time> names
        QCOMPARE(p["advanced_ranks"].size(), std::size_t(0));
        QCOMPARE(p["stalled_ranks"], nlohmann::json({0, 1, 2}));
        QCOMPARE(p["slow_ranks"].size(), std::size_t(0));
        QCOMPARE(p["pgs"].size(), std::size_t(3));
        // The text output says it on one line, and --exit-code calls it a hang.
        const auto text = runCli({QStringLiteral("compare"), pair("hung", "capture-20261201T100000Z"),
                                  pair("hung", "capture-20261201T100030Z"), QStringLiteral("--exit-code")});
        QCOMPARE(text.exitCode, 1);
        QVERIFY2(
            text.out.contains(QLatin1String("\nprogress: hung: no rank completed a collective in 30.0 s")),
            qPrintable(text.out));
    }
    void movedWithOneRankBehindBothTimesIsSlow()
    {
        const auto run = runCli({QStringLiteral("compare"), pair("advancing", "capture-20261201T110000Z"),
                                 pair("advancing", "capture-20261201T110005Z"), QStringLiteral("--format"),
                                 QStringLiteral("json"), QStringLiteral("--exit-code")});
        QVERIFY2(run.finished && run.exitCode == 0,
                 qPrintable(run.err)); // advancing: no hang, whatever is pending
        const nlohmann::json p = progressOf(run);
        QCOMPARE(p.value("state", std::string()), std::string("advancing"));
        QCOMPARE(p["advanced_ranks"], nlohmann::json({0, 1, 2}));
        QCOMPARE(p["slow_ranks"], nlohmann::json({2}));
        QCOMPARE(p.value("interval_s", 0.0), 5.0);
        const std::string summary = p.value("summary", std::string());
        QVERIFY2(summary.rfind("advancing: not a hang; rank 2 is slow", 0) == 0, summary.c_str());
        // The newer snapshot's own analysis is in the report as --fr-path would give it.
        const nlohmann::json report = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(report["analysis"]["hanging_ranks"], nlohmann::json({2}));
    }
    void twoJobsAreRefused()
    {
        const auto run = runCli({QStringLiteral("compare"), pair("other-job", "capture-20261201T120000Z"),
                                 pair("other-job", "capture-20261201T120010Z")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QLatin1String("not two snapshots of one job")), qPrintable(run.err));
        QVERIFY2(run.err.contains(QLatin1String("two different jobs")), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }
    void theWrongOrderIsRefused()
    {
        const auto run = runCli({QStringLiteral("compare"), pair("advancing", "capture-20261201T110005Z"),
                                 pair("advancing", "capture-20261201T110000Z")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QLatin1String("wrong order")), qPrintable(run.err));
    }
    void usageErrors()
    {
        QCOMPARE(runCli({QStringLiteral("compare"), pair("hung", "capture-20261201T100000Z")}).exitCode, 3);
        const auto missing = runCli(
            {QStringLiteral("compare"), QStringLiteral("/nonexistent/a"), QStringLiteral("/nonexistent/b")});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains(QLatin1String("/nonexistent/a")), qPrintable(missing.err));
    }
    // --watch --watch-compare: the job's next dumps, written over its last ones, are compared with them.
    void watchComparesTheSecondDumpSet()
    {
        QTemporaryDir dir;
        const auto land = [&dir](const char* capture) {
            for (int r = 0; r < 3; ++r) {
                const QString to = dir.filePath(QStringLiteral("_dump_%1.json").arg(r));
                QFile::remove(to);
                QVERIFY(
                    QFile::copy(pair("advancing", capture) + QStringLiteral("/_dump_%1.json").arg(r), to));
            }
        };
        land("capture-20261201T110000Z");
        QProcess cli;
        cli.start(QStringLiteral(FD_BINARY_DIR "/app/cli/flightdeck-cli"),
                  {QStringLiteral("--watch"), dir.path(), QStringLiteral("--watch-compare"),
                   QStringLiteral("--watch-timeout"), QStringLiteral("60"), QStringLiteral("--format"),
                   QStringLiteral("json"), QStringLiteral("--exit-code")});
        QVERIFY(cli.waitForStarted());
        QString err;
        const QDeadlineTimer firstSet(30000);
        while (!err.contains(QLatin1String("waiting for every rank's next dump")) && !firstSet.hasExpired() &&
               cli.state() == QProcess::Running) {
            cli.waitForReadyRead(200);
            err += QString::fromUtf8(cli.readAllStandardError());
        }
        QVERIFY2(err.contains(QLatin1String("waiting for every rank's next dump")), qPrintable(err));
        land("capture-20261201T110005Z");
        QVERIFY(cli.waitForFinished(30000));
        err += QString::fromUtf8(cli.readAllStandardError());
        QCOMPARE(cli.exitCode(), 0); // advancing: no hang, whatever the newer set shows pending
        QVERIFY2(err.contains(QLatin1String("watch: progress: advancing: not a hang; rank 2 is slow")),
                 qPrintable(err));
        const nlohmann::json report =
            nlohmann::json::parse(cli.readAllStandardOutput().toStdString(), nullptr, false);
        QVERIFY(report.is_object() && report.contains("progress"));
        QCOMPARE(report["progress"].value("state", std::string()), std::string("advancing"));
        QCOMPARE(report["progress"]["slow_ranks"], nlohmann::json({2}));
    }
    void watchCompareNeedsWatch()
    {
        const auto run = runCli({QStringLiteral("--fr-path"), pair("hung", "capture-20261201T100000Z"),
                                 QStringLiteral("--watch-compare")});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(QLatin1String("--watch-compare goes with --watch")), qPrintable(run.err));
    }
    void progressIsWrittenAsTheSchemaSays()
    {
        const fd::AnalysedJob older = load(pair("advancing", "capture-20261201T110000Z"));
        const fd::AnalysedJob newer = load(pair("advancing", "capture-20261201T110005Z"));
        const fd::SnapshotComparison c =
            fd::compareSnapshots(*older.job, *older.analysis, *newer.job, *newer.analysis, 5);
        QVERIFY2(c.progress, qPrintable(c.error));
        fd::Report report = fd::makeReport(newer.analysis);
        QVERIFY(!fd::reportToJson(report).contains("progress")); // a single snapshot's report has none
        report.progress = c.progress;
        const nlohmann::json tree = fd::reportToJson(report);
        QCOMPARE(tree["progress"]["slow_ranks"], nlohmann::json({2}));
        QCOMPARE(tree["progress"]["pgs"].size(), c.progress->steps.size());
        QCOMPARE(tree["progress"]["pgs"][0]["completed_after"], nlohmann::json(6));
        // One writer: the streamed text and the tree agree byte for byte.
        QCOMPARE(QString::fromStdString(fd::reportJsonText(report)), QString::fromStdString(tree.dump(2)));
    }
};

QTEST_GUILESS_MAIN(TstCompare)
#include "tst_compare.moc"
