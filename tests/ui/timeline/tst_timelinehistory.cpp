// History on demand in the timeline: a job loaded with a window of each rank's entries (as the GUI loads a
// 20,000-entry buffer) marks on every lane what the window left out, reads it again on a worker when the view
// is scrolled or zoomed past the window (LaneHistories), draws it from its density when zoomed fully out, and
// says what it shows (TimelineView::statusText()).
#include "tests/support/SamePg.h"
#include "tests/ui/support/SynthSession.h"
#include "tests/ui/support/UiTestSetup.h"
#include "tools/synth/SyntheticJob.h"
#include "ui/details/DetailsPanel.h"
#include "ui/models/CollectiveRanksModel.h"
#include "ui/models/StackModel.h"
#include "ui/support/Format.h"
#include "ui/support/LatestResult.h"
#include "ui/support/Theme.h"
#include "ui/timeline/LaneGroups.h"
#include "ui/timeline/LaneHistories.h"
#include "ui/timeline/TimelineHeader.h"
#include "ui/timeline/TimelinePainter.h"
#include "ui/timeline/TimelineView.h"
#include "ui/window/MainWindow.h"

#include "core/io/JobLoader.h"
#include "core/io/RankHistory.h"

#include <QFile>
#include <QHelpEvent>
#include <QImage>
#include <QLocale>
#include <QPainter>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>

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

// `ranks` ranks of `entries` entries (timing on, stack traces when `stacks`) written to `dir`, and loaded at
// `level` keeping `window` of each rank's entries.
std::shared_ptr<const Job> writeAndLoad(const QTemporaryDir& dir, int ranks, int entries, bool stacks,
                                        DetailLevel level, WindowRule window)
{
    SyntheticJobOptions o = jobAtScale(ranks, entries, 5);
    o.withStackTraces = stacks;
    o.threads = 2;
    if (!QFile::exists(dir.filePath(QStringLiteral("_dump_0"))) &&
        !SyntheticJob(o).writeTo(dir.path()).error.isEmpty())
        return {};
    LoadOptions options;
    options.frPath = dir.path();
    options.details = level;
    options.window = window;
    return loadJob(options);
}

// A small window: 200 of a rank's done entries, 40 per PG.
const WindowRule kSmallWindow{200, 40};

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

// Clicks the middle one of the older boxes drawn on row `row` (its history read) and returns what the view
// handed on; no history when there was nothing to click.
HistoryEntryRef clickOlderEntry(TimelineView& view, int row)
{
    const int lane = view.layout().rows()[std::size_t(row)].lane;
    const TimelineLane* older = view.histories().laneFor(lane);
    if (!older || older->boxes.empty())
        return {};
    const TimelineViewport& vp = view.viewportState();
    const TimelineBox& b = older->boxes[older->boxes.size() / 2];
    const QPoint at(vp.lanesRect().left() + int(vp.scale.toPixel((b.x0 + b.x1) / 2)),
                    int(vp.laneTop(row) + vp.laneHeight / 2));
    if (hitTestOlder(view.layout(), vp, at).lane != older)
        return {};
    QSignalSpy clicked(&view, &TimelineView::olderEntryClicked);
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, at);
    return clicked.count() == 1 ? clicked.front().at(0).value<HistoryEntryRef>() : HistoryEntryRef{};
}

} // namespace

