#include "LiveActions.h"

#include "CaptureDialog.h"
#include "FolderWatcher.h"
#include "core/analysis/Analysis.h"
#include "core/model/RankListText.h"
#include "core/threads/ThreadHandoff.h"
#include "ui/session/LoadController.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QInputDialog>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QPointer>
#include <QSettings>
#include <QStatusBar>
#include <QThread>

#include <algorithm>

namespace fd {

namespace {
constexpr const char* kWatchMinutesKey = "watch/timeoutMinutes";
} // namespace

LiveActions::LiveActions(QMainWindow* window, QMenu* fileMenu, LoadController* loader)
    : QObject(window), m_window(window), m_loader(loader), m_watcher(new FolderWatcher(this)),
      m_status(new QLabel(window))
{
    m_status->setObjectName(QStringLiteral("liveStatus"));
    m_status->hide();
    window->statusBar()->addPermanentWidget(m_status);

    m_captureAction = fileMenu->addAction(tr("&Capture from running job…"), this, [this] {
        CaptureDialog dialog(m_window);
        if (dialog.exec() == QDialog::Accepted)
            capture(dialog.request());
    });
    fileMenu->addAction(tr("&Watch folder…"), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(m_window, tr("Watch a folder for dumps"));
        if (dir.isEmpty())
            return;
        // How long a big job's dumps take to land on a shared filesystem is the user's to say; the last
        // answer is the next default.
        QSettings settings;
        bool ok = false;
        const int minutes = QInputDialog::getInt(
            m_window, tr("Watch folder"), tr("Stop watching after (minutes), if ranks are still missing:"),
            settings.value(QLatin1String(kWatchMinutesKey), kDefaultWatchSec / 60).toInt(), 1, 24 * 60, 1,
            &ok);
        if (!ok)
            return;
        settings.setValue(QLatin1String(kWatchMinutesKey), minutes);
        watchFolder(dir, minutes * 60);
    });
    m_stopWatching = fileMenu->addAction(tr("&Stop watching"), this, &LiveActions::stopWatching);
    m_stopWatching->setEnabled(false);

    connect(m_watcher, &FolderWatcher::changed, this, [this](const QStringList& files) {
        if (!files.isEmpty())
            m_loader->openUrls(files);
    });
    connect(m_watcher, &FolderWatcher::timedOut, this, [this] {
        m_stopWatching->setEnabled(false);
        m_status->setText(m_status->text() + tr(" — stopped: time is up, the set is incomplete"));
    });
    connect(m_watcher, &FolderWatcher::folderGone, this, [this] {
        m_stopWatching->setEnabled(false);
        m_status->setText(
            tr("Stopped watching %1: the folder is gone (deleted, moved or unmounted); showing what had "
               "arrived")
                .arg(m_watcher->folder()));
    });
    connect(m_loader, &LoadController::sessionReady, this, &LiveActions::sessionLoaded);
}

void LiveActions::capture(const CaptureRequest& request)
{
    if (m_capturing)
        return;
    m_capturing = true;
    m_captureAction->setEnabled(false);
    m_status->setText(tr("Capturing from %1 …").arg(request.target));
    m_status->show();
    // The capture runs its own event loop and reads whole dumps: a thread of its own, never the GUI's.
    QPointer<LiveActions> self(this);
    QThread* thread = QThread::create([self, request] {
        const CaptureRun run = runCapture(request);
        postTo(qApp, [self, run] {
            if (self)
                self->captureDone(run);
        });
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

void LiveActions::captureDone(const CaptureRun& run)
{
    m_capturing = false;
    m_captureAction->setEnabled(true);
    const CaptureResult& r = run.result;
    QString text;
    if (r.captured() > 0) {
        text = tr("Captured %1 of %2 rank(s) into %3").arg(r.captured()).arg(r.ranks.size()).arg(r.folder);
        if (const std::vector<int> silent = r.silentRanks(); !silent.empty())
            text += tr("; no answer from rank(s) %1").arg(rankListText(silent));
        m_captureOpening = true;
        m_loader->openCapture(r);
    } else {
        QStringList why = run.sourceErrors;
        if (!r.fatalError.isEmpty())
            why << r.fatalError;
        for (const RankCapture& rank : r.ranks)
            why << describeRankCapture(rank);
        text = tr("Nothing captured: %1").arg(why.join(QStringLiteral("; ")));
    }
    m_status->setText(text);
    m_status->setToolTip(text);
    Q_EMIT captureFinished(run);
}

void LiveActions::watchFolder(const QString& folder, int timeoutSec, int settleMs)
{
    m_watcher->start(folder, timeoutSec, settleMs);
    m_stopWatching->setEnabled(true);
    m_status->setText(tr("Watching %1: waiting for dumps").arg(folder));
    m_status->show();
}

void LiveActions::stopWatching()
{
    if (!m_watcher->isWatching())
        return;
    m_watcher->stop();
    m_stopWatching->setEnabled(false);
    m_status->setText(m_status->text() + tr(" — stopped"));
}

bool LiveActions::isWatching() const
{
    return m_watcher->isWatching();
}

void LiveActions::sessionLoaded(const Session& session)
{
    if (m_captureOpening) {
        m_captureOpening = false;
        compareWithLastSnapshot(session);
    }
    if (!m_watcher->isWatching() || !session.job || !session.analysis)
        return;
    const Job& job = *session.job;
    const Analysis& a = *session.analysis;
    const std::vector<int>& growing = m_watcher->growingRanks();
    m_status->setText(
        tr("Watching %1: %2 dump(s) of world %3; missing: %4; growing: %5; verdict so far: %6, "
           "ranks named: %7")
            .arg(m_watcher->folder())
            .arg(job.dumps.size())
            .arg(job.worldSizeKnown ? QString::number(job.worldSize)
                                    : tr("at least %1 (no dump names the world's ranks)").arg(job.worldSize))
            .arg(rankListTextOr(job.missingRanks, QStringLiteral("-")),
                 rankListTextOr(growing, QStringLiteral("-")), QString::fromLatin1(verdictName(a.verdict)),
                 rankListTextOr(a.hangingRanks(), QStringLiteral("-"))));
    if (job.holdsEveryRank() && growing.empty()) {
        m_watcher->stop();
        m_stopWatching->setEnabled(false);
        m_status->setText(m_status->text() + tr(" — complete"));
        compareWithLastSnapshot(session);
    }
}

void LiveActions::compareWithLastSnapshot(const Session& session)
{
    if (!session.job || session.job->dumps.empty())
        return;
    if (m_lastSnapshot.job) {
        const double interval = snapshotTimeSeconds(session.job->source, *session.job) -
                                snapshotTimeSeconds(m_lastSnapshot.job->source, *m_lastSnapshot.job);
        const SnapshotComparison c =
            compareSnapshots(*m_lastSnapshot.job, *m_lastSnapshot.analysis, *session.job, *session.analysis,
                             std::max(0.0, interval));
        if (c.progress) // after the window's own sessionReady slots, which reset the banner and the evidence
            QMetaObject::invokeMethod(
                this, [this, p = *c.progress] { Q_EMIT progressFound(p); }, Qt::QueuedConnection);
        else
            m_status->setText(m_status->text() +
                              tr(" — not compared with the snapshot before: %1").arg(c.error));
    }
    m_lastSnapshot = session;
}

} // namespace fd
