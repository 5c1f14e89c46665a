// The PG graph's readability: short descriptions, a layout that fits the picture's shape, and exports where
// node text is at (about) its natural size.
#include "tests/ui/support/SynthSession.h"
#include "ui/export/Exporter.h"
#include "ui/graph/PgAbbrev.h"
#include "ui/graph/PgBandGutter.h"
#include "ui/graph/PgGraphItems.h"
#include "ui/graph/PgGraphLayout.h"
#include "ui/graph/PgGraphView.h"
#include "ui/graph/PgWaitLabel.h"
#include "ui/session/LoadController.h"

#include <QDebug>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <set>
#include <tuple>

using namespace fd;
using namespace fd::test;

namespace {

Session loadScenario(const char* name)
{
    QString error;
    Session s = LoadController::loadBlocking(QStringLiteral(FD_TEST_DATA "/scenarios/") + QLatin1String(name),
                                             &error);
    if (!s.job)
        qWarning() << error;
    return s;
}

// The job-wide index of the PG named `name` (scenario PG names are unique), or kNoPg.
std::uint32_t pgNamed(const Session& s, const char* name)
{
    for (std::uint32_t p = 0; p < s.job->processGroups.size(); ++p)
        if (s.job->processGroups[p].name == QLatin1String(name))
            return p;
    return kNoPg;
}

using Edge = std::tuple<std::uint32_t, std::uint32_t, QString>;

std::set<Edge> edgesOf(const Session& s)
{
    std::set<Edge> out;
    for (const PgWait& e : s.analysis->pgWaits)
        out.insert({e.from, e.to, pgWaitLabel(e.kind)});
    return out;
}

PgGraphLayout layoutFor(const Job& job, double aspect, const Analysis* analysis = nullptr)
{
    PgGraphLayout::Request request;
    request.aspect = aspect;
    request.analysis = analysis;
    return PgGraphLayout::compute(job, request);
}

} // namespace