class TestTimelineHistory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        test::isolateSettings("tst_timelinehistory");
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

    // By sequence, unfiltered, a lane's left-out entries come before every entry its window kept, in file
    // order, one slot each, and end where the kept ones start.
    void olderEntriesComeBeforeEveryKeptOneInFileOrder()
    {
        const TimelineLayout layout(m_session, {});
        for (const TimelineLane& lane : layout.lanes()) {
            const RankDump& dump = m_session.job->dumps[std::size_t(lane.dump)];
            const RankHistoryResult read = readRankHistory(*m_session.job, dump);
            QVERIFY(std::holds_alternative<std::shared_ptr<const RankHistory>>(read));
            const TimelineLane older = layout.historyLane(layout.laneOfRank(lane.rank),
                                                          std::get<std::shared_ptr<const RankHistory>>(read));
            QCOMPARE(older.boxes.size(), std::size_t(lane.leftOut));
            double oldestKept = lane.boxes.front().x0;
            for (const TimelineBox& b : lane.boxes)
                oldestKept = std::min(oldestKept, b.x0);
            QCOMPARE(oldestKept, lane.windowStart);
            QVERIFY(older.reach.back() <= oldestKept);
            QCOMPARE(older.boxes.back().x0 + 1, lane.windowStart); // no gap, no overlap
            for (std::size_t i = 1; i < older.boxes.size(); ++i) {
                QCOMPARE(older.boxes[i].x0, older.boxes[i - 1].x0 + 1);
                QVERIFY(older.history->fileIndex(older.boxes[i].entry) >
                        older.history->fileIndex(older.boxes[i - 1].entry));
            }
            // Every lane ends at 0, so every lane's history starts where its file's first entry goes.
            QCOMPARE(older.boxes.front().x0, -double(dump.window.fileEntries));
        }
    }

    // An older entry drawn as a box is a real entry: hovered it says what it is and where it was read from,
    // clicked it is selected (outlined) and handed on with that description.
    void anOlderEntryIsClickedAsAnyOther()
    {
        TimelineView view;
        QVERIFY(showView(view, m_session));
        view.showAll();
        view.zoomIn();
        view.zoomIn();
        view.zoomIn();
        const int lane = topLane(view);
        const TimelineLane& kept = view.layout().lanes()[std::size_t(lane)];
        QVERIFY(historyDrawnAsBoxes(kept, view.viewportState().scale));
        view.requestHistories();
        QVERIFY(QTest::qWaitFor([&] { return view.histories().state(lane) == LaneHistories::State::Read; },
                                20000));
        const TimelineLane* older = view.histories().laneFor(lane);
        QVERIFY(older);
        // The older box in the middle of the view on the top row.
        const TimelineViewport& vp = view.viewportState();
        const double middle = (vp.scale.start() + vp.scale.end()) / 2;
        std::size_t box = older->firstVisible(middle);
        QVERIFY(box < older->boxes.size());
        const TimelineBox& b = older->boxes[box];
        const QPoint at(vp.lanesRect().left() + int(vp.scale.toPixel((b.x0 + b.x1) / 2)),
                        int(vp.laneTop(0) + vp.laneHeight / 2));
        const TimelineOlderHit hit = hitTestOlder(view.layout(), vp, at);
        QVERIFY(hit.isValid());
        QCOMPARE(hit.lane, older);
        const TimelineBox& clicked = older->boxes[std::size_t(hit.box)];
        const RankDump& dump = m_session.job->dumps[std::size_t(kept.dump)];
        const QString description = view.layout().boxDescription(*older, clicked);
        QVERIFY2(description.contains(dump.filePath) && description.contains(QLatin1String("older than")),
                 qPrintable(description));

        QSignalSpy olderClicked(&view, &TimelineView::olderEntryClicked);
        QSignalSpy boxClicked(&view, &TimelineView::boxClicked);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(olderClicked.count(), 1);
        QCOMPARE(boxClicked.count(), 0); // in no collective the analysis indexed
        const auto handedOn = olderClicked.front().at(0).value<HistoryEntryRef>();
        QCOMPARE(handedOn.dump, std::uint32_t(kept.dump));
        QCOMPARE(handedOn.history, older->history);
        QCOMPARE(handedOn.entry, std::size_t(clicked.entry));
        QVERIFY2(olderClicked.front().at(1).toString().contains(QLatin1String("older entry")),
                 qPrintable(olderClicked.front().at(1).toString()));
        QCOMPARE(olderClicked.front().at(2).toString(), description);
        QCOMPARE(view.selectedOlderEntry().rank, kept.rank);
        QCOMPARE(view.selectedOlderEntry().fileIndex, older->history->fileIndex(clicked.entry));
        QVERIFY(view.statusText().contains(QString::number(kept.rank)));

        // Outlined in the selection colour.
        const QImage shot = view.viewport()->grab().toImage();
        const QColor selection = theme::selection(view.palette());
        const double px0 = vp.lanesRect().left() + std::floor(vp.scale.toPixel(clicked.x0));
        bool outlined = false;
        for (int dx = -1; dx <= 1 && !outlined; ++dx)
            outlined = shot.pixelColor(int(px0) + dx, int(vp.laneTop(0) + vp.laneHeight / 2)) == selection;
        QVERIFY(outlined);

        // Selecting a collective of the window drops it.
        view.setSelectedCollective(kNoPg, Entry::kAbsent, -1);
        QCOMPARE(view.selectedOlderEntry().rank, -1);
        QVERIFY(QTest::qWaitFor([&] { return backgroundTasksInFlight() == 0; }, 20000));
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

    // Clicked in the main window, an older entry shows in the details as a kept one does: its rank's row with
    // its op, sizes, dtypes, state and times, and the stack fr-synth wrote for it, read from the rank's whole
    // file on a worker. A rank whose file changed since the job was loaded says so, naming the file.
    void anOlderEntryShowsItsDetailsAndStack()
    {
        QTemporaryDir dir;
        const Session s(runAnalysis(writeAndLoad(dir, kRanks, 600, true, DetailLevel::Times, kSmallWindow)));
        QVERIFY(s.job);
        QVERIFY(s.job->dumps.front().originsInFile && !s.job->dumps.front().window.whole());
        // What every entry of the files really is: the same files loaded whole, with their origins.
        const auto whole =
            writeAndLoad(dir, kRanks, 600, true, DetailLevel::Full, WindowRule::wholeHistory());
        QVERIFY(whole);

        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.setSession(s);
        TimelineView& view = *w.timeline();
        QVERIFY(QTest::qWaitFor([&] { return !view.isLayingOut(); }, 20000));
        view.showAll(); // 400 older entries a lane, a few pixels each
        view.requestHistories();
        const auto readRows = [&] {
            return view.histories().laneFor(view.layout().rows()[0].lane) &&
                   view.histories().laneFor(view.layout().rows()[1].lane);
        };
        QVERIFY(QTest::qWaitFor(readRows, 20000));

        const HistoryEntryRef ref = clickOlderEntry(view, 0);
        QVERIFY(ref.history);
        const RankDump& dump = s.job->dumps[ref.dump];
        const RankDump& all = whole->dumps[ref.dump];
        const std::size_t i = std::size_t(ref.fileIndex());
        QVERIFY(!dump.window.keeps(
            i, test::samePgIn(*s.job, *whole, all.entries[i].pg))); // one the window left out
        const Entry& expected = all.entries[i];
        const JobPools& pools = *whole->pools;

        DetailsPanel& details = *w.details();
        const QString op = whole->str(expected.profilingName);
        const std::int64_t seq = expected.isP2p ? expected.p2pSeqId : expected.collectiveSeqId;
        QVERIFY2(details.title().startsWith(op) &&
                     details.title().contains(QStringLiteral("#%1 on ").arg(seq)) &&
                     details.title().endsWith(QStringLiteral("an older entry of rank %1").arg(dump.rank)),
                 qPrintable(details.title()));
        QVERIFY2(details.note().contains(dump.filePath), qPrintable(details.note()));
        // Its rank's row: the fields a kept entry's row has, as the whole load has them.
        const CollectiveRanksModel& ranks = *details.ranksModel();
        QCOMPARE(ranks.rowCount(), 1);
        const auto cell = [&](int column) { return ranks.index(0, column).data().toString(); };
        const EntryTimes& t = all.timesOf(i);
        QCOMPARE(ranks.index(0, CollectiveRanksModel::RankColumn).data().toInt(), dump.rank);
        QCOMPARE(cell(CollectiveRanksModel::OpColumn), op);
        QCOMPARE(cell(CollectiveRanksModel::StateColumn),
                 QString::fromLatin1(entryStateName(expected.state)));
        QCOMPARE(cell(CollectiveRanksModel::InputSizesColumn), pools.shapesText(expected.inputSizes));
        QCOMPARE(cell(CollectiveRanksModel::OutputSizesColumn), pools.shapesText(expected.outputSizes));
        QCOMPARE(cell(CollectiveRanksModel::InputDtypesColumn),
                 pools.dtypes(expected.inputDtypes).join(QStringLiteral(", ")));
        QCOMPARE(cell(CollectiveRanksModel::OutputDtypesColumn),
                 pools.dtypes(expected.outputDtypes).join(QStringLiteral(", ")));
        QVERIFY(!cell(CollectiveRanksModel::InputSizesColumn).isEmpty());
        QCOMPARE(cell(CollectiveRanksModel::CreatedColumn), formatWallTime(t.timeCreatedNs));
        QCOMPARE(cell(CollectiveRanksModel::StartedColumn), formatWallTime(t.timeDiscoveredStartedNs));
        QCOMPARE(cell(CollectiveRanksModel::CompletedColumn), formatWallTime(t.timeDiscoveredCompletedNs));
        QVERIFY(t.hasDuration());
        QCOMPARE(cell(CollectiveRanksModel::DurationColumn), formatDurationNs(t.durationMs * 1e6));

        // Its stack: being read, then the frames written for that entry of the file.
        const StackModel& stack = *details.stackModel();
        const auto frames = pools.stack(all.originOf(i).frames);
        QVERIFY(frames.size() > 1);
        QTRY_COMPARE_WITH_TIMEOUT(stack.rowCount(), int(frames.size()), 20000);
        for (int row = 0; row < stack.rowCount(); ++row) {
            QCOMPARE(stack.index(row, StackModel::FunctionColumn).data().toString(),
                     whole->str(frames[std::size_t(row)].name));
            QCOMPARE(stack.index(row, StackModel::FileColumn).data().toString(),
                     whole->str(frames[std::size_t(row)].filename));
            QCOMPARE(stack.index(row, StackModel::LineColumn).data().toInt(), frames[std::size_t(row)].line);
        }
        QVERIFY2(
            stack.caption().contains(QStringLiteral("thread %1").arg(whole->str(all.originOf(i).threadName))),
            qPrintable(stack.caption()));
        if (const QString path = qEnvironmentVariable("FD_TIMELINE_PNG"); !path.isEmpty())
            w.grab().toImage().save(path.left(path.size() - 4) + QStringLiteral("-older-details.png"));

        // The next row's rank, its file changed since the job was loaded (its older entries were read
        // before): the row still shows what was read, the stack says why it has no frames.
        const RankDump& changed = s.job->dumps[std::size_t(view.layout().laneOfRow(1).dump)];
        QFile grown(changed.filePath);
        QVERIFY(grown.open(QIODevice::Append));
        grown.write("x");
        grown.close();
        const HistoryEntryRef other = clickOlderEntry(view, 1);
        QVERIFY(other.history);
        QCOMPARE(std::size_t(other.dump), std::size_t(view.layout().laneOfRow(1).dump));
        QTRY_VERIFY_WITH_TIMEOUT(stack.caption().contains(QLatin1String("changed since the job was loaded")),
                                 20000);
        QVERIFY2(stack.caption().contains(changed.filePath), qPrintable(stack.caption()));
        QCOMPARE(stack.rowCount(), 0);
        QCOMPARE(ranks.rowCount(), 1);
        QCOMPARE(ranks.index(0, CollectiveRanksModel::RankColumn).data().toInt(), changed.rank);
        QCOMPARE(cell(CollectiveRanksModel::OpColumn), other.history->str(other.get().profilingName));

        // Back to the first one: from what was read, at once.
        QCOMPARE(clickOlderEntry(view, 0).fileIndex(), ref.fileIndex());
        QCOMPARE(stack.rowCount(), int(frames.size()));
        QVERIFY(QTest::qWaitFor([&] { return backgroundTasksInFlight() == 0; }, 20000));
    }

    // Grouped rows draw their first member's older entries, which the grouping never compared: the status
    // line of a group row and its header's tooltip say whose they are.
    void aGroupRowSaysWhoseOlderEntriesItDraws()
    {
        QTemporaryDir dir;
        const Session s(runAnalysis(writeAndLoad(dir, 32, 600, false, DetailLevel::Times, kSmallWindow)));
        QVERIFY(s.job);
        TimelineView view;
        QVERIFY(showView(view, s));
        const TimelineLayout& layout = view.layout();
        int group = -1;
        for (std::size_t r = 0; r < layout.rows().size() && group < 0; ++r)
            if (layout.rows()[r].isGroup() && layout.laneOfRow(int(r)).hasHistory())
                group = int(r);
        QVERIFY(group >= 0);
        const TimelineRow& row = layout.rows()[std::size_t(group)];
        const TimelineLane& lane = layout.laneOfRow(group);
        QCOMPARE(lane.rank, row.ranks.front());

        // Hovered, the row says so on the status line.
        const TimelineViewport& vp = view.viewportState();
        const int y = int(vp.laneTop(group) + vp.laneHeight / 2);
        QTest::mouseMove(view.viewport(), QPoint(vp.lanesRect().left() + 20, y));
        const EntryWindow& window = s.job->dumps[std::size_t(lane.dump)].window;
        const QLocale locale;
        QCOMPARE(view.statusText(),
                 QStringLiteral("a row of %1 ranks showing rank %2's older entries; rank %2: newest %3 of %4 "
                                "entries; older on demand")
                     .arg(row.ranks.size())
                     .arg(lane.rank)
                     .arg(locale.toString(qulonglong(window.keptEntries)),
                          locale.toString(qulonglong(window.fileEntries))));

        // Its header's tooltip, as hovering the header shows it.
        const QString older =
            QStringLiteral(
                "Older entries: rank %1's (the group matches in the loaded window only); show each "
                "rank for theirs")
                .arg(lane.rank);
        const QString tip = laneHeaderTooltip(layout, row);
        QVERIFY2(tip.split(QLatin1Char('\n')).contains(older), qPrintable(tip));
        const QPoint header(10, y);
        QHelpEvent help(QEvent::ToolTip, header, view.viewport()->mapToGlobal(header));
        QCoreApplication::sendEvent(view.viewport(), &help);
        QTRY_COMPARE(QToolTip::text(), tip);
        QToolTip::hideText();
    }

private:
    QTemporaryDir m_dir;
    Session m_session;
};

QTEST_MAIN(TestTimelineHistory)
#include "tst_timelinehistory.moc"
