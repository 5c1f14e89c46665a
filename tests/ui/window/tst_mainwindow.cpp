// The main window offscreen: opening (path, drop), selection sync between views, exports (PNG, SVG, JSON,
// report), presentation mode, help overlay. Screenshots land in FD_BINARY_DIR for a human to look at.
#include "core/llm/HangingRanks.h"
#include "core/model/RankListText.h"
#include "tests/support/RunProgram.h"
#include "tests/support/SharedFixtures.h"
#include "tests/ui/support/SynthSession.h"
#include "tests/ui/support/UiTestSetup.h"
#include "ui/details/DetailsPanel.h"
#include "ui/details/VerdictBanner.h"
#include "ui/explain/ExplainPanel.h"
#include "ui/export/Exporter.h"
#include "ui/graph/PgGraphItems.h"
#include "ui/graph/PgGraphView.h"
#include "ui/models/CollectiveRanksModel.h"
#include "ui/session/LoadController.h"
#include "ui/session/Session.h"
#include "ui/support/Theme.h"
#include "ui/timeline/TimelineControls.h"
#include "ui/timeline/TimelineView.h"
#include "ui/window/AppTheme.h"
#include "ui/window/HelpOverlay.h"
#include "ui/window/MainWindow.h"

#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QMimeData>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <nlohmann/json.hpp>

using namespace fd;
using namespace fd::test;

