// The Files view: every file loading looked at, with its rank, format, size and use, over a job laid out the
// way dumps arrive (per-node folders, a stray note, a dump cut short), built at test time from the
// repository's own 4-rank job. Checked on the model (through QAbstractItemModelTester) and in the real
// window's "Files" dock.
#include "tests/ui/support/UiTestSetup.h"
#include "ui/models/FilesModel.h"
#include "ui/session/LoadController.h"
#include "ui/window/MainWindow.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace fd;

namespace {

const QString kJob = QStringLiteral(FD_TEST_DATA "/dumps/v2_10_cpp"); // 4 ranks, pickles

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QByteArray dumpBytes(int rank)
{
    QFile f(QStringLiteral("%1/_dump_%2").arg(kJob).arg(rank));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The row of the file whose path below the opened folder is `relative`, or -1.
int rowOf(const QAbstractItemModel& m, const QString& relative)
{
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.index(r, FilesModel::FileColumn).data().toString() == relative)
            return r;
    return -1;
}

QString cell(const QAbstractItemModel& m, int row, int column)
{
    return m.index(row, column).data().toString();
}

} // namespace

class TestFilesModel : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    qint64 m_truncatedSize = 0;

    QString root() const { return m_dir.filePath(QStringLiteral("dumps")); }

private Q_SLOTS:
    void initTestCase()
    {
        test::isolateSettings("tst_filesmodel");
        QVERIFY(m_dir.isValid());
        // dumps/node00/_dump_0,1 and dumps/node01/_dump_2,3; rank 3's pickle ends half-way; a note beside
        // them.
        QVERIFY(writeFile(root() + QStringLiteral("/node00/_dump_0"), dumpBytes(0)));
        QVERIFY(writeFile(root() + QStringLiteral("/node00/_dump_1"), dumpBytes(1)));
        QVERIFY(writeFile(root() + QStringLiteral("/node01/_dump_2"), dumpBytes(2)));
        const QByteArray three = dumpBytes(3);
        QVERIFY(!three.isEmpty());
        m_truncatedSize = three.size() / 2;
        QVERIFY(writeFile(root() + QStringLiteral("/node01/_dump_3"), three.left(m_truncatedSize)));
        QVERIFY(writeFile(root() + QStringLiteral("/node01/notes.txt"), "copied from the nodes by hand\n"));
    }

    void listsEveryFileWithItsUse()
    {
        QString error;
        const Session session = LoadController::loadBlocking(root(), &error);
        QVERIFY2(session.job, qPrintable(error));
        FilesModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSession(session);
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.columnCount(), int(FilesModel::ColumnCount));
        QCOMPARE(model.usedCount(), 4); // three whole dumps and the salvaged part of rank 3's

        for (int rank = 0; rank < 3; ++rank) {
            const QString relative = QStringLiteral("node0%1/_dump_%2").arg(rank / 2).arg(rank);
            const int row = rowOf(model, relative);
            QVERIFY2(row >= 0, qPrintable(relative));
            QCOMPARE(cell(model, row, FilesModel::UseColumn), QStringLiteral("used"));
            QCOMPARE(model.index(row, FilesModel::RankColumn).data().toInt(), rank);
            QCOMPARE(cell(model, row, FilesModel::FormatColumn), QStringLiteral("pickle"));
            QCOMPARE(model.index(row, FilesModel::SizeColumn).data(ItemRoles::SortRole).toLongLong(),
                     qint64(dumpBytes(rank).size()));
            QVERIFY(cell(model, row, FilesModel::ReasonColumn).isEmpty());
            QVERIFY(!model.index(row, FilesModel::UseColumn).data(ItemRoles::HighlightRole).toBool());
        }

        const int cut = rowOf(model, QStringLiteral("node01/_dump_3"));
        QVERIFY(cut >= 0);
        QCOMPARE(cell(model, cut, FilesModel::UseColumn), QStringLiteral("partly read"));
        QCOMPARE(model.index(cut, FilesModel::SizeColumn).data(ItemRoles::SortRole).toLongLong(),
                 m_truncatedSize);
        QVERIFY(!cell(model, cut, FilesModel::ReasonColumn).isEmpty());
        QVERIFY(model.index(cut, FilesModel::UseColumn).data(ItemRoles::HighlightRole).toBool());
        // The tooltip names the file in full, as the load errors do.
        QVERIFY(model.index(cut, FilesModel::FileColumn).data(Qt::ToolTipRole).toString().startsWith(root()));

        const int note = rowOf(model, QStringLiteral("node01/notes.txt"));
        QVERIFY(note >= 0);
        QCOMPARE(cell(model, note, FilesModel::UseColumn), QStringLiteral("skipped"));
        QVERIFY(cell(model, note, FilesModel::FormatColumn).isEmpty()); // never read, so no format
        QVERIFY(!cell(model, note, FilesModel::ReasonColumn).isEmpty());

        // Numeric columns sort as numbers (a 16,384-file job sorts by key, not by QVariant).
        QCOMPARE(model.sortKey(cut, FilesModel::RankColumn), 3.0);
        QCOMPARE(model.sortKey(cut, FilesModel::SizeColumn), double(m_truncatedSize));
    }

    void shownInTheWindowsFilesDock()
    {
        MainWindow w;
        QSignalSpy ready(w.loader(), &LoadController::sessionReady);
        w.openPath(root());
        QVERIFY(ready.wait(30000));
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("filesDock"));
        QVERIFY(dock);
        auto* view = qobject_cast<QTableView*>(dock->widget());
        QVERIFY(view);
        QCOMPARE(view->model()->rowCount(), 5);
        QVERIFY(rowOf(*view->model(), QStringLiteral("node01/notes.txt")) >= 0);
    }
};

QTEST_MAIN(TestFilesModel)
#include "tst_filesmodel.moc"
