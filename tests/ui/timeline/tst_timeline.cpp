// The timeline: scale maths, lane layout, painting (non-blank, frontier where expected), interaction.
#include "core/model/RankListText.h"
#include "tests/ui/support/SynthSession.h"
#include "ui/session/LoadController.h"
#include "ui/support/Theme.h"
#include "ui/timeline/LaneGroups.h"
#include "ui/timeline/TimeScale.h"
#include "ui/timeline/TimelineCache.h"
#include "ui/timeline/TimelineHeader.h"
#include "ui/timeline/TimelineLayout.h"
#include "ui/timeline/TimelinePainter.h"
#include "ui/timeline/TimelineView.h"

#include <QFontMetrics>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <set>

#include <algorithm>
#include <tuple>

using namespace fd;
using namespace fd::test;

namespace {
// How many pixels in a column range have (about) a colour.
int countColour(const QImage& img, QColor colour, int x0, int x1, int tolerance = 40)
{
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = std::max(0, x0); x < std::min(img.width(), x1); ++x) {
            const QColor c = img.pixelColor(x, y);
            if (std::abs(c.red() - colour.red()) + std::abs(c.green() - colour.green()) +
                    std::abs(c.blue() - colour.blue()) <
                tolerance)
                ++n;
        }
    return n;
}

// Shows `s` in `view`, filtered to the frontier's PG; false if the window never appears.
bool showFrontierPg(TimelineView& view, const Session& s)
{
    view.resize(900, 500);
    view.setSession(s);
    TimelineOptions o;
    o.pgFilter = frontierOf(s).pgIndex;
    view.setOptions(o);
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

// Shows `s` in `view` and waits for its layout; false if the window never appears or the layout never
// arrives.
bool showLaidOut(TimelineView& view, const Session& s)
{
    view.resize(900, 500);
    view.setSession(s);
    view.show();
    return QTest::qWaitForWindowExposed(&view) && QTest::qWaitFor([&] { return !view.isLayingOut(); });
}

std::vector<int> ranksOf(const TimelineLayout& layout)
{
    std::vector<int> ranks;
    for (const TimelineLane& lane : layout.lanes())
        ranks.push_back(lane.rank);
    std::sort(ranks.begin(), ranks.end());
    return ranks;
}

// What a lane shows in [lo, hi]: (x0, state, op) of every box there.
std::vector<std::tuple<double, BoxState, StrId>>
boxesIn(const TimelineLayout& layout, const TimelineLane& lane, std::pair<double, double> window)
{
    std::vector<std::tuple<double, BoxState, StrId>> out;
    for (const TimelineBox& b : lane.boxes)
        if (b.x1 >= window.first && b.x0 <= window.second) {
            const Entry* e = layout.entryOf(lane, b);
            out.emplace_back(b.x0, b.state, e ? e->profilingName : StrId(0));
        }
    return out;
}
} // namespace

class TestTimeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scaleMapping_data()
    {
        QTest::addColumn<double>("start");
        QTest::addColumn<double>("end");
        QTest::addColumn<double>("width");
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("pixel");
        QTest::newRow("identity") << 0.0 << 100.0 << 100.0 << 25.0 << 25.0;
        QTest::newRow("offset") << 1000.0 << 1100.0 << 200.0 << 1050.0 << 100.0;
        QTest::newRow("ns") << 0.0 << 1e9 << 1000.0 << 5e8 << 500.0;
        QTest::newRow("left of view") << 10.0 << 20.0 << 100.0 << 5.0 << -50.0;
    }

    void scaleMapping()
    {
        QFETCH(double, start);
        QFETCH(double, end);
        QFETCH(double, width);
        QFETCH(double, value);
        QFETCH(double, pixel);
        const TimeScale s(start, end, width);
        QCOMPARE(s.toPixel(value), pixel);
        QCOMPARE(s.toValue(pixel), value);
    }

    void scaleZoomKeepsAnchor()
    {
        const TimeScale s(0, 1000, 500);
        const TimeScale z = s.zoomed(4, 100);
        QCOMPARE(z.span(), 250.0);
        QCOMPARE(z.toValue(100), s.toValue(100));
        QCOMPARE(z.zoomed(0.25, 100), s);
        QCOMPARE(s.panned(50).start(), 100.0);
    }

    void scaleClamp()
    {
        const TimeScale s(-50, 10, 100);
        const TimeScale c = s.clamped(0, 100, 5);
        QCOMPARE(c.start(), 0.0);
        QCOMPARE(c.span(), 60.0);
        QCOMPARE(TimeScale(10, 11, 100).clamped(0, 100, 5).span(), 5.0);
        QCOMPARE(TimeScale(-10, 500, 100).clamped(0, 100, 5), TimeScale(0, 100, 100));
    }

    void layoutLanesAndFrontier()
    {
        const Session s = synthSession();
        TimelineLayout all(s, {});
        QCOMPARE(all.lanes().size(), std::size_t(16));
        QVERIFY(all.lanes()[kHungRank].culprit);
        // The culprit gets a "never entered" ghost; the others outline their frontier box.
        const auto& ghost = all.lanes()[kHungRank].boxes.back();
        QCOMPARE(ghost.state, BoxState::NeverEntered);
        QVERIFY(all.lanes()[1].boxes.back().frontier); // rank 1 waits in the frontier collective
        QCOMPARE(all.lanes()[1].boxes.back().state, BoxState::Started);

        TimelineOptions o;
        o.pgFilter = frontierOf(s).pgIndex;
        TimelineLayout filtered(s, o);
        QCOMPARE(filtered.frontierX(), double(frontierOf(s).seqId));
        for (const auto& lane : filtered.lanes())
            for (const auto& b : lane.boxes)
                QCOMPARE(b.pgIndex, frontierOf(s).pgIndex);

        o = {};
        o.rankMin = 4;
        o.rankMax = 7;
        QCOMPARE(TimelineLayout(s, o).lanes().size(), std::size_t(4));

        o = {};
        o.order = LaneOrder::ByProgress;
        QCOMPARE(TimelineLayout(s, o).lanes().front().rank, kHungRank); // the culprit first

        o = {};
        o.xMode = TimelineXMode::WallTime;
        TimelineLayout wall(s, o);
        QCOMPARE(wall.xMode(), TimelineXMode::WallTime);
        for (const auto& lane : wall.lanes())
            for (std::size_t i = 1; i < lane.reach.size(); ++i)
                QVERIFY(lane.reach[i] >= lane.reach[i - 1]);
    }

    void paintsFrontierWhereExpected()
    {
        const Session s = synthSession();
        TimelineView view;
        QVERIFY(showFrontierPg(view, s));
        const QImage img = view.viewport()->grab().toImage();
        img.save(QStringLiteral(FD_BINARY_DIR "/timeline-frontier.png"));
        const double fx = view.frontierPixel();
        QVERIFY(!std::isnan(fx));
        const QColor frontier = theme::frontier(view.palette());
        QVERIFY2(countColour(img, frontier, int(fx) - 2, int(fx) + 3) > 100,
                 "frontier line not drawn at its x");
        // Nothing left of the frontier collective's boxes is marked as frontier.
        const auto& vp = view.viewportState();
        const double boxesLeft = vp.lanesRect().left() + vp.scale.toPixel(view.layout().frontierX());
        QVERIFY(boxesLeft < fx);
        QCOMPARE(countColour(img, frontier, 0, int(boxesLeft) - 1), 0);
        const QColor completed = theme::stateColor(BoxState::Completed, view.palette());
        QVERIFY(countColour(img, completed, 0, img.width()) > 1000);
    }

    void clickSelectsAndZoomHistory()
    {
        const Session s = synthSession();
        TimelineView view;
        QVERIFY(showFrontierPg(view, s));
        QSignalSpy clicked(&view, &TimelineView::boxClicked);
        const auto& vp = view.viewportState();
        const int lane = view.layout().laneOfRank(3);
        const QPoint at(int(view.frontierPixel()) - 2, int(vp.laneTop(lane) + vp.laneHeight / 2));
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.at(0).at(0).toInt(), 3);
        QCOMPARE(clicked.at(0).at(2).toLongLong(), frontierOf(s).seqId);

        QVERIFY(!view.canZoomBack());
        const TimeScale before = vp.scale;
        QTest::keyClick(&view, Qt::Key_Plus);
        QVERIFY(view.canZoomBack());
        QVERIFY(vp.scale.span() < before.span());
        QTest::keyClick(&view, Qt::Key_Backspace);
        QCOMPARE(vp.scale, before);
        QVERIFY(!view.canZoomBack());
    }

    void coalescedInnerOpsStandApart()
    {
        // resources/sample-job has ALLGATHER_coalesced groups: their inner ops say "scheduled" forever.
        QString error;
        const Session s =
            LoadController::loadBlocking(QStringLiteral(FD_SOURCE_DIR "/resources/sample-job"), &error);
        QVERIFY2(s.job, qPrintable(error));
        QVERIFY(s.analysis->coalesced.innerCount() > 0);
        const TimelineLayout all(s, {});
        std::set<std::uint32_t> pgs;
        int inner = 0;
        for (const auto& lane : all.lanes())
            for (const auto& b : lane.boxes)
                if (b.state == BoxState::CoalescedInner) {
                    ++inner;
                    pgs.insert(b.pgIndex);
                    QCOMPARE(all.entryOf(lane, b)->state, EntryState::Scheduled);
                    QVERIFY(all.boxDescription(lane, b).contains(QStringLiteral("coalesced group")));
                }
        QCOMPARE(std::size_t(inner), s.analysis->coalesced.innerCount());

        // By sequence, a group shares its slot: no box hides another, the terminator (the state) comes last.
        TimelineOptions o;
        o.pgFilter = *pgs.begin();
        const TimelineLayout filtered(s, o);
        for (const auto& lane : filtered.lanes())
            for (std::size_t i = 1; i < lane.boxes.size(); ++i) {
                QVERIFY(lane.boxes[i].x0 > lane.boxes[i - 1].x0);
                if (lane.boxes[i - 1].state == BoxState::CoalescedInner)
                    QVERIFY(lane.boxes[i].x0 < lane.boxes[i - 1].x0 + 1);
            }
        QCOMPARE(theme::stateName(BoxState::CoalescedInner), QStringLiteral("inside coalesced group"));
    }

    void renderCacheReusesLanes()
    {
        const Session s = synthSession();
        const TimelineLayout layout(s, {});
        TimelineViewport vp;
        QImage img(800, 400, QImage::Format_ARGB32_Premultiplied);
        vp.rect = img.rect();
        vp.scale = TimeScale(layout.domainStart(), layout.domainEnd(), vp.lanesRect().width());
        TimelineRenderCache cache;
        QImage direct(img.size(), img.format());
        {
            QPainter p(&direct);
            paintTimeline(p, layout, vp, QPalette());
        }
        auto paint = [&] {
            QPainter p(&img);
            return cache.paint(p, layout, vp, QPalette());
        };
        QVERIFY(paint().lanesPainted > 0);
        QVERIFY(!cache.lastPaintWasCached());
        QCOMPARE(img, direct); // the two layers add up to the one-pass picture
        paint();
        QVERIFY(cache.lastPaintWasCached()); // hover: nothing changed
        vp.selectedPg = frontierOf(s).pgIndex;
        vp.selectedSeq = frontierOf(s).seqId - 1;
        paint();
        QVERIFY(cache.lastPaintWasCached()); // selection is drawn over the cached lanes
        {
            QPainter p(&direct);
            paintTimeline(p, layout, vp, QPalette());
        }
        QCOMPARE(img, direct);
        vp.scale = vp.scale.zoomed(2, 100);
        paint();
        QVERIFY(!cache.lastPaintWasCached()); // zoom repaints the lanes
        const TimelineLayout other(s, {});
        QPainter p(&img);
        cache.paint(p, other, vp, QPalette());
        QVERIFY(!cache.lastPaintWasCached()); // a new layout (filter, order, session) too
    }

    void rankGroupsCollapseIdenticalLanes()
    {
        const Session s = synthSession(jobAtScale(256, 60, 130));
        const TimelineLayout layout(s, {});
        const auto& rows = layout.rows();
        QVERIFY2(rows.size() <= 16, qPrintable(QString::number(rows.size())));
        QCOMPARE(layout.groupWindow(), layout.evidenceRange());

        // The culprit and its evidence peers on top, alone; then groups. Every rank is on exactly one row.
        std::vector<int> pinned = s.analysis->pinnedRanks;
        QVERIFY(std::binary_search(pinned.begin(), pinned.end(), 130));
        QVERIFY(rows.front().pinned);
        QCOMPARE(rows.front().ranks, std::vector<int>{130});
        QVERIFY(layout.laneOfRow(0).culprit);
        std::vector<int> seen;
        bool pinnedBlock = true;
        for (std::size_t r = 0; r < rows.size(); ++r) {
            const TimelineRow& row = rows[r];
            pinnedBlock = pinnedBlock && row.pinned;
            QCOMPARE(row.pinned, pinnedBlock); // pinned rows form one block on top
            QVERIFY(!row.pinned || row.ranks.size() == 1);
            QCOMPARE(layout.rowOfRank(row.ranks.front()), int(r));
            seen.insert(seen.end(), row.ranks.begin(), row.ranks.end());
            // Identical in the window: every member shows what the row paints.
            const auto painted = boxesIn(layout, layout.laneOfRow(int(r)), layout.groupWindow());
            for (int rank : row.ranks)
                QVERIFY(boxesIn(layout, layout.lanes()[std::size_t(layout.laneOfRank(rank))],
                                layout.groupWindow()) == painted);
        }
        std::sort(seen.begin(), seen.end());
        QCOMPARE(seen, ranksOf(layout));
        const auto biggest =
            std::max_element(rows.begin(), rows.end(), [](const TimelineRow& a, const TimelineRow& b) {
                return a.ranks.size() < b.ranks.size();
            });
        QVERIFY(biggest->ranks.size() >= 50); // one pipeline stage's ranks (the stages' p2p ops differ)
        const QString label = rowLabel(*biggest, layout.lanes()[std::size_t(biggest->lane)]);
        QVERIFY2(label.startsWith(QStringLiteral("%1 ranks: ").arg(biggest->ranks.size())),
                 qPrintable(label));

        // Expanded: the group's ranks get rows of their own, the other rows stay.
        const TimelineLayout expanded = layout.regrouped(layout.groupWindow(), biggest->ranks);
        QCOMPARE(expanded.rows().size(), rows.size() + biggest->ranks.size() - 1);
        QVERIFY(expanded.generation() != layout.generation());
        QCOMPARE(&expanded.lanes(), &layout.lanes()); // regrouping shares the lanes
        for (int rank : biggest->ranks)
            QCOMPARE(expanded.rows()[std::size_t(expanded.rowOfRank(rank))].ranks, std::vector<int>{rank});

        // A small job keeps a row per rank, in lane order.
        const TimelineLayout small(synthSession(), {});
        QCOMPARE(small.rows().size(), small.lanes().size());
        for (std::size_t r = 0; r < small.rows().size(); ++r)
            QCOMPARE(small.rows()[r].lane, int(r));
    }

    void groupHeaderClickExpands()
    {
        TimelineView view;
        view.resize(1000, 500);
        view.setSession(synthSession(jobAtScale(128, 40, 70)));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY(!view.isLayingOut());
        const std::size_t before = view.layout().rows().size();
        int group = -1;
        for (std::size_t r = 0; r < before && group < 0; ++r)
            if (view.layout().rows()[r].isGroup())
                group = int(r);
        QVERIFY(group >= 0);
        const std::size_t members = view.layout().rows()[std::size_t(group)].ranks.size();
        const auto& vp = view.viewportState();
        QSignalSpy regrouped(&view, &TimelineView::rowsChanged);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {},
                          QPoint(10, int(vp.laneTop(group) + vp.laneHeight / 2)));
        QTRY_COMPARE(view.layout().rows().size(), before + members - 1);
        QVERIFY(regrouped.count() >= 1);
        // Enter on one of those ranks groups them again.
        QTest::keyClick(&view, Qt::Key_Return);
        QTRY_COMPARE(view.layout().rows().size(), before);
    }

    // Files in one folder per host (`<node>/_dump_<rank>`): each lane carries its rank's host, the header
    // says "rank 6 · node00" and its tooltip and the boxes' tooltips name the host, by wall time as by
    // sequence; a job whose files name no host shows the rank alone.
    void hostsOnTheLanes()
    {
        QTemporaryDir dir;
        SyntheticJobOptions o = hungJob();
        o.slowRank = 6;
        o.slowMs = 5;
        const Session s =
            sessionOnHosts(o, dir.path(), [](int rank) { return QStringLiteral("node0%1").arg(rank / 8); });
        QVERIFY(s.job);
        for (const TimelineXMode mode : {TimelineXMode::WallTime, TimelineXMode::Sequence}) {
            TimelineOptions options;
            options.xMode = mode;
            const TimelineLayout layout(s, options);
            QCOMPARE(int(layout.lanes().size()), 16);
            for (const TimelineLane& lane : layout.lanes())
                QCOMPARE(lane.host, QStringLiteral("node0%1").arg(lane.rank / 8));
            const TimelineRow& row = layout.rows()[std::size_t(layout.rowOfRank(6))];
            const TimelineLane& lane = layout.laneOfRow(layout.rowOfRank(6));
            QCOMPARE(rowLabel(row, lane), QStringLiteral("rank 6 · node00"));
            const QString tip = laneHeaderTooltip(layout, row);
            QVERIFY2(tip.startsWith(QStringLiteral("Rank 6 on host node00")), qPrintable(tip));
            QVERIFY(!lane.boxes.empty());
            const QString box = layout.boxDescription(lane, lane.boxes.back());
            QVERIFY2(box.startsWith(QStringLiteral("Rank 6 · node00 · ")), qPrintable(box));
        }
        // The header is wide enough for the label, so nothing of it is elided.
        TimelineView view;
        QVERIFY(showLaidOut(view, s));
        const TimelineLayout& shown = view.layout();
        const TimelineRow& row = shown.rows()[std::size_t(shown.rowOfRank(9))];
        const QFontMetrics fm(view.font());
        QCOMPARE(rowLabelFitting(row, shown.laneOfRow(shown.rowOfRank(9)), fm,
                                 view.viewportState().headerWidth - 10),
                 QStringLiteral("rank 9 · node01"));
        if (const QString path = qEnvironmentVariable("FD_TIMELINE_PNG"); !path.isEmpty())
            view.grab().toImage().save(path.left(path.size() - 4) + QStringLiteral("-16.png"));

        const Session plain = synthSession(o);
        const TimelineLayout layout(plain, {});
        const TimelineRow& plainRow = layout.rows()[std::size_t(layout.rowOfRank(6))];
        QVERIFY(layout.laneOfRow(layout.rowOfRank(6)).host.isEmpty());
        QCOMPARE(rowLabel(plainRow, layout.laneOfRow(layout.rowOfRank(6))), QStringLiteral("rank 6"));
        QVERIFY(laneHeaderTooltip(layout, plainRow).startsWith(QStringLiteral("Rank 6\n")) ||
                laneHeaderTooltip(layout, plainRow) == QStringLiteral("Rank 6"));
    }

    // Long host names do not eat the lanes: the header column stays capped, a label elides the host in its
    // middle and keeps the rank; a fully qualified name is labelled by its first part. At 256 ranks a group
    // row's tooltip names its ranks' hosts.
    void longHostsStayReadable()
    {
        QTemporaryDir dir;
        auto hostOf = [](int rank) {
            return rank % 2 ? QStringLiteral("trainer-job-large-model-pretraining-worker-%1").arg(rank / 8)
                            : QStringLiteral("ip-10-0-%1-17.us-west-2.compute.internal").arg(rank / 8);
        };
        const Session s = sessionOnHosts(jobAtScale(256, 60, -1), dir.path(), hostOf);
        QVERIFY(s.job);
        TimelineView view;
        QVERIFY(showLaidOut(view, s));
        const TimelineLayout& layout = view.layout();
        QVERIFY(view.viewportState().headerWidth <= 200);
        const TimelineLayout all = layout.regrouped(layout.groupWindow(), ranksOf(layout)); // a row per rank
        const int header = laneHeaderWidth(all, view.font());
        QVERIFY2(header > TimelineViewport::kHeaderWidth && header <= 200,
                 qPrintable(QString::number(header)));
        const QFontMetrics fm(view.font());
        const TimelineRow& odd = all.rows()[std::size_t(all.rowOfRank(131))];
        const QString fitted = rowLabelFitting(odd, all.laneOfRow(all.rowOfRank(131)), fm, header - 10);
        QVERIFY2(fitted.startsWith(QStringLiteral("rank 131 · trainer")) &&
                     fitted.contains(QStringLiteral("…")) && fitted.endsWith(QStringLiteral("er-16")) &&
                     fm.horizontalAdvance(fitted) <= header - 10,
                 qPrintable(fitted));
        const TimelineRow& even = all.rows()[std::size_t(all.rowOfRank(130))];
        QCOMPARE(rowLabel(even, all.laneOfRow(all.rowOfRank(130))),
                 QStringLiteral("rank 130 · ip-10-0-16-17"));
        QVERIFY(laneHeaderTooltip(all, even).startsWith(QStringLiteral("Rank 130 on host ") + hostOf(130)));
        // Far too narrow for any host: the rank alone.
        QCOMPARE(rowLabelFitting(odd, all.laneOfRow(all.rowOfRank(131)), fm,
                                 fm.horizontalAdvance(QStringLiteral("rank 131 · "))),
                 QStringLiteral("rank 131"));
        const auto group = std::find_if(layout.rows().begin(), layout.rows().end(),
                                        [](const TimelineRow& r) { return r.ranks.size() > 16; });
        QVERIFY(group != layout.rows().end());
        const QString tip = laneHeaderTooltip(layout, *group);
        QVERIFY2(tip.contains(QStringLiteral("\nHosts: ")) && tip.contains(QStringLiteral(" more")),
                 qPrintable(tip));
        if (const QString path = qEnvironmentVariable("FD_TIMELINE_PNG"); !path.isEmpty())
            view.grab().toImage().save(path);
    }

    void groupHeadersStayNarrow_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::newRow("16") << 16;
        QTest::newRow("1024") << 1024;
