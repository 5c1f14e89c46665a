// NVRx health checks (-c, health_check_results) in the views: the analysis' per-rank checks, the timeline
// lane header badge (data, tooltip and painted pixels) and the PG graph node count. Fixture:
// tests/data/dumps/health, where rank 3's GPU check failed and every other check passed.
#include "ui/graph/PgGraphItems.h"
#include "ui/graph/PgGraphView.h"
#include "ui/session/HealthText.h"
#include "ui/session/LoadController.h"
#include "ui/support/Theme.h"
#include "ui/timeline/TimelineHeader.h"
#include "ui/timeline/TimelineLayout.h"
#include "ui/timeline/TimelinePainter.h"

#include <QImage>
#include <QPainter>
#include <QTest>

using namespace fd;

namespace {
const QString kHealth = QStringLiteral(FD_TEST_DATA "/dumps/health");

int countNear(const QImage& img, QColor colour, QRect area)
{
    int n = 0;
    for (int y = std::max(0, area.top()); y <= std::min(img.height() - 1, area.bottom()); ++y)
        for (int x = std::max(0, area.left()); x <= std::min(img.width() - 1, area.right()); ++x) {
            const QColor c = img.pixelColor(x, y);
            n += std::abs(c.red() - colour.red()) + std::abs(c.green() - colour.green()) +
                     std::abs(c.blue() - colour.blue()) <
                 30;
        }
    return n;
}
} // namespace

class TestHealth : public QObject
{
    Q_OBJECT

private:
    Session m_session;

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        m_session = LoadController::loadBlocking(kHealth, &error);
        QVERIFY2(m_session.job, qPrintable(error));
    }

    void analysisCarriesHealth()
    {
        const Analysis& a = *m_session.analysis;
        for (int r : {0, 1, 2, 3})
            QVERIFY(healthChecksOf(a, r));
        const std::vector<HealthCheck>& bad = *healthChecksOf(a, 3);
        QVERIFY(!allHealthy(bad));
        QCOMPARE(healthBadge(bad), QStringLiteral("GPU ✗"));
        QVERIFY(healthTooltip(3, bad).contains(QStringLiteral("gpu: Failed")));
        QVERIFY(healthTooltip(3, bad).contains(QStringLiteral("Xid 79")));
        QVERIFY(allHealthy(*healthChecksOf(a, 0)));
        QVERIFY(healthBadge(*healthChecksOf(a, 0)).isEmpty());
        QCOMPARE(unhealthyAmong(a, {0, 1, 2, 3}), std::vector<int>{3});
    }

    void laneHeaderBadge()
    {
        const TimelineLayout layout(m_session, {});
        const int lane3 = layout.laneOfRank(3);
        QVERIFY(lane3 >= 0);
        const TimelineLane& lane = layout.lanes()[std::size_t(lane3)];
        QVERIFY(lane.health);
        QCOMPARE(healthBadge(*lane.health), QStringLiteral("GPU ✗"));
        QVERIFY(laneHeaderTooltip(layout, layout.rows()[std::size_t(layout.rowOfRank(3))])
                    .contains(QStringLiteral("Xid 79")));

        QImage img(900, 200, QImage::Format_ARGB32_Premultiplied);
        const QPalette pal;
        TimelineViewport vp;
        vp.rect = img.rect();
        vp.headerWidth = laneHeaderWidth(layout, QFont());
        QVERIFY(vp.headerWidth > TimelineViewport::kHeaderWidth);
        vp.laneHeight = 22;
        vp.scale = TimeScale(layout.domainStart(), layout.domainEnd(), vp.lanesRect().width());
        {
            QPainter p(&img);
            paintTimeline(p, layout, vp, pal);
        }
        img.save(QStringLiteral(FD_BINARY_DIR "/timeline-health.png"));
        // The red pill sits in rank 3's header, and only there; healthy ranks get a green dot.
        auto header = [&](int l) { return QRect(0, int(vp.laneTop(l)), vp.headerWidth, int(vp.laneHeight)); };
        QVERIFY(countNear(img, theme::unhealthy(pal), header(lane3)) > 40);
        QCOMPARE(layout.rows().size(), layout.lanes().size()); // a small job: a row per rank, in lane order
        for (int l = 0; l < int(layout.rows().size()); ++l)
            if (l != lane3) {
                QCOMPARE(countNear(img, theme::unhealthy(pal), header(l)), 0);
                QVERIFY(countNear(img, theme::healthy(pal), header(l)) > 8);
            }
    }

    void graphNodeCountsUnhealthy()
    {
        PgGraphView graph;
        graph.setSession(m_session);
        int withBadge = 0;
        for (std::uint32_t pg = 0; pg < m_session.job->processGroups.size(); ++pg) {
            const PgNodeItem* node = graph.nodeOf(pg);
            if (!node)
                continue;
            const auto& ranks = m_session.job->processGroups[pg].ranks;
            const bool holds3 = std::find(ranks.begin(), ranks.end(), 3) != ranks.end();
            QCOMPARE(node->healthBadge().isEmpty(), !holds3);
            if (holds3) {
                ++withBadge;
                QCOMPARE(node->healthBadge(), QStringLiteral("1 unhealthy"));
                QVERIFY(node->statusText().contains(QStringLiteral("1 unhealthy")));
                QVERIFY(node->toolTip().contains(QStringLiteral("gpu: Failed")));
            }
        }
        QVERIFY(withBadge > 0);
    }
};

QTEST_MAIN(TestHealth)
#include "tst_health.moc"
