// History on demand in the timeline: a job loaded with a window of each rank's entries (as the GUI loads a
// 20,000-entry buffer) marks on every lane what the window left out, reads it again on a worker when the view
// is scrolled or zoomed past the window (LaneHistories), draws it from its density when zoomed fully out, and
// says what it shows (TimelineView::statusText()).
#include "tests/ui/support/SynthSession.h"
#include "tools/synth/SyntheticJob.h"
#include "ui/support/LatestResult.h"
#include "ui/timeline/LaneHistories.h"
#include "ui/timeline/TimelinePainter.h"
#include "ui/timeline/TimelineView.h"

#include "core/io/JobLoader.h"
#include "core/io/RankHistory.h"

#include <QFile>
#include <QImage>
#include <QLocale>
#include <QPainter>
#include <QTemporaryDir>
#include <QTest>

using namespace fd;
using namespace fd::test;

namespace {

constexpr int kRanks = 16;
constexpr int kEntries = 6000;

// 16 ranks of 6000 entries written to `dir` and loaded as the GUI loads them: the default window keeps about
// 2000 of each rank's.
Session loadLongJob(const QTemporaryDir& dir)
{
    SyntheticJobOptions o = jobAtScale(kRanks, kEntries, 5);
    o.threads = 2;
    if (!SyntheticJob(o).writeTo(dir.path()).error.isEmpty())
        return {};
    LoadOptions options;
    options.frPath = dir.path();
    options.details = DetailLevel::Times;
    return Session(runAnalysis(loadJob(options)));
}

bool showView(TimelineView& view, const Session& s)
{
    view.resize(1000, 520);
    view.setSession(s);
    view.show();
    if (!QTest::qWaitForWindowExposed(&view))
        return false;
    return QTest::qWaitFor([&] { return !view.isLayingOut() && backgroundTasksInFlight() == 0; }, 20000);
}

// The lane (index into lanes()) of the top row.
int topLane(const TimelineView& view)
{
    return view.layout().rows().front().lane;
}

} // namespace