#if !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
        // Five-digit ranks. Building and analysing a 16,384-rank job takes 10 s in a release build and four
        // minutes under ThreadSanitizer, past the suites' timeout; the sanitizers run the same code at 1024.
        QTest::newRow("16384") << 16384;
#endif
    }

    // A group row's header names its count and as many runs of its ranks as fit a header of a fifth of the
    // timeline at most, whatever the job's size: never a rank cut in its middle; the tooltip names them.
    void groupHeadersStayNarrow()
    {
        QFETCH(int, ranks);
        const Session s = synthSession(jobAtScale(ranks, ranks > 1024 ? 24 : 60, ranks / 2 + 3));
        QVERIFY(s.job);
        TimelineView view;
        QVERIFY(showLaidOut(view, s));
        view.resize(1024, 600);
        const TimelineLayout& layout = view.layout();
        const int header = view.viewportState().headerWidth;
        QVERIFY2(header <= 1024 / 5, qPrintable(QString::number(header)));
        const QFontMetrics fm(view.font());
        int groups = 0;
        int countOnly = 0; // labels that name no rank at all
        for (const TimelineRow& row : layout.rows()) {
            if (!row.isGroup())
                continue;
            ++groups;
            const TimelineLane& lane = layout.lanes()[std::size_t(row.lane)];
            const QString shown = rowLabelFitting(row, lane, fm, header - 10);
            QVERIFY2(fm.horizontalAdvance(shown) <= header - 10, qPrintable(shown));
            const QString count = QStringLiteral("%1 ranks").arg(row.ranks.size());
            QVERIFY2(shown == count || shown.startsWith(count + QStringLiteral(": ")), qPrintable(shown));
            // What it names of the ranks is the start of their runs, whole ones only, "…" for the rest.
            const QString all = rankRangeText(row.ranks);
            QString named = shown.mid(count.size() + 2);
            if (named.endsWith(QStringLiteral(", …")))
                named.chop(3);
            else
                QVERIFY2(shown == count || named == all, qPrintable(shown));
            QVERIFY2(shown == count || all == named || all.startsWith(named + QStringLiteral(", ")) ||
                         named == QString::number(row.ranks.front()),
                     qPrintable(shown + QStringLiteral(" | ") + all));
            countOnly += shown == count ? 1 : 0;
            QVERIFY(laneHeaderTooltip(layout, row)
                        .startsWith(QStringLiteral("%1: %2\n").arg(count, rankRangeText(row.ranks, 64))));
        }
        QCOMPARE(groups > 0, ranks > int(kGroupLanesAbove));
        QCOMPARE(countOnly, 0); // even five-digit ranks leave room for the first one
        if (const QString path = qEnvironmentVariable("FD_TIMELINE_PNG"); !path.isEmpty())
            view.grab().toImage().save(path.left(path.size() - 4) +
                                       QStringLiteral("-groups-%1.png").arg(ranks));
    }

    void frontierConnectorStaysInItsLanes_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("order");
        QTest::newRow("16 by rank") << 16 << int(LaneOrder::ByRank);
        QTest::newRow("256 by rank") << 256 << int(LaneOrder::ByRank);
        QTest::newRow("256 by PG") << 256 << int(LaneOrder::ByPg);
    }

    void frontierConnectorStaysInItsLanes()
    {
        // Every rank on a row of its own, unfiltered (the frontier's boxes sit at different x on every lane):
        // the frontier is marked on the lanes that have it, joined only between neighbouring rows, so no
        // frontier line runs through a lane that does not show it.
        QFETCH(int, ranks);
        QFETCH(int, order);
        SyntheticJobOptions o = ranks == 16 ? hungJob() : jobAtScale(ranks, 120, 77);
        const Session s = synthSession(o);
        TimelineOptions options;
        options.order = LaneOrder(order);
        const TimelineLayout grouped(s, options);
        const TimelineLayout layout = grouped.regrouped(grouped.groupWindow(), ranksOf(grouped));
        QImage img(900, 22 + int(layout.rows().size()) * 10, QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img);
        TimelineViewport vp;
        vp.rect = img.rect();
        vp.laneHeight = 10;
        const auto [start, end] = layout.evidenceRange();
        vp.scale = TimeScale(start, end, vp.lanesRect().width());
        paintTimeline(p, layout, vp, QPalette());
        p.end();
        // The connector is drawn half transparent: look for it as blended over the lanes' background too.
        const QColor frontier = theme::frontier(QPalette());
        const QColor base = QPalette().color(QPalette::Base);
        const auto blend = [&](int f, int b) { return (f * 140 + b * 115) / 255; };
        const QColor connector(blend(frontier.red(), base.red()), blend(frontier.green(), base.green()),
                               blend(frontier.blue(), base.blue()));
        int marked = 0;
        for (int row = 0; row < int(layout.rows().size()); ++row) {
            const int top = int(vp.laneTop(row));
            const QImage band = img.copy(vp.lanesRect().left(), top + 2, vp.lanesRect().width(), 6);
            const int pixels = countColour(band, frontier, 0, band.width(), 30) +
                               countColour(band, connector, 0, band.width(), 30);
            if (layout.laneOfRow(row).frontierBox >= 0)
                marked += pixels > 0 ? 1 : 0;
            else
                QVERIFY2(pixels == 0, qPrintable(QStringLiteral("row %1 (rank %2) crossed by the frontier")
                                                     .arg(row)
                                                     .arg(layout.laneOfRow(row).rank)));
        }
        QVERIFY(marked > 1);
    }

    void lodBoundsWork()
    {
        // 1024 lanes x 1000 entries on 800 x 900 pixels: painting visits only what lands on distinct pixels.
        const Session s = synthSession(jobAtScale(1024, 1000, 517));
        const TimelineLayout grouped(s, {});
        const TimelineLayout layout =
            grouped.regrouped(grouped.groupWindow(), ranksOf(grouped)); // a row per rank
        QCOMPARE(layout.rows().size(), std::size_t(1024));
        QImage img(800, 900, QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img);
        TimelineViewport vp;
        vp.rect = img.rect();
        vp.laneHeight = double(vp.lanesRect().height()) / 1024;
        vp.scale = TimeScale(layout.domainStart(), layout.domainEnd(), vp.lanesRect().width());
        const TimelinePaintStats stats = paintTimeline(p, layout, vp, QPalette());
        QVERIFY(stats.lanesPainted <= vp.lanesRect().height() + 1);
        // At most one rect per pixel column of a painted lane, and far fewer rects than boxes: a lane holds
        // 1000 boxes on ~700 pixels, and neighbours in one state that share pixels are drawn as one.
        std::size_t boxes = 0;
        for (const TimelineLane& lane : layout.lanes())
            boxes += lane.boxes.size();
        const std::size_t boxesPerLane = boxes / layout.lanes().size();
        QVERIFY(boxesPerLane > std::size_t(vp.lanesRect().width())); // more boxes than pixels: LOD has work
        const auto painted = std::size_t(stats.lanesPainted);
        QVERIFY(stats.rectsDrawn <= painted * std::size_t(vp.lanesRect().width()));
        QVERIFY2(stats.rectsDrawn < painted * boxesPerLane / 4,
                 qPrintable(QStringLiteral("%1 rects for %2 lanes").arg(stats.rectsDrawn).arg(painted)));
    }
};

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
