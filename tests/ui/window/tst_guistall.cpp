// The GUI thread at job scale: after a large job arrives, and while the user selects, filters,
// switches the x axis and zooms, the event loop never stays away long. A small version of tools/bench-gui:
// a chart rebuild quadratic in the ranks takes seconds on this job; the limit leaves room for a
// loaded CI machine.
#include "tests/ui/support/SynthSession.h"
#include "tests/ui/support/UiTestSetup.h"
#include "ui/details/VerdictBanner.h"
#include "ui/support/LatestResult.h"
#include "ui/support/StallMonitor.h"
#include "ui/timeline/TimelineControls.h"
#include "ui/timeline/TimelineView.h"
#include "ui/window/MainWindow.h"

#include <QTest>

#include <functional>

using namespace fd;

namespace {
constexpr int kStuckRank = 5; // the rank that stops issuing in the 256-rank jobs below
} // namespace

namespace {

constexpr double kStallLimitMs = 1000;

} // namespace

class TestGuiStall : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::isolateSettings("tst_guistall"); }

    void noLongStallOnALargeJob()
    {
        const Session s = test::synthSession(test::jobAtScale(256, 400, kStuckRank));
        QVERIFY(!fitsInline(s.job->entryCount())); // the views must take the worker path
        const FrontierItem frontier = test::frontierOf(s);

        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        StallMonitor monitor;
        const std::vector<std::pair<const char*, std::function<void()>>> steps = {
            {"open", [&] { w.setSession(s); }},
            {"select the frontier collective",
             [&] { w.selectCollective(frontier.pgIndex, frontier.seqId, frontier.isP2p, kStuckRank); }},
            {"filter to the frontier PG", [&] { w.selectPg(frontier.pgIndex); }},
            {"no PG filter", [&] { w.selectPg(kNoPg); }},
            {"x axis: wall time", [&] { w.timelineControls()->toggleXMode(); }},
            {"x axis: sequence", [&] { w.timelineControls()->toggleXMode(); }},
            {"zoom in", [&] { w.timeline()->zoomIn(); }},
        };
        for (const auto& [name, run] : steps) {
            monitor.reset();
            run();
            QVERIFY2(test::waitForBackgroundViews(), name);
            QTest::qWait(50); // the paints the results asked for
            qInfo("%-32s longest stall %6.0f ms", name, monitor.longestMs());
            QVERIFY2(monitor.longestMs() < kStallLimitMs, name);
        }
        QVERIFY(!w.timeline()->layout().lanes().empty());
    }

    void verdictIsShownBeforeTheViewsAreBuilt()
    {
        const Session s = test::synthSession(test::jobAtScale(256, 400, kStuckRank));
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setSession(s);
        QVERIFY2(w.banner()->text().contains(QStringLiteral("Culprit ranks: %1").arg(kStuckRank)),
                 qPrintable(w.banner()->text()));
        QVERIFY(w.timeline()->layout().lanes().empty()); // the heavy views come in the turns that follow
        QVERIFY(test::waitForBackgroundViews());
        QVERIFY(!w.timeline()->layout().lanes().empty());
    }
};

QTEST_MAIN(TestGuiStall)
#include "tst_guistall.moc"
