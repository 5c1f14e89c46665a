// The timeline: scale maths, lane layout, painting (non-blank, frontier where expected), interaction.
#include "support/SyntheticJob.h"
#include "support/Theme.h"
#include "timeline/TimeScale.h"
#include "timeline/TimelineCache.h"
#include "timeline/TimelineLayout.h"
#include "timeline/TimelinePainter.h"
#include "timeline/TimelineView.h"
#include "window/LoadController.h"

#include <QImage>
#include <set>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>

using namespace fd;

namespace {
// How many pixels in a column range have (about) a colour.
int countColour(const QImage& img, QColor colour, int x0, int x1, int tolerance = 40)
{
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = std::max(0, x0); x < std::min(img.width(), x1); ++x) {
            const QColor c = img.pixelColor(x, y);
            if (std::abs(c.red() - colour.red()) + std::abs(c.green() - colour.green())
                    + std::abs(c.blue() - colour.blue()) < tolerance)
                ++n;
        }
    return n;
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
        const Session s = makeSyntheticSession({});
        TimelineLayout all(s, {});
        QCOMPARE(all.lanes().size(), std::size_t(16));
        QVERIFY(all.lanes()[5].culprit);
        // The culprit gets a "never entered" ghost; the others outline their frontier box.
        const auto& ghost = all.lanes()[5].boxes.back();
        QCOMPARE(ghost.state, BoxState::NeverEntered);
        QVERIFY(all.lanes()[4].boxes.back().frontier);
        QCOMPARE(all.lanes()[4].boxes.back().state, BoxState::Started);

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
        QCOMPARE(TimelineLayout(s, o).lanes().front().rank, 5); // the culprit first

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
        const Session s = makeSyntheticSession({});
        TimelineView view;
        view.resize(900, 500);
        view.setSession(s);
        TimelineOptions o;
        o.pgFilter = frontierOf(s).pgIndex;
        view.setOptions(o);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QImage img = view.viewport()->grab().toImage();
        img.save(QStringLiteral(FD_BINARY_DIR "/timeline-frontier.png"));
        const double fx = view.frontierPixel();
        QVERIFY(!std::isnan(fx));
        const QColor frontier = theme::frontier(view.palette());
        QVERIFY2(countColour(img, frontier, int(fx) - 2, int(fx) + 3) > 100, "frontier line not drawn at its x");
        QCOMPARE(countColour(img, frontier, 0, int(fx) - 40), 0);
        const QColor completed = theme::stateColor(BoxState::Completed, view.palette());
        QVERIFY(countColour(img, completed, 0, img.width()) > 1000);
    }

    void clickSelectsAndZoomHistory()
    {
        const Session s = makeSyntheticSession({});
        TimelineView view;
        view.resize(900, 500);
        view.setSession(s);
        TimelineOptions o;
        o.pgFilter = frontierOf(s).pgIndex;
        view.setOptions(o);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
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
        const Session s = LoadController::loadBlocking(QStringLiteral(FD_SOURCE_DIR "/resources/sample-job"), &error);
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
        const Session s = makeSyntheticSession({});
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

    void lodBoundsWork()
    {
        // 1024 lanes x 2000 entries: painting visits only what lands on distinct pixels.
        SyntheticJobSpec spec;
        spec.worldSize = 1024;
        spec.tp = 8;
        spec.pp = 4;
        spec.entriesPerRank = 2000;
        spec.hangRank = 517;
        const Session s = makeSyntheticSession(spec);
        TimelineLayout layout(s, {});
        QImage img(1600, 900, QImage::Format_ARGB32_Premultiplied);
        QPainter p(&img);
        TimelineViewport vp;
        vp.rect = img.rect();
        vp.laneHeight = double(vp.lanesRect().height()) / 1024;
        vp.scale = TimeScale(layout.domainStart(), layout.domainEnd(), vp.lanesRect().width());
        const TimelinePaintStats stats = paintTimeline(p, layout, vp, QPalette());
        QVERIFY(stats.lanesPainted <= vp.lanesRect().height() + 1);
        QVERIFY(stats.rectsDrawn < std::size_t(stats.lanesPainted) * 40);
    }
};

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
