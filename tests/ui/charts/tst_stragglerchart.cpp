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

SyntheticJobOptions slowJob(int slowRank)
{
    SyntheticJobOptions o;
    o.ranks = 16;
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
