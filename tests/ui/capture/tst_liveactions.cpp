// File › Capture from running job… and File › Watch folder, offscreen, in the real MainWindow: a capture from
// fake worker servers (the error paths; a real torch job is tests/torch) opens with its silent rank as a load
// problem, and a watched folder reloads as dumps land until the set is complete.
#include "ui/capture/CaptureDialog.h"
#include "ui/capture/LiveActions.h"
#include "ui/details/VerdictBanner.h"
#include "ui/evidence/EvidencePanel.h"
#include "ui/evidence/ProgressPicture.h"
#include "ui/session/LoadController.h"
#include "ui/window/MainWindow.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QInputDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLocalServer>
#include <QLocalSocket>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace fd;

namespace {

const QString kScenario = QStringLiteral(FD_TEST_DATA "/scenarios/stops-issuing"); // 4 ranks, rank 2 stops

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A worker server that answers GET /handler/ and POST /handler/fr_trace_json with `dump`, or, with an empty
// dump, accepts and never answers (a stuck process).
class FakeWorkerServer : public QObject
{
public:
    FakeWorkerServer(const QString& path, QByteArray dump) : m_dump(std::move(dump))
    {
        QLocalServer::removeServer(path);
        QVERIFY(m_server.listen(path));
        connect(&m_server, &QLocalServer::newConnection, this, [this] {
            while (QLocalSocket* s = m_server.nextPendingConnection()) {
                connect(s, &QLocalSocket::readyRead, s, [this, s] {
                    const QByteArray request = s->readAll();
                    if (m_dump.isEmpty())
                        return;
                    const QByteArray body =
                        request.startsWith("GET") ? QByteArray(R"(["ping","fr_trace_json"])") : m_dump;
                    s->write("HTTP/1.1 200 OK\r\nContent-Length: " + QByteArray::number(body.size()) +
                             "\r\n\r\n" + body);
                    s->flush();
                    s->disconnectFromServer();
                });
            }
        });
    }

    void setDump(QByteArray dump) { m_dump = std::move(dump); } // what the rank has recorded by now

private:
    QByteArray m_dump;
    QLocalServer m_server;
};

} // namespace