namespace {
const QString kNvrx = QStringLiteral(FD_SHARED_FIXTURES "/nvrx/gpu_error_1st");
const QString kLockGil = QStringLiteral(FD_SHARED_FIXTURES "/nvrx/lock_gil_1st");

// Distinct colours in an image, sampled: a blank picture has one or two.
int distinctColours(const QImage& img)
{
    QSet<QRgb> seen;
    for (int y = 0; y < img.height(); y += 3)
        for (int x = 0; x < img.width(); x += 3)
            seen.insert(img.pixel(x, y));
    return int(seen.size());
}

bool waitForSession(MainWindow& w)
{
    QSignalSpy ready(w.loader(), &LoadController::sessionReady);
    return ready.wait(30000);
}
} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::isolateSettings("tst_mainwindow"); }

    void selectionSyncsViews()
    {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const Session s = synthSession();
        w.setSession(s);
        // Opening a job selects the frontier collective everywhere.
        QVERIFY(w.details()->title().contains(QStringLiteral("#%1").arg(frontierOf(s).seqId)));
        QCOMPARE(w.timeline()->viewportState().selectedPg, frontierOf(s).pgIndex);
        QVERIFY2(w.banner()->text().contains(QStringLiteral("Culprit ranks: %1").arg(kHungRank)),
                 qPrintable(w.banner()->text()));

        // Clicking a PG in the graph filters the timeline to it.
        const std::uint32_t tpOfRank0 = groupOf(*s.job, QStringLiteral("TENSOR_MODEL_PARALLEL_GROUP"), 0);
        QCOMPARE(s.job->processGroups[tpOfRank0].ranks, (std::vector<int>{0, 1}));
        const PgNodeItem* node = w.graph()->nodeOf(tpOfRank0);
        QVERIFY(node);
        Q_EMIT w.graph()->pgClicked(tpOfRank0);
        QCOMPARE(w.timeline()->options().pgFilter, tpOfRank0);
        QCOMPARE(w.timelineControls()->options().pgFilter, tpOfRank0);
        QCOMPARE(w.timeline()->layout().lanes().size(), s.job->processGroups[tpOfRank0].ranks.size());

        // Clicking a box updates details and the collectives table.
        const std::int64_t seq =
            s.analysis->collectiveIndex.ofPg(tpOfRank0).back().seq - 2; // still in every ring buffer
        Q_EMIT w.timeline()->boxClicked(1, tpOfRank0, seq, false);
        QVERIFY(w.details()->title().contains(QStringLiteral("#%1").arg(seq)));
        QCOMPARE(w.details()->ranksModel()->rowCount(), 2);
        QVERIFY(w.collectivesView()->currentIndex().isValid());
        QCOMPARE(w.collectivesView()->currentIndex().data(ItemRoles::SeqRole).toLongLong(), seq);

        // Esc clears the PG filter.
        w.selectPg(kNoPg);
        QCOMPARE(w.timeline()->options().pgFilter, kNoPg);
        QCOMPARE(w.timeline()->layout().lanes().size(), std::size_t(16));
        w.grab().save(QStringLiteral(FD_BINARY_DIR "/mainwindow-synthetic.png"));
    }

    void explainDockFollowsSession()
    {
        QTemporaryDir dir;
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("explainDock"));
        QVERIFY(dock);
        QCOMPARE(dock->widget(), w.explainPanel());
        QVERIFY(!w.explainPanel()->hasFindings());

        // The real analysis of fr-synth's job, read as the loader reads files.
        const Session s = synthSession();
        const std::vector<int> culprits = s.analysis->hangingRanks();
        QVERIFY(!culprits.empty());
        w.setSession(s);
        QVERIFY(w.explainPanel()->hasFindings());
        const std::set<int> ours(culprits.begin(), culprits.end());
        QVERIFY2(w.explainPanel()->verdictLineText().contains(rankSetText(ours)),
                 qPrintable(w.explainPanel()->verdictLineText()));

        // A complete answer goes into the exported JSON report, filled like flightdeck-cli -l fills it.
        LlmAnswer answer;
        answer.text = QStringLiteral("Rank %1 stopped issuing.\nhanging ranks: %2")
                          .arg(culprits.front())
                          .arg(rankSetText(ours));
        answer.model = QStringLiteral("test-model");
        answer.parsedRanks = parseHangingRanks(answer.text);
        Q_EMIT w.explainPanel()->answerReady(answer, compareWithVerdict(ours, answer.parsedRanks));
        QVERIFY(w.llmSection());
        const QString json = dir.filePath(QStringLiteral("report.json"));
        QString error;
        QVERIFY2(w.exportReport(QString(), json, &error), qPrintable(error));
        QFile f(json);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const nlohmann::json report = nlohmann::json::parse(f.readAll().toStdString());
        QCOMPARE(report["llm"]["model"].get<std::string>(), std::string("test-model"));
        QCOMPARE(report["llm"]["hanging_ranks"].get<std::vector<int>>(), culprits);
        QVERIFY(report["llm"]["agrees"].get<bool>());

        // Another job: the old narrative must not leak into its report.
        w.setSession(Session{});
        QVERIFY(!w.explainPanel()->hasFindings());
        QVERIFY(!w.llmSection());
    }

    void exportsPngSvgJson()
    {
        QTemporaryDir dir;
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const Session s = synthSession();
        w.setSession(s);
        for (QWidget* view : std::initializer_list<QWidget*>{w.timeline(), w.graph()}) {
            const QString png = dir.filePath(QStringLiteral("view.png"));
            const QString svg = dir.filePath(QStringLiteral("view.svg"));
            QVERIFY(exportWidget(view, png).isEmpty());
            QVERIFY(exportWidget(view, svg).isEmpty());
            const QImage img(png);
            QCOMPARE(img.size(), view->size());
            QVERIFY(distinctColours(img) > 5);
            QFile svgFile(svg);
            QVERIFY(svgFile.open(QIODevice::ReadOnly));
            const QByteArray text = svgFile.readAll();
            QVERIFY(text.startsWith("<?xml"));
            QVERIFY(text.contains("<svg"));
            QVERIFY(text.size() > 2000);
        }
        const QString png = dir.filePath(QStringLiteral("report.png"));
        const QString json = dir.filePath(QStringLiteral("report.json"));
        QString error;
        QVERIFY2(w.exportReport(png, json, &error), qPrintable(error));
        const QImage report(png);
        QCOMPARE(report.size(), QSize(1800, 1500));
        QVERIFY(distinctColours(report) > 20);
        // The frontier colour appears in the timeline half (the right side) of the report.
        const QColor frontier = theme::frontier(w.palette());
        int frontierPixels = 0;
        for (int y = 200; y < report.height(); y += 2)
            for (int x = report.width() / 2; x < report.width(); ++x)
                frontierPixels += report.pixelColor(x, y) == frontier ? 1 : 0;
        QVERIFY2(frontierPixels > 50, "the frontier is not drawn in the report's timeline");
        QFile jsonFile(json);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        QVERIFY(jsonFile.readAll().contains("\"analysis\""));
        report.save(QStringLiteral(FD_BINARY_DIR "/report-synthetic.png"));
        // The window's own path paints here, writes on a worker, and says when it is done.
        QSignalSpy exported(&w, &MainWindow::reportExported);
        const QString png2 = dir.filePath(QStringLiteral("report2.png"));
        w.exportReportInBackground(png2, QString());
        QTRY_COMPARE(exported.count(), 1);
        QCOMPARE(exported.at(0).at(2).toString(), QString());
        QCOMPARE(QImage(png2), report);
        w.exportReportInBackground(dir.filePath(QStringLiteral("no/such/dir/r.png")), QString());
        QTRY_COMPARE(exported.count(), 2);
        QVERIFY(exported.at(1).at(2).toString().contains(QStringLiteral("no/such/dir")));
    }

    void presentationAndHelp()
    {
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setSession(synthSession());
        w.setPresentationMode(true);
        QVERIFY(w.isPresentationMode());
        QVERIFY(!w.timelineControls()->isVisible());
        QTest::qWait(50);
        w.grab().save(QStringLiteral(FD_BINARY_DIR "/presentation.png"));
        w.setPresentationMode(false);
        QVERIFY(w.timelineControls()->isVisible());
        w.helpOverlay()->toggle();
        QVERIFY(w.helpOverlay()->isVisible());
        w.grab().save(QStringLiteral(FD_BINARY_DIR "/help-overlay.png"));
        QTest::keyClick(w.helpOverlay(), Qt::Key_Escape);
        QVERIFY(!w.helpOverlay()->isVisible());
    }
};

