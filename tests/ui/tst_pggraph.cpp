// The PG graph's readability: short descriptions, a layout that fits the picture's shape, and exports where
// node text is at (about) its natural size.
#include "export/Exporter.h"
#include "graph/PgAbbrev.h"
#include "graph/PgGraphItems.h"
#include "graph/PgGraphLayout.h"
#include "graph/PgGraphView.h"
#include "support/SyntheticJob.h"

#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using namespace fd;

class TestPgGraph : public QObject
{
    Q_OBJECT

private Q_SLOTS:
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
