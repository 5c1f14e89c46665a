#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <memory>
#include <vector>

namespace fd {

class DumpFolderWatch;

// File › Watch folder: looks at a folder every half second, off the GUI thread (core's DumpFolderWatch: a
// file counts once its size held still and it ends like a whole dump; one still growing is never an error),
// and says when the set of complete dumps changed (debounced). The window decides completeness from the job
// it loads and calls stop(); the watch also stops by itself after `timeoutSec`.
class FolderWatcher : public QObject
{
    Q_OBJECT
public:
    explicit FolderWatcher(QObject* parent = nullptr);
    ~FolderWatcher() override;

    void start(const QString& folder, int timeoutSec = 600, int settleMs = 1000);
    void stop();
    bool isWatching() const { return m_active; }
    const QString& folder() const { return m_folder; }
    const std::vector<int>& growingRanks() const { return m_growing; }

Q_SIGNALS:
    // The complete dumps now in the folder (paths, by rank): time to reload.
    void changed(const QStringList& files);
    void timedOut();
    // The folder was deleted, moved or unmounted; the watch has stopped.
    void folderGone();

private:
    struct PollResult
    {
        bool changed = false;
        QStringList files;
        std::vector<int> growing;
        bool gone = false;
    };
    // On the GUI thread: the result of a poll of `watch`, dropped unless it is the current watch.
    void pollDone(const DumpFolderWatch* watch, const PollResult& r);

    QString m_folder;
    int m_timeoutSec = 600;
    std::shared_ptr<DumpFolderWatch> m_watch;
    QTimer m_timer;
    QElapsedTimer m_clock;
    std::vector<int> m_growing;
    bool m_active = false; // between start() and stop() (the timer is idle while a poll runs)
};

} // namespace fd
