// Every ui model over a synthetic Megatron-like job, each wrapped in QAbstractItemModelTester.
#include "models/CollectiveModel.h"
#include "models/CollectiveRanksModel.h"
#include "models/FindingsModel.h"
#include "models/ProcessGroupModel.h"
#include "models/RankModel.h"
#include "models/StackModel.h"
#include "support/SyntheticJob.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace fd;

class TestUiModels : public QObject
{
    Q_OBJECT

private:
    Session m_session = makeSyntheticSession({});

    template<typename M>
    void checkBasics(M& model, int expectedRows)
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
        model.setSession(Session{});
        QCOMPARE(model.rowCount(), 0);
        model.setSession(m_session);
    }

private Q_SLOTS:
    void rankModel()
    {
        RankModel model;
        checkBasics(model, 16);
        const QModelIndex culprit = model.index(5, RankModel::StatusColumn);
        QVERIFY(culprit.data().toString().startsWith(QStringLiteral("culprit")));
        QVERIFY(culprit.data(ItemRoles::HighlightRole).toBool());
        QCOMPARE(model.index(4, RankModel::StatusColumn).data().toString(), QStringLiteral("waiting"));
        QCOMPARE(model.index(4, RankModel::PendingColumn).data().toInt(), 1);
    }

    void rankModelMissingDump()
    {
        auto job = makeSyntheticJob({}).job;
        job->dumps.erase(job->dumps.begin() + 3);
        job->missingRanks = {3};
        Session s;
        s.job = job;
        RankModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSession(s);
        QCOMPARE(model.rowCount(), 16);
        QCOMPARE(model.index(3, RankModel::StatusColumn).data().toString(), QStringLiteral("no dump"));
    }

    void processGroupModel()
    {
        ProcessGroupModel model;
        checkBasics(model, int(m_session.job->processGroups.size()));
        const int frontier = model.rowOf(m_session.hl().frontierPg);
        QVERIFY(frontier >= 0);
        QVERIFY(model.index(frontier, 0).data(ItemRoles::HighlightRole).toBool());
        QCOMPARE(model.index(frontier, ProcessGroupModel::DescColumn).data().toString(), QStringLiteral("default_pg"));
        QCOMPARE(model.index(frontier, ProcessGroupModel::MissingColumn).data().toInt(), 1);
        QCOMPARE(model.index(frontier, ProcessGroupModel::RanksColumn).data().toString(), QStringLiteral("0-15"));
    }

    void collectiveModel()
    {
        CollectiveModel model;
        checkBasics(model, int(m_session.index->collectives().size()));
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Highlights& hl = m_session.hl();
        model.setPgFilter(hl.frontierPg);
        QVERIFY(model.rowCount() > 0);
        const int row = model.rowOf(hl.frontierPg, hl.frontierSeq);
        QCOMPARE(row, model.rowCount() - 1);
        QCOMPARE(model.index(row, CollectiveModel::StartedColumn).data().toInt(), 15);
        QCOMPARE(model.index(row, CollectiveModel::RecordedColumn).data().toString(), QStringLiteral("15 of 16"));
        QVERIFY(model.index(row, 0).data(ItemRoles::HighlightRole).toBool());
        model.setPgFilter(kNoPg);
        QCOMPARE(model.rowCount(), int(m_session.index->collectives().size()));
    }

    void collectiveRanksModel()
    {
        CollectiveRanksModel model;
        checkBasics(model, 0);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCollective(m_session.hl().frontierPg, m_session.hl().frontierSeq);
        QCOMPARE(model.rowCount(), 16);
        QCOMPARE(model.index(5, CollectiveRanksModel::StateColumn).data().toString(), QStringLiteral("no record"));
        QCOMPARE(model.index(4, CollectiveRanksModel::StateColumn).data().toString(), QStringLiteral("started"));
        QCOMPARE(model.index(4, CollectiveRanksModel::InputDtypesColumn).data().toString(), QStringLiteral("BFloat16"));
        QCOMPARE(model.index(4, CollectiveRanksModel::InputSizesColumn).data().toString(),
                 QStringLiteral("[[4096, 1, 5120]]"));
        QVERIFY(!model.entryAt(5));
        QVERIFY(model.entryAt(4));
    }

    void stackModel()
    {
        StackModel model;
        checkBasics(model, 0);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setEntry(EntryRef{0, 0});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(2, StackModel::FunctionColumn).data().toString(), QStringLiteral("train_step"));
        model.setEntry(std::nullopt);
        QCOMPARE(model.rowCount(), 0);
    }

    void findingsModel()
    {
        FindingsModel model;
        checkBasics(model, 1);
        QVERIFY(model.index(0, FindingsModel::TextColumn).data().toString().contains(QStringLiteral("Rank 5")));
        QCOMPARE(model.index(0, FindingsModel::RanksColumn).data().toString(), QStringLiteral("5"));
    }

    void loadProblemsModel()
    {
        auto job = makeSyntheticJob({}).job;
        job->errors.push_back({QStringLiteral("/x/_dump_7"), 7, 1234, true, QStringLiteral("truncated pickle")});
        job->warnings.push_back(QStringLiteral("inferred prefix _dump_"));
        job->dumps[2].warnings << QStringLiteral("unknown key 'foo'");
        Session s;
        s.job = job;
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
