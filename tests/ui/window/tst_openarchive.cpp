// The window opens an archive of dumps the way the CLI does: dropped on it, or among dropped files. The
// archive is written at test time from the repository's own dumps (tests/support/TestArchive.h). A screenshot
// of the opened archive lands in FD_BINARY_DIR for a human to look at.
#include "tests/support/TestArchive.h"

#include "ui/details/VerdictBanner.h"
#include "ui/session/LoadController.h"
#include "ui/session/Session.h"
#include "ui/window/MainWindow.h"

#include <QAbstractItemModel>
#include <QDockWidget>
#include <QDropEvent>
#include <QMimeData>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace fd;
using namespace fd::test;

namespace {

const QString kJob = QStringLiteral(FD_TEST_DATA "/dumps/v2_10_cpp"); // 4 ranks, rank 3 stops issuing

std::vector<ArchiveMember> jobMembers()
{
    std::vector<ArchiveMember> members;
    for (int rank = 0; rank < 4; ++rank) {
        QFile f(QStringLiteral("%1/_dump_%2").arg(kJob).arg(rank));
        if (f.open(QIODevice::ReadOnly))
            members.push_back(fileMember(QStringLiteral("job/_dump_%1").arg(rank), f.readAll()));
    }
    return members;
}

// Drops `paths` on the window as a file manager would, and waits for the session.
bool dropAndWait(MainWindow& w, const QStringList& paths)
{
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& p : paths)
        urls << QUrl::fromLocalFile(p);
    mime.setUrls(urls);
    QDragEnterEvent enter(QPoint(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent drop(QPointF(100, 100), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QSignalSpy ready(w.loader(), &LoadController::sessionReady);
    QApplication::sendEvent(&w, &drop);
    return ready.wait(30000);
}

QString problemsText(const QTableView* view)
{
    QString text;
    const QAbstractItemModel* m = view->model();
    for (int r = 0; r < m->rowCount(); ++r)
        for (int c = 0; c < m->columnCount(); ++c)
            text += m->index(r, c).data().toString() + QLatin1Char('\n');
    return text;
}

} // namespace

class TestOpenArchive : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("FlightDeckTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_openarchive"));
    }

    void dropOpensTheDumpsInside()
    {
        QTemporaryDir dir;
        const QString archive = dir.filePath(QStringLiteral("job.tar.gz"));
        QCOMPARE(writeArchive(archive, ArchiveKind::TarGz, jobMembers()), QString());
        MainWindow w;
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(dropAndWait(w, {archive}));
        QCOMPARE(w.session().job->dumps.size(), std::size_t(4));
        QVERIFY(w.session().analysis->culprit(3));
        QVERIFY2(w.banner()->text().contains(QStringLiteral("3")), qPrintable(w.banner()->text()));
        QTest::qWait(50);
        w.grab().save(QStringLiteral(FD_BINARY_DIR "/mainwindow-archive.png"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("job.tar.gz")});
    }

    // Dropped with other files, the archive is what was meant (as a folder would be).
    void archiveAmongFilesIsWhatWasMeant()
    {
        QTemporaryDir dir;
        const QString archive = dir.filePath(QStringLiteral("job.zip"));
        QCOMPARE(writeArchive(archive, ArchiveKind::Zip, jobMembers()), QString());
        const QString notes = dir.filePath(QStringLiteral("notes.txt"));
        QFile f(notes);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("what happened\n");
        f.close();
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(dropAndWait(w, {notes, archive}));
        QCOMPARE(w.session().job->dumps.size(), std::size_t(4));
        QCOMPARE(w.session().job->source, archive);
        // What was dropped with it is not silently lost: Load problems names it.
        const QString problems = problemsText(w.problemsView());
        QVERIFY2(problems.contains(QStringLiteral("notes.txt")) &&
                     problems.contains(QStringLiteral("one job at a time")),
                 qPrintable(problems));
        // The Files view lists the archive's members, each as <archive>/<member>.
        auto* files = w.findChild<QDockWidget*>(QStringLiteral("filesDock"));
        QVERIFY(files);
        const QString listed = problemsText(qobject_cast<QTableView*>(files->widget()));
        for (int rank = 0; rank < 4; ++rank)
            QVERIFY2(listed.contains(QStringLiteral("job/_dump_%1").arg(rank)), qPrintable(listed));
    }

    // Two archives dropped together: the first is opened, the second named as not opened.
    void secondArchiveIsNamedNotLost()
    {
        QTemporaryDir dir;
        const QString first = dir.filePath(QStringLiteral("a.tar"));
        const QString second = dir.filePath(QStringLiteral("b.tar"));
        QCOMPARE(writeArchive(first, ArchiveKind::Tar, jobMembers()), QString());
        QCOMPARE(writeArchive(second, ArchiveKind::Tar, jobMembers()), QString());
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(dropAndWait(w, {first, second}));
        QCOMPARE(w.session().job->source, first);
        const QString problems = problemsText(w.problemsView());
        QVERIFY2(problems.contains(second), qPrintable(problems));
    }

    // A hostile archive: no dump, and the problems panel names the archive and the member.
    void hostileArchiveShowsTheReason()
    {
        QTemporaryDir dir;
        const QString archive = dir.filePath(QStringLiteral("job.tar"));
        std::vector<ArchiveMember> members = jobMembers();
        members.push_back(symlinkMember(QStringLiteral("job/_dump_4"), QStringLiteral("/etc/passwd")));
        QCOMPARE(writeArchive(archive, ArchiveKind::Tar, members), QString());
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(dropAndWait(w, {archive}));
        QVERIFY(w.session().job);
        QVERIFY(w.session().job->dumps.empty());
        // No verdict from nothing: not "no hang".
        QVERIFY2(w.banner()->text().contains(QStringLiteral("No dump read")), qPrintable(w.banner()->text()));
        const QString problems = problemsText(w.problemsView());
        QVERIFY2(problems.contains(QStringLiteral("job/_dump_4")) &&
                     problems.contains(QStringLiteral("symbolic link")),
                 qPrintable(problems));
    }
};

QTEST_MAIN(TestOpenArchive)
#include "tst_openarchive.moc"