class TestLiveActions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void captureOpensTheFolderWithTheSilentRankAsAProblem()
    {
        QTemporaryDir dir;
        std::vector<std::unique_ptr<FakeWorkerServer>> servers;
        for (int r = 0; r < 4; ++r) // rank 3 never answers
            servers.push_back(std::make_unique<FakeWorkerServer>(
                dir.filePath(QStringLiteral("worker_%1.sock").arg(r)),
                r == 3 ? QByteArray() : readFile(kScenario + QStringLiteral("/_dump_%1").arg(r))));
        MainWindow w;
        CaptureRequest request;
        request.target = dir.filePath(QStringLiteral("worker_*.sock"));
        request.options.outDir = dir.filePath(QStringLiteral("out"));
        request.options.perRankTimeoutMs = 1500;
        QSignalSpy finished(w.liveActions(), &LiveActions::captureFinished);
        QSignalSpy ready(w.loader(), &LoadController::sessionReady);
        w.liveActions()->capture(request);
        QVERIFY(w.liveActions()->isCapturing());
        QVERIFY(finished.wait(10000));
        QVERIFY(ready.wait(20000));
        const CaptureRun run = finished.at(0).at(0).value<CaptureRun>();
        QCOMPARE(run.result.captured(), 3);
        QCOMPARE(run.result.silentRanks(), std::vector<int>{3});
        const Session& s = w.session();
        QVERIFY(s.job);
        QCOMPARE(s.job->source, run.result.folder);
        QCOMPARE(s.job->missingRanks, std::vector<int>{3});
        bool said = false;
        for (const LoadError& e : s.job->errors)
            said |= e.message.contains(QLatin1String("did not answer its worker server"));
        QVERIFY(said);
        const QString status = w.liveActions()->statusLabel()->text();
        QVERIFY2(status.contains(QLatin1String("Captured 3 of 4")) &&
                     status.contains(QLatin1String("rank(s) 3")),
                 qPrintable(status));
    }

    void watchReloadsAsDumpsLandUntilComplete()
    {
        QTemporaryDir dir;
        MainWindow w;
        QSignalSpy ready(w.loader(), &LoadController::sessionReady);
        w.liveActions()->watchFolder(dir.path(), 60, 100);
        QVERIFY(w.liveActions()->isWatching());
        for (int r : {0, 1, 3}) {
            QFile::copy(kScenario + QStringLiteral("/_dump_%1").arg(r),
                        dir.filePath(QStringLiteral("_dump_%1").arg(r)));
        }
        // Rank 2 arrives half-written: growing, not an error, not loaded.
        const QByteArray last = readFile(kScenario + QStringLiteral("/_dump_2"));
        QFile half(dir.filePath(QStringLiteral("_dump_2")));
        QVERIFY(half.open(QIODevice::WriteOnly));
        half.write(last.left(last.size() / 2));
        half.flush();
        QVERIFY(ready.wait(10000));
        QCOMPARE(w.session().job->dumps.size(), std::size_t(3));
        QTRY_VERIFY2_WITH_TIMEOUT(
            w.liveActions()->statusLabel()->text().contains(QLatin1String("growing: 2")),
            qPrintable(w.liveActions()->statusLabel()->text()), 5000);
        QVERIFY(w.liveActions()->isWatching());
        half.write(last.mid(last.size() / 2));
        half.close();
        QTRY_VERIFY_WITH_TIMEOUT(w.session().job && w.session().job->dumps.size() == 4, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!w.liveActions()->isWatching(), 5000);
        const QString status = w.liveActions()->statusLabel()->text();
        QVERIFY2(status.contains(QLatin1String("missing: -")) && status.contains(QLatin1String("complete")) &&
                     status.contains(QLatin1String("ranks named: 2")),
                 qPrintable(status));
    }

    void watchStopsWhenTimeIsUp()
    {
        QTemporaryDir dir;
        for (int r : {0, 1, 3})
            QVERIFY(QFile::copy(kScenario + QStringLiteral("/_dump_%1").arg(r),
                                dir.filePath(QStringLiteral("_dump_%1").arg(r))));
        MainWindow w;
        w.liveActions()->watchFolder(dir.path(), 1, 100);
        QTRY_VERIFY_WITH_TIMEOUT(!w.liveActions()->isWatching(), 5000);
        const QString status = w.liveActions()->statusLabel()->text();
        QVERIFY2(status.contains(QLatin1String("missing: 2")) && status.contains(QLatin1String("time is up")),
                 qPrintable(status));
    }

    // The watched folder deleted midway: the window says so, stops watching and keeps what had arrived.
    void watchSaysWhenTheFolderIsDeleted()
    {
        QTemporaryDir parent;
        const QString folder = parent.filePath(QStringLiteral("dumps"));
        QVERIFY(QDir().mkpath(folder));
        for (int r : {0, 1})
            QVERIFY(QFile::copy(kScenario + QStringLiteral("/_dump_%1").arg(r),
                                folder + QStringLiteral("/_dump_%1").arg(r)));
        MainWindow w;
        QSignalSpy ready(w.loader(), &LoadController::sessionReady);
        w.liveActions()->watchFolder(folder, 60, 100);
        QVERIFY(ready.wait(10000));
        QCOMPARE(w.session().job->dumps.size(), std::size_t(2));
        QVERIFY(QDir(folder).removeRecursively());
        QTRY_VERIFY_WITH_TIMEOUT(!w.liveActions()->isWatching(), 5000);
        const QString status = w.liveActions()->statusLabel()->text();
        QVERIFY2(status.contains(folder) && status.contains(QLatin1String("the folder is gone")),
                 qPrintable(status));
        QCOMPARE(w.session().job->dumps.size(), std::size_t(2));
    }

    // File › Watch folder… asks for the folder, then for how long to wait; the answer is the next default.
    void watchMenuAsksHowLongAndRemembers()
    {
        QTemporaryDir dir;
        QSettings().setValue(QStringLiteral("watch/timeoutMinutes"), 7);
        MainWindow w;
        QAction* action = nullptr;
        for (QAction* a : w.findChildren<QAction*>())
            if (a->text().contains(QLatin1String("Watch folder")))
                action = a;
        QVERIFY(action);
        int offered = -1;
        QTimer::singleShot(0, &w, [&] {
            // A modal dialog runs its own loop: answer each one as it shows.
            auto* folders = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            QVERIFY(folders);
            folders->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))->setText(dir.path());
            QTimer::singleShot(0, &w, [&] {
                auto* minutes = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
                QVERIFY(minutes);
                offered = minutes->intValue();
                minutes->setIntValue(3);
                minutes->accept();
            });
            static_cast<QDialog*>(folders)->accept(); // QFileDialog::accept() checks the name typed
        });
        action->trigger();
        QCOMPARE(offered, 7);
        QVERIFY(w.liveActions()->isWatching());
        QCOMPARE(QSettings().value(QStringLiteral("watch/timeoutMinutes")).toInt(), 3);
        QVERIFY(w.liveActions()->statusLabel()->text().contains(QDir(dir.path()).dirName()));
        w.liveActions()->stopWatching();
    }

    void dialogRefusesAnEmptyTarget()
    {
        CaptureDialog d;
        CaptureRequest r;
        r.source = CaptureRequest::Source::Pipe;
        r.target = QStringLiteral("/tmp/nccl_pipe_");
        r.options.outDir = QDir::tempPath();
        d.setRequest(r);
        QCOMPARE(d.request().source, CaptureRequest::Source::Pipe);
        QVERIFY(d.findChild<QLineEdit*>(QStringLiteral("dumpPrefix"))->isEnabled());
        d.findChild<QLineEdit*>(QStringLiteral("dumpPrefix"))->clear();
        d.accept();
        QVERIFY(d.result() != QDialog::Accepted);
        QVERIFY(d.findChild<QLabel*>(QStringLiteral("error"))->isVisibleTo(&d));
    }

    // The debug server's field: the job's store, MASTER_ADDR:MASTER_PORT, its own line and its own memory.
    void dialogAsksForTheJobsStore()
    {
        QSettings().remove(QStringLiteral("capture"));
        CaptureDialog d;
        CaptureRequest r;
        r.source = CaptureRequest::Source::Store;
        r.target = QStringLiteral("127.0.0.1:29500");
        r.options.outDir = QDir::tempPath();
        d.setRequest(r);
        auto* store = d.findChild<QLineEdit*>(QStringLiteral("store"));
        QVERIFY(store && store->isEnabled());
        QVERIFY(!d.findChild<QLineEdit*>(QStringLiteral("target"))->isEnabled());
        QCOMPARE(d.request().target, QStringLiteral("127.0.0.1:29500"));
        d.accept();
        QCOMPARE(d.result(), int(QDialog::Accepted));
        CaptureDialog again; // remembered, and the store is asked for first
        QCOMPARE(again.request().source, CaptureRequest::Source::Store);
        QCOMPARE(again.request().target, QStringLiteral("127.0.0.1:29500"));
        store->clear();
        d.accept();
        QVERIFY(d.findChild<QLabel*>(QStringLiteral("error"))
                    ->text()
                    .contains(QLatin1String("MASTER_ADDR:MASTER_PORT")));
    }

    // A second capture of the same job is compared with the first: the banner says whether it moved.
    void secondCaptureOfTheJobSaysAdvancingAndTheSlowRank()
    {
        const QString snapshots = QStringLiteral(FD_TEST_DATA "/snapshots/advancing/");
        QTemporaryDir dir;
        std::vector<std::unique_ptr<FakeWorkerServer>> servers;
        for (int r = 0; r < 3; ++r)
            servers.push_back(std::make_unique<FakeWorkerServer>(
                dir.filePath(QStringLiteral("worker_%1.sock").arg(r)),
                readFile(snapshots + QStringLiteral("capture-20261201T110000Z/_dump_%1.json").arg(r))));
        MainWindow w;
        CaptureRequest request;
        request.target = dir.filePath(QStringLiteral("worker_*.sock"));
        request.options.outDir = dir.filePath(QStringLiteral("out"));
        QSignalSpy ready(w.loader(), &LoadController::sessionReady);
        QSignalSpy progress(w.liveActions(), &LiveActions::progressFound);
        w.liveActions()->capture(request);
        QVERIFY(ready.wait(20000));
        QCOMPARE(progress.count(), 0); // one capture says nothing about progress
        for (int r = 0; r < 3; ++r)
            servers[std::size_t(r)]->setDump(
                readFile(snapshots + QStringLiteral("capture-20261201T110005Z/_dump_%1.json").arg(r)));
        w.liveActions()->capture(request);
        QVERIFY(progress.wait(20000));
        const SnapshotProgress p = progress.at(0).at(0).value<SnapshotProgress>();
        QCOMPARE(p.state, ProgressState::Advancing);
        QCOMPARE(p.slowRanks, std::vector<int>{2});
        QVERIFY2(w.banner()->text().contains(QLatin1String("advancing: not a hang; rank 2 is slow")),
                 qPrintable(w.banner()->text()));
        QVERIFY2(w.banner()->text().startsWith(QLatin1String("ADVANCING")), qPrintable(w.banner()->text()));
        // The evidence shows both snapshots side by side, the slow rank's row first.
        const std::optional<SnapshotProgress>& shown = w.evidencePanel()->progress();
        QVERIFY(shown);
        QCOMPARE(shown->steps.size(), std::size_t(3));
        const std::vector<PgRankStep> rows = ProgressPicture(*shown, QFont()).rowsShown();
        QCOMPARE(rows.front().rank, 2);
        QCOMPARE(rows.front().completedBefore, std::int64_t(3));
        QCOMPARE(rows.front().completedAfter, std::int64_t(6));
        // Export report writes it into the JSON, as flightdeck-cli capture --again-after does.
        const QString json = dir.filePath(QStringLiteral("report.json"));
        QString exportError;
        QVERIFY2(w.exportReport(QString(), json, &exportError), qPrintable(exportError));
        const QJsonObject written = QJsonDocument::fromJson(readFile(json)).object();
        const QJsonObject exported = written.value(QLatin1String("progress")).toObject();
        QCOMPARE(exported.value(QLatin1String("state")).toString(), QStringLiteral("advancing"));
        QCOMPARE(exported.value(QLatin1String("slow_ranks")).toArray(), QJsonArray({2}));
        // The next job opened clears it.
        QSignalSpy reopened(w.loader(), &LoadController::sessionReady);
        w.openPath(snapshots + QStringLiteral("capture-20261201T110000Z"));
        QVERIFY(reopened.wait(20000));
        QVERIFY(!w.evidencePanel()->progress());
    }

    // A watched folder whose set is complete is compared with the snapshot before it: the job's next dumps,
    // written over the last ones, watched again.
    void aSecondWatchedSetIsComparedWithTheFirst()
    {
        const QString snapshots = QStringLiteral(FD_TEST_DATA "/snapshots/hung/");
        QTemporaryDir dir;
        const auto land = [&dir, &snapshots](const char* capture) {
            for (int r = 0; r < 3; ++r) {
                const QString to = dir.filePath(QStringLiteral("_dump_%1.json").arg(r));
                QFile::remove(to);
                QVERIFY(QFile::copy(
                    snapshots + QLatin1String(capture) + QStringLiteral("/_dump_%1.json").arg(r), to));
            }
        };
        MainWindow w;
        QSignalSpy progress(w.liveActions(), &LiveActions::progressFound);
        land("capture-20261201T100000Z");
        w.liveActions()->watchFolder(dir.path(), 60, 100);
        QTRY_VERIFY_WITH_TIMEOUT(!w.liveActions()->isWatching(), 10000); // complete
        QCOMPARE(progress.count(), 0);
        land("capture-20261201T100030Z");
        w.liveActions()->watchFolder(dir.path(), 60, 100);
        QVERIFY(progress.wait(10000));
        const SnapshotProgress p = progress.at(0).at(0).value<SnapshotProgress>();
        QCOMPARE(p.state, ProgressState::Hung);
        QCOMPARE(p.stalledRanks, (std::vector<int>{0, 1, 2}));
        QVERIFY2(w.banner()->text().startsWith(QLatin1String("HUNG")), qPrintable(w.banner()->text()));
        QVERIFY(w.evidencePanel()->progress());
    }

    // Two jobs are not compared, and the status line says why.
    void anotherJobIsNotCompared()
    {
        const QString snapshots = QStringLiteral(FD_TEST_DATA "/snapshots/other-job/");
        QTemporaryDir dir;
        MainWindow w;
        QSignalSpy progress(w.liveActions(), &LiveActions::progressFound);
        for (const char* capture : {"capture-20261201T120000Z", "capture-20261201T120010Z"}) {
            for (int r = 0; r < 3; ++r) {
                const QString to = dir.filePath(QStringLiteral("_dump_%1.json").arg(r));
                QFile::remove(to);
                QVERIFY(QFile::copy(
                    snapshots + QLatin1String(capture) + QStringLiteral("/_dump_%1.json").arg(r), to));
            }
            w.liveActions()->watchFolder(dir.path(), 60, 100);
            QTRY_VERIFY_WITH_TIMEOUT(!w.liveActions()->isWatching(), 10000);
        }
        QTRY_VERIFY2_WITH_TIMEOUT(
            w.liveActions()->statusLabel()->text().contains(QLatin1String("not compared")),
            qPrintable(w.liveActions()->statusLabel()->text()), 5000);
        QVERIFY(w.liveActions()->statusLabel()->text().contains(QLatin1String("two different jobs")));
        QCOMPARE(progress.count(), 0);
        QVERIFY(!w.evidencePanel()->progress());
    }
};

QTEST_MAIN(TestLiveActions)
#include "tst_liveactions.moc"
