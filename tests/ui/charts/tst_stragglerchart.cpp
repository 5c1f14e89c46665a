// The Stragglers chart on fr-synth's job with a slow rank (read in memory, analysed by core): one bar per
// rank, the straggler's in the culprit colour, and a click on its bar says which rank it is. With
// FD_STRAGGLER_PNG set, the chart is also saved there as a picture, to look at.
#include "tests/ui/support/SynthSession.h"
#include "ui/charts/StragglerChart.h"
#include "ui/support/Theme.h"

#include <QSignalSpy>
#include <QTest>

using namespace fd;

namespace {

SyntheticJobOptions slowJob(int slowRank, int ranks = 16)
{
    SyntheticJobOptions o;
    o.ranks = ranks;
    o.entriesPerRank = 300;
    o.tensorParallel = 4;
    o.pipelineParallel = 1;
    o.expertParallel = 1;
    o.timing = true;
    o.slowRank = slowRank;
    o.slowMs = 5;
    return o;
}

} // namespace

class TestStragglerChart : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void barsAndClick()
    {
        StragglerChart chart;
        chart.resize(900, 420);
        chart.setSession(test::synthSession(slowJob(6)));
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QCOMPARE(int(chart.barRanks().size()), 16);
        QCOMPARE(chart.stragglerBars(), 1);

        const QImage picture = chart.grab().toImage();
        if (const QString path = qEnvironmentVariable("FD_STRAGGLER_PNG"); !path.isEmpty())
            picture.save(path);
        // The straggler's bar is painted in the culprit colour, in the middle of its bar.
        const QPoint centre = chart.barCentre(6);
        QVERIFY(chart.rect().contains(centre));
        const QColor painted = picture.pixelColor(centre * picture.devicePixelRatio());
        const QColor culprit = theme::culprit(chart.palette());
        QVERIFY2(std::abs(painted.red() - culprit.red()) + std::abs(painted.green() - culprit.green()) +
                         std::abs(painted.blue() - culprit.blue()) <
                     60,
                 qPrintable(painted.name() + QStringLiteral(" vs ") + culprit.name()));

        QSignalSpy clicked(&chart, &StragglerChart::rankClicked);
        QTest::mouseClick(chart.viewport(), Qt::LeftButton, {}, centre);
        QTRY_COMPARE(clicked.count(), 1);
        QCOMPARE(clicked.front().front().toInt(), 6);
    }

    // 256 and 1024 ranks: a strip, one point per rank sorted by lateness, the straggler last, in the culprit
    // colour; a click on it selects it. Prepared on a worker (the chart says when it is shown).
    void stripAtScale_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::newRow("256") << 256;
        QTest::newRow("1024") << 1024;
    }
    void stripAtScale()
    {
        QFETCH(int, ranks);
        SyntheticJobOptions o = slowJob(ranks / 2 + 3, ranks);
        o.entriesPerRank = 120;
        o.tensorParallel = 8;
        o.slowMs = 8;
        const Session session = test::synthSession(o);
        QCOMPARE(session.analysis->lateness.stragglers.empty(), false);
        StragglerChart chart;
        chart.resize(1000, 460);
        QSignalSpy shown(&chart, &StragglerChart::updated);
        chart.setSession(session);
        QTRY_VERIFY(chart.isStrip());
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QCOMPARE(int(chart.barRanks().size()), ranks);
        QCOMPARE(chart.stragglerBars(), 1);
        QCOMPARE(chart.barRanks().back(), ranks / 2 + 3); // the latest is last

        const QImage picture = chart.grab().toImage();
        if (const QString path = qEnvironmentVariable("FD_STRAGGLER_PNG"); !path.isEmpty())
            picture.save(path.left(path.size() - 4) + QStringLiteral("-%1.png").arg(ranks));
        const QPoint centre = chart.barCentre(ranks / 2 + 3);
        QVERIFY(chart.rect().contains(centre));
        const QColor painted = picture.pixelColor(centre * picture.devicePixelRatio());
        const QColor culprit = theme::culprit(chart.palette());
        QVERIFY2(std::abs(painted.red() - culprit.red()) + std::abs(painted.green() - culprit.green()) +
                         std::abs(painted.blue() - culprit.blue()) <
                     60,
                 qPrintable(painted.name() + QStringLiteral(" vs ") + culprit.name()));
        QSignalSpy clicked(&chart, &StragglerChart::rankClicked);
        QTest::mouseClick(chart.viewport(), Qt::LeftButton, {}, centre);
        QTRY_COMPARE(clicked.count(), 1);
        QCOMPARE(clicked.front().front().toInt(), ranks / 2 + 3);
    }

    void withoutStragglers()
    {
        StragglerChart chart;
        chart.setSession(test::synthSession(slowJob(-1)));
        QCOMPARE(int(chart.barRanks().size()), 16);
        QCOMPARE(chart.stragglerBars(), 0);
        chart.setSession(Session{});
        QVERIFY(chart.barRanks().empty());
    }
};

QTEST_MAIN(TestStragglerChart)
#include "tst_stragglerchart.moc"
