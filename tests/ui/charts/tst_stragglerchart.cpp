// The Stragglers chart on fr-synth's job with a slow rank (read in memory, analysed by core): one bar per
// rank, the straggler's in the culprit colour, and a click on its bar says which rank it is; where the job's
// files are laid out per host, the chart says each rank's host. With FD_STRAGGLER_PNG
// set, the chart is also saved there as a picture, to look at.
#include "tests/ui/support/SynthSession.h"
#include "ui/charts/StragglerChart.h"
#include "ui/support/Theme.h"

#include <QScatterSeries>
#include <QSignalSpy>
#include <QTemporaryDir>
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

    // Files in one folder per host (`<node>/_dump_<rank>`): the chart's data carries each rank's host, the
    // axis says which ranks are on which host, and the tooltip says it with the lateness.
    void hostsFromTheLayout()
    {
        QTemporaryDir dir;
        const Session session = test::sessionOnHosts(
            slowJob(6), dir.path(), [](int rank) { return QStringLiteral("node0%1").arg(rank / 8); });
        QVERIFY(session.job);
        const StragglerChartData data = computeStragglerChart(*session.analysis, session.job.get());
        QVERIFY(data.hosts);
        QCOMPARE(int(data.ranks.size()), 16);
        for (const StragglerChartData::Rank& r : data.ranks)
            QCOMPARE(r.host, QStringLiteral("node0%1").arg(r.rank / 8));

        StragglerChart chart;
        chart.resize(900, 420);
        chart.setSession(session);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QCOMPARE(chart.stragglerBars(), 1);
        const auto axes = chart.chart()->axes(Qt::Horizontal);
        QCOMPARE(axes.size(), 1);
        QCOMPARE(axes.front()->titleText(), QStringLiteral("rank (node00: 0-7, node01: 8-15)"));
        const QString tip = chart.rankTooltip(6);
        QVERIFY2(tip.startsWith(QStringLiteral("rank 6 · node00\n")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("A straggler")), qPrintable(tip));
        QVERIFY(!chart.rankTooltip(9).contains(QStringLiteral("A straggler")));
        if (const QString path = qEnvironmentVariable("FD_STRAGGLER_PNG"); !path.isEmpty())
            chart.grab().toImage().save(path.left(path.size() - 4) + QStringLiteral("-hosts.png"));

        // Without hosts: the rank alone, on the label and in the tooltip.
        chart.setSession(test::synthSession(slowJob(6)));
        QVERIFY2(chart.rankTooltip(6).startsWith(QStringLiteral("rank 6\n")),
                 qPrintable(chart.rankTooltip(6)));
        QCOMPARE(chart.chart()->axes(Qt::Horizontal).front()->titleText(), QStringLiteral("rank"));
    }

    // A strip of 256 ranks on hosts with fully qualified names: the straggler's point label names its host
    // by the name's first part, the tooltip names it whole.
    void longHostsOnTheStrip()
    {
        SyntheticJobOptions o = slowJob(131, 256);
        o.entriesPerRank = 120;
        o.tensorParallel = 8;
        o.slowMs = 8;
        auto hostOf = [](int rank) {
            return QStringLiteral("ip-10-0-%1-17.us-west-2.compute.internal").arg(rank / 8);
        };
        QTemporaryDir dir;
        const Session session = test::sessionOnHosts(o, dir.path(), hostOf);
        QVERIFY(session.job);
        StragglerChart chart;
        chart.resize(1000, 460);
        chart.setSession(session);
        QTRY_VERIFY(chart.isStrip());
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QCOMPARE(chart.barRanks().back(), 131);
        QString label;
        for (QAbstractSeries* series : chart.chart()->series())
            if (auto* scatter = qobject_cast<QScatterSeries*>(series);
                scatter && scatter->pointLabelsVisible())
                label = scatter->pointLabelsFormat();
        QCOMPARE(label, QStringLiteral("rank 131 · ip-10-0-16-17"));
        QVERIFY(chart.rankTooltip(131).startsWith(QStringLiteral("rank 131 · ") + hostOf(131)));
        if (const QString path = qEnvironmentVariable("FD_STRAGGLER_PNG"); !path.isEmpty())
            chart.grab().toImage().save(path.left(path.size() - 4) + QStringLiteral("-hosts-256.png"));
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
