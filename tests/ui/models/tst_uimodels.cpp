// Every ui model over fr-synth's Megatron-like job (support/SynthSession.h), each wrapped in
// QAbstractItemModelTester.
#include "tests/ui/support/SynthSession.h"
#include "ui/models/CollectiveModel.h"
#include "ui/models/CollectiveRanksModel.h"
#include "ui/models/FindingsModel.h"
#include "ui/models/LoadProblemsModel.h"
#include "ui/models/ProcessGroupModel.h"
#include "ui/models/RankModel.h"
#include "ui/models/SortedRowsProxy.h"
#include "ui/models/StackModel.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <vector>

using namespace fd;
using namespace fd::test;

class TestUiModels : public QObject
{
    Q_OBJECT

private:
    Session m_session = synthSession();

    template <typename M> void checkBasics(M& model, int expectedRows)
    {
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSession(m_session);
        QCOMPARE(model.rowCount(), expectedRows);
        QCOMPARE(model.columnCount(), int(M::ColumnCount));
        for (int c = 0; c < model.columnCount(); ++c)
            QVERIFY(!model.headerData(c, Qt::Horizontal).toString().isEmpty());
        // Sorting through a proxy touches every SortRole value.
        QSortFilterProxyModel proxy;
        proxy.setSortRole(ItemRoles::SortRole);
        proxy.setSourceModel(&model);
        for (int c = 0; c < model.columnCount(); ++c)
            proxy.sort(c);
        // The tables' own proxy: every row once, each column's order by its keys, resets passed on.
        SortedRowsProxy sorted;
        QAbstractItemModelTester sortedTester(&sorted,
                                              QAbstractItemModelTester::FailureReportingMode::QtTest);
        sorted.setSourceModel(&model);
        QCOMPARE(sorted.rowCount(), expectedRows);
        for (int c = 0; c < model.columnCount(); ++c)
            for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                sorted.sort(c, order);
                std::vector<int> rows;
                for (int r = 0; r < sorted.rowCount(); ++r) {
                    const QModelIndex source = sorted.mapToSource(sorted.index(r, c));
                    QCOMPARE(sorted.mapFromSource(source), sorted.index(r, c));
                    rows.push_back(source.row());
                    if (r == 0)
                        continue;
                    const QVariant prev = sorted.index(r - 1, c).data(ItemRoles::SortRole);
                    const QVariant cur = sorted.index(r, c).data(ItemRoles::SortRole);
                    QVERIFY(
                        QVariant::compare(prev, cur) !=
                        (order == Qt::AscendingOrder ? QPartialOrdering::Greater : QPartialOrdering::Less));
                }
                std::sort(rows.begin(), rows.end());
                QVERIFY(std::adjacent_find(rows.begin(), rows.end()) == rows.end());
            }
        model.setSession(Session{});
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(sorted.rowCount(), 0);
        model.setSession(m_session);
        QCOMPARE(sorted.rowCount(), expectedRows);
    }