class TestPgGraph : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // tests/data/scenarios/order-deadlock (tools/synth/Scenarios.cpp): rank 0 waits in PG 10 for rank 1,
    // which waits in PG 11 for rank 0. The cycle runs 10 -> 11 -> 10; ranks 2 and 3 wait in the default PG
    // behind both.
    void waitEdgesOfADeadlock()
    {
        const Session s = loadScenario("order-deadlock");
        QVERIFY(s.job);
        const std::uint32_t pg0 = pgNamed(s, "0"), pg10 = pgNamed(s, "10"), pg11 = pgNamed(s, "11");
        const std::set<Edge> edges = edgesOf(s);
        QVERIFY(edges.count({pg10, pg11, QStringLiteral("cycle")}));
        QVERIFY(edges.count({pg11, pg10, QStringLiteral("cycle")}));
        QVERIFY(edges.count({pg0, pg10, QStringLiteral("waits on")}) ||
                edges.count({pg0, pg11, QStringLiteral("waits on")}));
        for (const auto& [from, to, label] : edges)
            QVERIFY(from != to);
    }

    // tests/data/scenarios/cascade-across-pgs: rank 0 stopped; victims in TP [4,5] (rank 4) and DP [1,3,5]
    // (ranks 3, 5) are blocked outside the PG rank 0 is missing from, so their PGs wait on that PG. A
    // healthy job has no edges.
    void waitEdgesOfACascade()
    {
        const Session s = loadScenario("cascade-across-pgs");
        QVERIFY(s.job);
        const Culprit* culprit = s.analysis->culprit(0);
        QVERIFY(culprit);
        QVERIFY(culprit->pgIndex == pgNamed(s, "1") || culprit->pgIndex == pgNamed(s, "4"));
        const std::set<Edge> edges = edgesOf(s);
        std::set<std::uint32_t> from;
        for (const auto& [f, to, label] : edges) {
            QCOMPARE(to, culprit->pgIndex);
            QCOMPARE(label, QStringLiteral("waits on"));
            from.insert(f);
        }
        QVERIFY(from.count(pgNamed(s, "3")));
        QVERIFY(from.count(pgNamed(s, "5")));
        QVERIFY(edgesOf(loadScenario("healthy")).empty());
    }

    // The report's picture of a graph too large to read whole: the causal chain only. In the cascade, the
    // culprit's PG and the two PGs waiting on it; not default_pg, where nobody waits.
    void causalChainOnly()
    {
        const Session s = loadScenario("cascade-across-pgs");
        QVERIFY(s.job);
        const std::vector<std::uint32_t> causal = s.analysis->causalPgs();
        QVERIFY(std::is_sorted(causal.begin(), causal.end()));
        for (std::uint32_t pg : {s.analysis->culprit(0)->pgIndex, pgNamed(s, "3"), pgNamed(s, "5")})
            QVERIFY(std::binary_search(causal.begin(), causal.end(), pg));
        QVERIFY(!std::binary_search(causal.begin(), causal.end(), pgNamed(s, "0")));

        PgGraphView graph;
        graph.setSessionNow(s);
        QVERIFY(graph.nodeOf(pgNamed(s, "0")));
        graph.setOnlyPgs(causal);
        QCOMPARE(graph.nodeCount(), causal.size());
        QVERIFY(!graph.nodeOf(pgNamed(s, "0")));
        for (std::uint32_t pg : causal)
            QVERIFY(graph.nodeOf(pg));
    }

    void abbreviations_data()
    {
        QTest::addColumn<QString>("desc");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char* d, const char* e) {
            QTest::newRow(d) << QString::fromLatin1(d) << QString::fromLatin1(e);
        };
        row("TENSOR_AND_DATA_PARALLEL_GROUP_WITH_CP", "TP+DP+CP");
        row("TENSOR_MODEL_PARALLEL_GROUP", "TP");
        row("PIPELINE_MODEL_PARALLEL_GROUP", "PP");
        row("DATA_PARALLEL_GROUP_WITH_CP", "DP+CP");
        row("DATA_PARALLEL_GROUP", "DP");
        row("TENSOR_AND_CONTEXT_PARALLEL_GROUP", "TP+CP");
        row("MODEL_PARALLEL_GROUP", "MP");
        row("EMBEDDING_GROUP", "Emb");
        row("EXPERT_MODEL_PARALLEL_GROUP", "EP");
        row("EXPERT_TENSOR_AND_MODEL_PARALLEL_GROUP", "ETP+EP");
        row("EXPERT_DATA_PARALLEL_GROUP", "EDP");
        row("INTRA_DISTRIBUTED_OPTIMIZER_INSTANCE_GROUP", "DistOpt");
        row("default_pg", "default_pg");
        row("MY_CUSTOM_GROUP", "MY_CUSTOM_GROUP"); // unknown words: left alone
    }

    void abbreviations()
    {
        QFETCH(QString, desc);
        QFETCH(QString, expected);
        QCOMPARE(abbreviatePgDesc(desc), expected);
    }

    void layoutFollowsAspect()
    {
        const Session s = synthSession(jobAtScale(64, 200, -1));
        const PgGraphLayout wide = layoutFor(*s.job, 3.0);
        const PgGraphLayout tall = layoutFor(*s.job, 0.6);
        QVERIFY(wide.perRow > tall.perRow);
        QVERIFY(wide.size.width() / wide.size.height() > tall.size.width() / tall.size.height());
    }

    void manyPgsAggregate()
    {
        const Session s = synthSession(jobAtScale(512, 40, 300));
        const Job& job = *s.job;
        QVERIFY(job.processGroups.size() > 100);
        const PgGraphLayout layout = layoutFor(job, 1.6, s.analysis.get());
        QVERIFY2(layout.nodes.size() <= 24, qPrintable(QString::number(layout.nodes.size())));

        // Every PG is in exactly one node; an aggregate's PGs share description and status; the frontier PG
        // and the PGs holding the culprit are nodes of their own.
        std::vector<int> seen(job.processGroups.size(), 0);
        int aggregates = 0;
        for (const PgGraphLayout::Node& n : layout.nodes) {
            QCOMPARE(n.pgIndex, n.pgs.front());
            aggregates += n.isAggregate();
            for (std::uint32_t p : n.pgs) {
                ++seen[p];
                QCOMPARE(job.processGroups[p].desc, job.processGroups[n.pgIndex].desc);
                QCOMPARE(PgGraphLayout::statusKey(job, *s.analysis, p),
                         PgGraphLayout::statusKey(job, *s.analysis, n.pgIndex));
                if (n.isAggregate())
                    QVERIFY(!PgGraphLayout::keepsOwnNode(job, *s.analysis, p, {}));
            }
        }
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
        QVERIFY(aggregates > 0);

        // In the view: the culprit's PGs and the frontier are their own nodes, the arrows of the causal chain
        // reach them, and clicking an aggregate shows its PGs.
        PgGraphView graph;
        graph.resize(1200, 800);
        graph.setSessionNow(s);
        const PgNodeItem* frontier = graph.nodeOf(s.analysis->divergencePg());
        QVERIFY(frontier && !frontier->isAggregate());
        for (std::uint32_t p = 0; p < job.processGroups.size(); ++p) {
            const auto& ranks = job.processGroups[p].ranks;
            if (std::binary_search(ranks.begin(), ranks.end(), 300)) {
                QVERIFY(graph.nodeOf(p) && !graph.nodeOf(p)->isAggregate());
                QVERIFY(graph.nodeOf(p)->statusText().contains(QStringLiteral("culprit 300")));
            }
        }
        const PgNodeItem* aggregate = nullptr;
        for (std::uint32_t p = 0; p < job.processGroups.size() && !aggregate; ++p)
            if (graph.nodeOf(p)->isAggregate())
                aggregate = graph.nodeOf(p);
        QVERIFY(aggregate);
        QVERIFY2(aggregate->title().contains(QStringLiteral(" × %1").arg(aggregate->pgs().size())),
                 qPrintable(aggregate->title()));
        const std::uint32_t member = aggregate->pgs().back();
        graph.show();
        QVERIFY(QTest::qWaitForWindowExposed(&graph));
        // Shown, the view has its real shape and may lay the graph out again (on a worker): the items are
        // new.
        QTRY_VERIFY(!graph.isLayingOut());
        aggregate = graph.nodeOf(member);
        QVERIFY(aggregate && aggregate->isAggregate());
        const qsizetype before = graph.scene()->items().size();
        QTest::mouseClick(graph.viewport(), Qt::LeftButton, {},
                          graph.mapFromScene(aggregate->sceneBoundingRect().center()));
        QTRY_VERIFY(graph.nodeOf(member) && !graph.nodeOf(member)->isAggregate());
        QVERIFY(graph.scene()->items().size() > before);
    }

    // A node's status is painted on two lines of whole parts: at 16 and 1024 ranks every part
    // ("culprit 517", "1 missing", "1023 stuck") is on the node in full, none cut ("1 missin…").
    void nodeStatusIsWhole_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("stuck");
        QTest::newRow("16") << 16 << 5;
        QTest::newRow("1024") << 1024 << 517;
    }
    void nodeStatusIsWhole()
    {
        QFETCH(int, ranks);
        QFETCH(int, stuck);
        const Session s = synthSession(jobAtScale(ranks, 40, stuck));
        PgGraphView graph;
        graph.resize(1200, 800);
        graph.setSessionNow(s);
        const QFontMetricsF fm(PgNodeItem::statusFont(&graph));
        const double width = PgGraphLayout::kNodeWidth - 16;
        int culpritNodes = 0;
        for (QGraphicsItem* item : graph.scene()->items()) {
            const auto* node = qgraphicsitem_cast<const PgNodeItem*>(item);
            if (!node || node->statusText().isEmpty())
                continue;
            const QStringList lines = node->statusLines(fm, width);
            QVERIFY(lines.size() <= PgNodeItem::kTextLines - 2);
            QCOMPARE(lines.join(QStringLiteral(" · ")), node->statusText());
            for (const QString& line : lines)
                QVERIFY2(fm.horizontalAdvance(line) <= width, qPrintable(line));
            culpritNodes += node->statusText().startsWith(QStringLiteral("culprit %1").arg(stuck));
        }
        QVERIFY(culpritNodes > 0);
    }

    // Docked beside the timeline (about 500 px wide), the 16-rank job's 28 PGs do not fit at a readable size:
    // the graph takes fewer nodes per row, down to one, and scrolls up and down only, and it opens where the
    // frontier's node is in view. Too narrow for one node, it must scroll sideways too; the frontier's node
    // is still in view, at a readable size. Either way the band names stay on screen in their gutter beside
    // the viewport, each beside its band's first row, where they cannot cover a node.
    void dockedGraphShowsBandNamesAndFrontier_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("scrolledSideways");
        QTest::newRow("docked") << 520 << false;
        QTest::newRow("narrow") << 300 << false;
        QTest::newRow("too narrow for a node and its margins") << 275 << true;
    }

    void dockedGraphShowsBandNamesAndFrontier()
    {
        QFETCH(int, width);
        QFETCH(bool, scrolledSideways);
        PgGraphView graph;
        graph.resize(width, 560);
        graph.show();
        QVERIFY(QTest::qWaitForWindowExposed(&graph));
        const Session s = synthSession();
        graph.setSession(s);
        QTRY_VERIFY(!graph.isLayingOut() && graph.nodeOf(s.analysis->divergencePg()));
        QVERIFY2(graph.transform().m11() >= 0.85, "node text must stay readable");
        const QRect frontier =
            graph.mapFromScene(graph.nodeOf(s.analysis->divergencePg())->sceneBoundingRect()).boundingRect();
        QVERIFY2(graph.viewport()->rect().contains(frontier),
                 qPrintable(QStringLiteral("frontier node at %1,%2").arg(frontier.x()).arg(frontier.y())));
        const QScrollBar* sideways = graph.horizontalScrollBar();
        QCOMPARE(sideways->maximum() > sideways->minimum(), scrolledSideways);

        const PgBandGutter* gutter = graph.bandGutter();
        QVERIFY(gutter->isVisible());
        QVERIFY(gutter->geometry().right() < graph.viewport()->geometry().left());
        QCOMPARE(gutter->bandCount(), std::size_t(5)); // default_pg, DP, EP, PP, TP
        int labelsInView = 0;
        for (QGraphicsItem* item : graph.scene()->items()) {
            const auto* node = qgraphicsitem_cast<const PgNodeItem*>(item);
            if (!node)
                continue;
            // The label of this node's band is level with the node's row, when that row is in view.
            const QRect onScreen = graph.mapFromScene(node->sceneBoundingRect()).boundingRect();
            for (std::size_t b = 0; b < gutter->bandCount(); ++b) {
                const QRect label = gutter->labelRect(b);
                if (!label.isEmpty() && label.center().y() > onScreen.top() &&
                    label.center().y() < onScreen.bottom()) {
                    ++labelsInView;
                    break;
                }
            }
        }
        QVERIFY2(labelsInView > 0, "no band name beside any node in view");
        for (std::size_t b = 0; b < gutter->bandCount(); ++b)
            if (const QRect label = gutter->labelRect(b); !label.isEmpty())
                QVERIFY(gutter->rect().contains(label));
    }

    void exportKeepsNaturalSize()
    {
        PgGraphView graph;
        graph.resize(400, 300); // small on screen: the graph does not fit, and scrolls
        graph.setSession(synthSession(jobAtScale(64, 200, -1)));
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("graph.png"));
        QVERIFY(exportGraph(&graph, png).isEmpty());
        const QImage img(png);
        QCOMPARE(img.size(), graph.naturalSize().expandedTo(graph.viewport()->size()));
        QVERIFY(img.width() > graph.viewport()->width());
        // The picture has no gutter: the band names are drawn in its own left column, before the nodes.
        const QRgb background = graph.palette().color(QPalette::Base).rgb();
        int inked = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < int(PgGraphLayout::kLabelWidth); ++x)
                inked += img.pixel(x, y) != background;
        QVERIFY2(inked > 100, "no band name in the picture");
        const PgNodeItem* node = graph.nodeOf(0);
        QVERIFY(node);
        QVERIFY(node->toolTip().contains(QStringLiteral("default_pg")));
    }
};

QTEST_MAIN(TestPgGraph)
#include "tst_pggraph.moc"