// Over ../shared's real NVRx jobs: run as tst_mainwindow_shared where ../shared exists
// (tests/support/SharedFixtures.h).
class TestMainWindowShared : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::isolateSettings("tst_mainwindow_shared"); }

    void dropOpensDirectory()
    {
        MainWindow w;
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* mime = new QMimeData;
        mime->setUrls({QUrl::fromLocalFile(kNvrx)});
        QDragEnterEvent enter(QPoint(100, 100), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(100, 100), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QSignalSpy ready(w.loader(), &LoadController::sessionReady);
        QApplication::sendEvent(&w, &drop);
        QVERIFY(ready.wait(30000));
        QCOMPARE(w.session().job->dumps.size(), std::size_t(16));
        QVERIFY(w.session().analysis->culprit(12));
        QVERIFY(w.banner()->text().contains(QStringLiteral("12")));
        QTest::qWait(50);
        w.grab().save(QStringLiteral(FD_BINARY_DIR "/mainwindow-nvrx.png"));
        delete mime;
    }

    void droppedFilesAndErrorsPanel()
    {
        QTemporaryDir dir;
        QStringList files;
        for (int r : {0, 1, 2, 3}) {
            const QString to = dir.filePath(QStringLiteral("_dump_%1").arg(r));
            QVERIFY(QFile::copy(kNvrx + QStringLiteral("/_dump_%1").arg(r), to));
            files << to;
        }
        // A broken file among them: its error goes to the panel, the others load.
        const QString bad = dir.filePath(QStringLiteral("_dump_4"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("\x80\x02garbage");
        f.close();
        files << bad;
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.openPaths(files);
        QVERIFY(waitForSession(w));
        QCOMPARE(w.session().job->dumps.size(), std::size_t(4));
        QVERIFY(w.problemsView()->model()->rowCount() >= 1);
        QVERIFY(w.problemsView()->isVisible());
    }

    void cancelLoading()
    {
        MainWindow w;
        QSignalSpy cancelled(w.loader(), &LoadController::cancelled);
        QSignalSpy ready(w.loader(), &LoadController::sessionReady);
        w.openPath(kNvrx);
        w.loader()->cancel();
        QCOMPARE(cancelled.count(), 1);
        QVERIFY(!w.loader()->isBusy());
        QTest::qWait(300);
        QCOMPARE(ready.count(), 0);
    }

    void headlessExport()
    {
        const QString exe = QStringLiteral(FD_BINARY_DIR "/app/gui/flightdeck");
        if (!QFileInfo::exists(exe))
            QSKIP("flightdeck executable not built");
        QTemporaryDir dir;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("DISPLAY"));
        const fd::test::ProgramRun run = fd::test::runProgram(
            exe,
            {QStringLiteral("--export-png"), dir.filePath(QStringLiteral("r.png")),
             QStringLiteral("--export-json"), dir.filePath(QStringLiteral("r.json")), kNvrx},
            fd::test::RunOptions().withEnvironment(env));
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY(QImage(dir.filePath(QStringLiteral("r.png"))).width() == 1800);
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("r.json"))).size() > 100);
    }

    void screenshotsLightAndDark()
    {
        // For a human to look at: the whole window on a real job, in the default and the dark palette.
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.openPath(kLockGil);
        QVERIFY(waitForSession(w));
        QTest::qWait(50);
        w.grab().save(QStringLiteral(FD_BINARY_DIR "/mainwindow-lockgil.png"));
        applyTheme(ThemeChoice::Dark);
        QTest::qWait(50);
        QVERIFY(theme::isDark(w.palette()));
        w.grab().save(QStringLiteral(FD_BINARY_DIR "/mainwindow-lockgil-dark.png"));
        QVERIFY(w.exportReport(QStringLiteral(FD_BINARY_DIR "/report-lockgil-dark.png"), QString()));
        const QImage dark(QStringLiteral(FD_BINARY_DIR "/report-lockgil-dark.png"));
        QVERIFY(theme::isDark(w.palette()));
        QVERIFY(dark.pixelColor(dark.width() / 2, dark.height() - 4).lightness() < 100); // no light page
        applyTheme(ThemeChoice::System);
    }
};

FD_TEST_MAIN_WITH_SHARED(TestMainWindow, TestMainWindowShared)
#include "tst_mainwindow.moc"