class TestTimelineHistory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_session = loadLongJob(m_dir);
        QVERIFY(m_session.job);
        QCOMPARE(m_session.job->dumps.size(), std::size_t(kRanks));
        QVERIFY(!m_session.job->dumps.front().window.whole());
    }

    void everyLaneMarksWhatItsWindowLeftOut()
    {
        const TimelineLayout layout(m_session, {});
        for (const TimelineLane& lane : layout.lanes()) {
            const RankDump& dump = m_session.job->dumps[std::size_t(lane.dump)];
            QCOMPARE(lane.leftOut, dump.window.fileEntries - dump.window.keptEntries);
            QCOMPARE(lane.windowStart, -double(dump.window.keptEntries));
            QCOMPARE(lane.historyStart, -double(dump.window.fileEntries));
            QVERIFY(layout.domainStart() <= lane.historyStart);
            // Read again, the left-out entries fill the lane left of its window, one slot each.
            const RankHistoryResult read = readRankHistory(*m_session.job, dump);
            QVERIFY(std::holds_alternative<std::shared_ptr<const RankHistory>>(read));
            const TimelineLane older = layout.historyLane(layout.laneOfRank(lane.rank),
                                                          std::get<std::shared_ptr<const RankHistory>>(read));
            QCOMPARE(older.boxes.size(), std::size_t(lane.leftOut));
            QVERIFY(older.history);
            QCOMPARE(older.boxes.front().x0, lane.historyStart);
            QVERIFY(older.reach.back() <= lane.windowStart);
            QVERIFY(layout.entryOf(older, older.boxes.back()) == &older.history->entries().back());
        }
        // By wall time the left-out entries are older than the window and start at the file's first.
        TimelineOptions wall;
        wall.xMode = TimelineXMode::WallTime;
        const TimelineLayout byTime(m_session, wall);
        QCOMPARE(byTime.xMode(), TimelineXMode::WallTime);
        for (const TimelineLane& lane : byTime.lanes()) {
            QVERIFY(lane.hasHistory());
            QVERIFY(lane.historyStart < lane.windowStart);
            const RankActivity& a = m_session.job->dumps[std::size_t(lane.dump)].activity;
            QCOMPARE(lane.historyStart, double(a.firstNs - byTime.timeOrigin()));
        }
    }

    void zoomedOutTheLeftOutEntriesAreDrawnFromTheirDensity()
    {
        TimelineView view;
        QVERIFY(showView(view, m_session));
        const QString kept = QLocale().toString(qulonglong(m_session.job->dumps.front().window.keptEntries));
        QVERIFY2(view.statusText().contains(QLatin1String("; older on demand")),
                 qPrintable(view.statusText()));
        view.showAll();
        view.requestHistories();
        // Too dense to draw one by one: nothing is read, the lanes are shaded.
        for (const TimelineLane& lane : view.layout().lanes()) {
            QVERIFY(historyInView(lane, view.viewportState().scale));
            QVERIFY(!historyDrawnAsBoxes(lane, view.viewportState().scale));
        }
        QCOMPARE(view.histories().state(topLane(view)), LaneHistories::State::NotRead);
        QVERIFY2(view.statusText().contains(QLatin1String("shaded by density")),
                 qPrintable(view.statusText()));
        QVERIFY(view.statusText().contains(kept));

        // Painted: the history's columns are shaded on every lane, at a cost bounded by the pixels.
        TimelineViewport vp = view.viewportState();
        vp.rect = QRect(0, 0, 1000, 400);
        vp.scale = vp.scale.withWidth(vp.lanesRect().width());
        vp.laneHeight = 20;
        QImage img(vp.rect.size(), QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img);
        const TimelinePaintStats stats = paintTimeline(p, view.layout(), vp, view.palette());
        p.end();
        QVERIFY(stats.boxesVisited <= std::size_t(kRanks) * std::size_t(vp.lanesRect().width()) * 2);
        const QColor base = view.palette().color(QPalette::Base);
        const TimelineLane& lane = view.layout().laneOfRow(0);
        const int x = vp.lanesRect().left() +
                      int(vp.scale.toPixel((lane.historyStart + lane.windowStart) / 2)); // inside the history
        const int y = int(vp.laneTop(0) + vp.laneHeight / 2);
        QVERIFY(img.pixelColor(x, y) != base);
    }

    void scrolledPastTheWindowTheOlderEntriesAreReadAndDrawn()
    {
        TimelineView view;
        QVERIFY(showView(view, m_session));
        view.showAll();
        view.zoomIn(); // the middle of the history: about 4 entries a pixel
        const int lane = topLane(view);
        QVERIFY(historyDrawnAsBoxes(view.layout().lanes()[std::size_t(lane)], view.viewportState().scale));
        view.requestHistories();
        const int rank = view.layout().lanes()[std::size_t(lane)].rank;
        QCOMPARE(view.histories().state(lane), LaneHistories::State::Reading);
        QCOMPARE(view.statusText(), QStringLiteral("loading older entries of rank %1…").arg(rank));
        QVERIFY(QTest::qWaitFor([&] { return view.histories().state(lane) == LaneHistories::State::Read; },
                                20000));
        const TimelineLane* older = view.histories().laneFor(lane);
        QVERIFY(older);
        QCOMPARE(older->boxes.size(), std::size_t(view.layout().lanes()[std::size_t(lane)].leftOut));
        QVERIFY2(view.statusText().contains(QLatin1String("read again from its dump")),
                 qPrintable(view.statusText()));
        // Every lane in view is read, within the budget.
        QVERIFY(QTest::qWaitFor([&] { return backgroundTasksInFlight() == 0; }, 20000));
        QVERIFY(view.histories().entriesKept() <= LaneHistories::kEntryBudget);
        int read = 0;
        for (std::size_t l = 0; l < view.layout().lanes().size(); ++l)
            read += view.histories().laneFor(int(l)) ? 1 : 0;
        QCOMPARE(read, kRanks);

        // Painted as boxes: the history's pixels show the boxes' colours, not the shaded band.
        TimelineViewport vp = view.viewportState();
        vp.laneHeight = 20;
        QImage img(vp.rect.size(), QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img);
        const TimelinePaintStats stats = paintTimeline(p, view.layout(), vp, view.palette());
        p.end();
        QVERIFY(stats.boxesVisited > std::size_t(vp.lanesRect().width())); // the history boxes too
    }

    void aFileThatChangedIsSaid()
    {
        QTemporaryDir dir;
        const Session s = loadLongJob(dir);
        QVERIFY(s.job);
        TimelineView view;
        QVERIFY(showView(view, s));
        view.showAll();
        view.zoomIn();
        const int lane = topLane(view);
        const RankDump& dump = s.job->dumps[std::size_t(view.layout().lanes()[std::size_t(lane)].dump)];
        QFile grown(dump.filePath);
        QVERIFY(grown.open(QIODevice::Append));
        grown.write("x");
        grown.close();
        view.requestHistories();
        QVERIFY(QTest::qWaitFor([&] { return view.histories().state(lane) == LaneHistories::State::Failed; },
                                20000));
        const QString status = view.statusText();
        QVERIFY2(status.contains(dump.filePath) &&
                     status.contains(QLatin1String("changed since the job was loaded")),
                 qPrintable(status));
        QVERIFY(QTest::qWaitFor([&] { return backgroundTasksInFlight() == 0; }, 20000));
    }

private:
    QTemporaryDir m_dir;
    Session m_session;
};

QTEST_MAIN(TestTimelineHistory)
#include "tst_timelinehistory.moc"