private Q_SLOTS:
    // What the models below show comes from core's analysis of the job: rank 5 never issued its DP group's
    // last all_reduce, which ranks 1, 3 and 7 (its DP peers: rank = tp + 2 * (dp + 4 * pp)) entered and wait
    // in. So rank 5 is the one culprit and that collective the frontier.
    void analysisOfTheJob()
    {
        QCOMPARE(m_session.analysis->hangingRanks(), std::vector<int>{kHungRank});
        const FrontierItem frontier = frontierOf(m_session);
        QVERIFY(frontier.pgIndex < m_session.job->processGroups.size());
        const ProcessGroup& pg = m_session.job->processGroups[frontier.pgIndex];
        QCOMPARE(pg.desc, QStringLiteral("DATA_PARALLEL_GROUP"));
        QCOMPARE(pg.ranks, (std::vector<int>{1, 3, 5, 7}));
        QCOMPARE(frontier.missingRanks, std::vector<int>{kHungRank});
        QCOMPARE(frontier.opType, QStringLiteral("all_reduce"));
        const Entry& waiting = m_session.job->dumpForRank(1)->entries.back();
        QCOMPARE(waiting.pgIndex, frontier.pgIndex);
        QCOMPARE(frontier.seqId, waiting.collectiveSeqId);
        QVERIFY(!frontier.isP2p);
    }

    void rankModel()
    {
        RankModel model;
        checkBasics(model, 16);
        const QModelIndex culprit = model.index(kHungRank, RankModel::StatusColumn);
        QVERIFY(culprit.data().toString().startsWith(QStringLiteral("culprit")));
        QVERIFY(culprit.data(ItemRoles::HighlightRole).toBool());
        QCOMPARE(model.index(1, RankModel::StatusColumn).data().toString(), QStringLiteral("waiting"));
        QCOMPARE(model.index(1, RankModel::PendingColumn).data().toInt(), 1);
        QCOMPARE(model.index(0, RankModel::StatusColumn).data().toString(), QStringLiteral("ok"));
        QCOMPARE(model.index(0, RankModel::PendingColumn).data().toInt(), 0);
    }

    void rankModelMissingDump()
    {
        // fr-synth's crashed rank: it stops where the hung rank would, and writes no dump.
        SyntheticJobOptions options = hungJob();
        options.stuckRank = -1;
        options.missingRank = 3;
        const Session s = synthSession(options);
        QVERIFY(!s.job->dumpForRank(3));
        RankModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSession(s);
        QCOMPARE(model.rowCount(), 16);
        // Its peers wait on it, so the analysis names the missing rank a culprit, and says it wrote no dump.
        const QString status = model.index(3, RankModel::StatusColumn).data().toString();
        QVERIFY2(status.startsWith(QStringLiteral("culprit")) && status.contains(QStringLiteral("no dump")),
                 qPrintable(status));
    }

    void processGroupModel()
    {
        ProcessGroupModel model;
        checkBasics(model, int(m_session.job->processGroups.size()));
        const int frontier = model.rowOf(frontierOf(m_session).pgIndex);
        QVERIFY(frontier >= 0);
        QVERIFY(model.index(frontier, 0).data(ItemRoles::HighlightRole).toBool());
        QCOMPARE(model.index(frontier, ProcessGroupModel::DescColumn).data().toString(),
                 QStringLiteral("DATA_PARALLEL_GROUP"));
        QCOMPARE(model.index(frontier, ProcessGroupModel::MissingColumn).data().toInt(), 1);
        QCOMPARE(model.index(frontier, ProcessGroupModel::RanksColumn).data().toString(),
                 QStringLiteral("1, 3, 5, 7"));
        const int defaultPg = model.rowOf(groupOf(*m_session.job, QStringLiteral("default_pg"), 0));
        QVERIFY(defaultPg >= 0);
        QCOMPARE(model.index(defaultPg, ProcessGroupModel::RanksColumn).data().toString(),
                 QStringLiteral("0-15"));
        QVERIFY(!model.index(defaultPg, 0).data(ItemRoles::HighlightRole).toBool());
    }

    void collectiveModel()
    {
        CollectiveModel model;
        checkBasics(model, int(m_session.analysis->collectiveIndex.collectives().size()));
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const FrontierItem frontier = frontierOf(m_session);
        model.setPgFilter(frontier.pgIndex);
        QVERIFY(model.rowCount() > 0);
        const int row = model.rowOf(frontier.pgIndex, frontier.seqId);
        QCOMPARE(row, model.rowCount() - 1);
        QCOMPARE(model.index(row, CollectiveModel::StartedColumn).data().toInt(), 3);
        QCOMPARE(model.index(row, CollectiveModel::RecordedColumn).data().toString(),
                 QStringLiteral("3 of 4"));
        QVERIFY(model.index(row, 0).data(ItemRoles::HighlightRole).toBool());
        model.setPgFilter(kNoPg);
        QCOMPARE(model.rowCount(), int(m_session.analysis->collectiveIndex.collectives().size()));
        const int unfiltered =
            model.rowOf(frontier.pgIndex, frontier.seqId); // the same collective, same counts
        QVERIFY(unfiltered >= row);
        QCOMPARE(model.index(unfiltered, CollectiveModel::StartedColumn).data().toInt(), 3);
        QVERIFY(model.index(unfiltered, 0).data(ItemRoles::HighlightRole).toBool());
    }

    void collectiveRanksModel()
    {
        CollectiveRanksModel model;
        checkBasics(model, 0);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCollective(frontierOf(m_session).pgIndex, frontierOf(m_session).seqId);
        // One row per member of the DP group, in rank order: 1, 3, 5, 7.
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.index(2, CollectiveRanksModel::RankColumn).data().toInt(), kHungRank);
        QCOMPARE(model.index(2, CollectiveRanksModel::StateColumn).data().toString(),
                 QStringLiteral("no record"));
        QCOMPARE(model.index(0, CollectiveRanksModel::StateColumn).data().toString(),
                 QStringLiteral("started"));
        // fr-synth's DP all_reduce: 25165824 floats.
        QCOMPARE(model.index(0, CollectiveRanksModel::InputDtypesColumn).data().toString(),
                 QStringLiteral("Float"));
        QCOMPARE(model.index(0, CollectiveRanksModel::InputSizesColumn).data().toString(),
                 QStringLiteral("[[25165824]]"));
        QVERIFY(!model.entryAt(2));
        QVERIFY(model.entryAt(0));
    }

    void stackModel()
    {
        StackModel model;
        checkBasics(model, 0);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setEntry(EntryRef{0, 0});
        const auto frames = m_session.job->pools->stack(m_session.job->dumps[0].originOf(0).frames);
        QVERIFY(!frames.empty());
        QCOMPARE(model.rowCount(), int(frames.size()));
        const int last = model.rowCount() - 1;
        QCOMPARE(model.index(last, StackModel::FunctionColumn).data().toString(),
                 m_session.job->str(frames.back().name));
        QCOMPARE(model.index(last, StackModel::LineColumn).data().toInt(), int(frames.back().line));
        model.setEntry(std::nullopt);
        QCOMPARE(model.rowCount(), 0);
    }

    // As the GUI loads a job: origins and their stacks stay in the files, and the model reads the selected
    // entry's rank again on a worker. Its rows are then the frames a load with frames gives; until then
    // caption() says so.
    void stackModelReadsFramesOnDemand()
    {
        const QString job = QStringLiteral(FD_TEST_DATA "/dumps/v2_10_cpp");
        QTemporaryDir dir;
        for (const QString& name : QDir(job).entryList(QDir::Files))
            QVERIFY(QFile::copy(job + QLatin1Char('/') + name, dir.filePath(name)));
        LoadRequest request;
        request.options.frPath = dir.path();
        request.options.details = DetailLevel::Times;
        const Session lean(loadAndAnalyse(request));
        request.options.details = DetailLevel::Full;
        const Session full(loadAndAnalyse(request));
        QVERIFY(lean.job->dumps[1].originsInFile);

        StackModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSession(lean);
        QSignalSpy caption(&model, &StackModel::captionChanged);
        const EntryRef ref{1, 3};
        const auto frames = full.job->pools->stack(full.job->dumps[1].originOf(ref.entry).frames);
        QVERIFY(frames.size() > 1);
        model.setEntry(ref);
        QVERIFY2(model.caption().contains(QLatin1String("Reading the stack frames of rank 1")),
                 qPrintable(model.caption()));
        QTRY_COMPARE(model.rowCount(), int(frames.size()));
        QCOMPARE(caption.size(), 2); // reading, then read
        // Under the frames: the entry's thread and op id, read with them.
        const EntryOrigin& origin = full.job->dumps[1].originOf(ref.entry);
        QVERIFY2(
            model.caption().contains(QStringLiteral("thread %1").arg(full.job->str(origin.threadName))) &&
                model.caption().contains(QStringLiteral("op id %1").arg(origin.opId)),
            qPrintable(model.caption()));
        for (int row = 0; row < model.rowCount(); ++row) {
            QCOMPARE(model.index(row, StackModel::FunctionColumn).data().toString(),
                     full.job->str(frames[std::size_t(row)].name));
            QCOMPARE(model.index(row, StackModel::FileColumn).data().toString(),
                     full.job->str(frames[std::size_t(row)].filename));
            QCOMPARE(model.index(row, StackModel::LineColumn).data().toInt(), frames[std::size_t(row)].line);
        }

        // Another entry of the same rank: from what was read, at once.
        model.setEntry(EntryRef{1, 4});
        QCOMPARE(model.rowCount(), int(full.job->pools->stack(full.job->dumps[1].originOf(4).frames).size()));

        // A rank whose file changed since: no frames, and the caption says which file and why.
        QFile changed(lean.job->dumps[2].filePath);
        QVERIFY(changed.open(QIODevice::Append));
        changed.write("x");
        changed.close();
        model.setEntry(EntryRef{2, 0});
        QTRY_VERIFY(model.caption().contains(QLatin1String("changed since the job was loaded")));
        QVERIFY(model.caption().contains(lean.job->dumps[2].filePath));
        QCOMPARE(model.rowCount(), 0);
    }

    // Three findings: the culprit (rank 5 never issued the collective its peers wait in), that collective
    // (not entered by rank 5), and a note that ring buffers rolled over (each rank keeps 200 of its entries).
    void findingsModel()
    {
        FindingsModel model;
        checkBasics(model, 3);
        const FrontierItem frontier = frontierOf(m_session);
        auto cell = [&](int row, int column) { return model.index(row, column).data().toString(); };
        QCOMPARE(cell(0, FindingsModel::KindColumn), QStringLiteral("stopped_issuing"));
        QCOMPARE(cell(0, FindingsModel::RanksColumn), QStringLiteral("5"));
        QVERIFY(model.index(0, 0).data(ItemRoles::HighlightRole).toBool()); // an error
        QCOMPARE(cell(0, FindingsModel::PgColumn), m_session.analysis->pgLabel(frontier.pgIndex));
        QCOMPARE(cell(1, FindingsModel::KindColumn), QStringLiteral("not_entered"));
        QCOMPARE(cell(1, FindingsModel::SeqColumn).toLongLong(), frontier.seqId);
        QCOMPARE(cell(1, FindingsModel::RanksColumn), QStringLiteral("5"));
        QCOMPARE(cell(2, FindingsModel::KindColumn), QStringLiteral("note"));
        QVERIFY(!model.index(2, 0).data(ItemRoles::HighlightRole).toBool());
        QVERIFY(cell(2, FindingsModel::TextColumn).contains(QStringLiteral("rolled over")));
    }

    void loadProblemsModel()
    {
        // A job whose loading went wrong in each of the three ways the model lists: a file's error, a
        // job-level warning, one dump's own warning.
        const auto job = loadSyntheticJob(hungJob(), [](JobInputs& inputs) {
            inputs.dumps[2].warnings << QStringLiteral("unknown key 'foo'");
            inputs.errors.push_back(
                {QStringLiteral("/x/_dump_7"), 7, 1234, true, QStringLiteral("truncated pickle")});
            inputs.warnings.push_back(QStringLiteral("inferred prefix _dump_"));
        });
        const Session s(runAnalysis(job));
        LoadProblemsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSession(s);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.errorCount(), 1);
        QCOMPARE(model.index(0, LoadProblemsModel::MessageColumn).data().toString(),
                 QStringLiteral("byte 1234: truncated pickle"));
        QCOMPARE(model.index(0, LoadProblemsModel::RankColumn).data().toInt(), 7);
    }
};

QTEST_MAIN(TestUiModels)
#include "tst_uimodels.moc"
