#pragma once

#include "core/analysis/SnapshotProgress.h"
#include "core/capture/CaptureRequest.h"
#include "ui/session/Session.h"

#include <QObject>

class QAction;
class QLabel;
class QMainWindow;
class QMenu;

namespace fd {

class FolderWatcher;
class LoadController;

// The window's live-job actions, kept out of MainWindow (docs/capture.md):
// - File › Capture from running job…: a CaptureDialog, then the capture on a thread of its own, then the new
//   folder opens through the window's LoadController with what the capture saw (silent ranks become load
//   problems and missing dumps);
// - File › Watch folder… / Stop watching: reopens the folder as complete dumps land, and keeps one status-bar
//   line: dumps so far, ranks missing, files still growing, the verdict as it stands. It stops when every
//   rank's dump is there, or after the time the user gave (asked after the folder, remembered; `flightdeck
//   --watch DIR --watch-timeout SEC` gives both on the command line);
// - each complete snapshot of a running job (a capture, a watched set once complete) is compared with the one
//   before, when both are of one job: hung or advancing, progressFound().
class LiveActions : public QObject
{
    Q_OBJECT
public:
    LiveActions(QMainWindow* window, QMenu* fileMenu, LoadController* loader);

    void capture(const CaptureRequest& request); // what the dialog's Capture button does
    static constexpr int kDefaultWatchSec = 600;
    void watchFolder(const QString& folder, int timeoutSec = kDefaultWatchSec, int settleMs = 1000);
    void stopWatching();
    bool isCapturing() const { return m_capturing; }
    bool isWatching() const;
    QLabel* statusLabel() const { return m_status; }

Q_SIGNALS:
    void captureFinished(const fd::CaptureRun& run);
    // A snapshot of the job snapshotted just before (a capture, or a complete watched set): the two compared
    // (core/analysis/SnapshotProgress.h). Emitted after every view has the new session.
    void progressFound(const fd::SnapshotProgress& progress);

private:
    void captureDone(const CaptureRun& run);
    // Compares a new snapshot with the last one (core's compareSnapshots); two jobs are said on the status
    // line.
    void compareWithLastSnapshot(const Session& session);
    void sessionLoaded(const Session& session);

    QMainWindow* m_window;
    LoadController* m_loader;
    FolderWatcher* m_watcher;
    QAction* m_captureAction = nullptr;
    QAction* m_stopWatching = nullptr;
    QLabel* m_status;
    bool m_capturing = false;
    bool m_captureOpening = false; // the next session is a capture's
    // The last complete snapshot this window took of a running job (a capture, or a watched set once every
    // rank's dump was there): the next one is compared with it.
    Session m_lastSnapshot;
};

} // namespace fd
