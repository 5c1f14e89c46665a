// The PG graph's readability: short descriptions, a layout that fits the picture's shape, and exports where
// node text is at (about) its natural size.
#include "export/Exporter.h"
#include "graph/PgAbbrev.h"
#include "graph/PgGraphItems.h"
#include "graph/PgGraphLayout.h"
#include "graph/PgGraphView.h"
#include "graph/PgWaitEdges.h"
#include "support/SyntheticJob.h"
#include "window/LoadController.h"

#include <QImage>
#include <QDebug>
#include <QTemporaryDir>
#include <QTest>

#include <set>
#include <tuple>

using namespace fd;

namespace {

Session loadScenario(const char* name)
{
    QString error;
    Session s = LoadController::loadBlocking(QStringLiteral(FD_TEST_DATA "/scenarios/") + QLatin1String(name), &error);
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
    for (const PgWaitEdge& e : pgWaitEdges(*s.analysis))
        out.insert({e.from, e.to, e.label});
    return out;
}

} // namespace

class TestPgGraph : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // tests/data/scenarios/order-deadlock (see scenarios.py): rank 0 waits in PG 10 for rank 1, which waits in PG
    // 11 for rank 0. The cycle runs 10 -> 11 -> 10; ranks 2 and 3 wait in the default PG behind both.
    void waitEdgesOfADeadlock()
    {
        const Session s = loadScenario("order-deadlock");
        QVERIFY(s.job);
        const std::uint32_t pg0 = pgNamed(s, "0"), pg10 = pgNamed(s, "10"), pg11 = pgNamed(s, "11");
        const std::set<Edge> edges = edgesOf(s);
        QVERIFY(edges.count({pg10, pg11, QStringLiteral("cycle")}));
        QVERIFY(edges.count({pg11, pg10, QStringLiteral("cycle")}));
        QVERIFY(edges.count({pg0, pg10, QStringLiteral("waits on")}) || edges.count({pg0, pg11, QStringLiteral("waits on")}));
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

    void abbreviations_data()
    {
        QTest::addColumn<QString>("desc");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char* d, const char* e) { QTest::newRow(d) << QString::fromLatin1(d) << QString::fromLatin1(e); };
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
        SyntheticJobSpec spec;
        spec.worldSize = 64;
        spec.tp = 4;
        spec.pp = 4;
        const Session s = makeSyntheticSession(spec);
        const PgGraphLayout wide = PgGraphLayout::compute(*s.job, 3.0);
        const PgGraphLayout tall = PgGraphLayout::compute(*s.job, 0.6);
        QVERIFY(wide.perRow > tall.perRow);
        QVERIFY(wide.size.width() / wide.size.height() > tall.size.width() / tall.size.height());
    }

    void exportKeepsNaturalSize()
    {
        SyntheticJobSpec spec;
        spec.worldSize = 64;
        spec.tp = 4;
        spec.pp = 4;
        PgGraphView graph;
        graph.resize(400, 300); // small on screen: fitAll shrinks it a lot
        graph.setSession(makeSyntheticSession(spec));
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("graph.png"));
        QVERIFY(exportGraph(&graph, png).isEmpty());
        const QImage img(png);
        QCOMPARE(img.size(), graph.naturalSize().expandedTo(graph.viewport()->size()));
        QVERIFY(img.width() > 400);
        const PgNodeItem* node = graph.nodeOf(0);
        QVERIFY(node);
        QVERIFY(node->toolTip().contains(QStringLiteral("default_pg")));
    }
};

QTEST_MAIN(TestPgGraph)
#include "tst_pggraph.moc"
