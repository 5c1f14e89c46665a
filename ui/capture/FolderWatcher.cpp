#include "FolderWatcher.h"

#include "core/capture/DumpFolderWatch.h"
#include "core/threads/ThreadHandoff.h"

#include <QCoreApplication>
#include <QPointer>

namespace fd {

namespace {

constexpr int kPollMs = 500;

} // namespace

FolderWatcher::FolderWatcher(QObject* parent) : QObject(parent)
{
    m_timer.setInterval(kPollMs);
    m_timer.setSingleShot(true); // the next poll is armed when this one's result is in: never two at once
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_clock.elapsed() >= m_timeoutSec * 1000LL) {
            stop();
            Q_EMIT timedOut();
            return;
        }
        const std::shared_ptr<DumpFolderWatch> watch = m_watch;
        const qint64 now = m_clock.elapsed();
        runInPool([self = QPointer<FolderWatcher>(this), watch, now] {
            PollResult r;
            r.changed = watch->poll(now);
            if (r.changed)
                for (const DumpFile& f : watch->takeReady())
                    r.files << f.path;
            r.growing = watch->growingRanks();
            r.gone = watch->folderGone();
            // The poll owns its watch: a watcher stopped or gone meanwhile drops the result (pollDone).
            postTo(qApp, [self, watch, r] {
                if (self)
                    self->pollDone(watch.get(), r);
            });
        });
    });
}

FolderWatcher::~FolderWatcher()
{
    stop();
}

void FolderWatcher::start(const QString& folder, int timeoutSec, int settleMs)
{
    stop();
    m_folder = folder;
    m_timeoutSec = timeoutSec;
    m_watch = std::make_shared<DumpFolderWatch>(folder, QLatin1String(kDefaultPattern), settleMs);
    m_growing.clear();
    m_active = true;
    m_clock.start();
    m_timer.start(0);
}

void FolderWatcher::stop()
{
    m_active = false;
    m_timer.stop();
    m_watch.reset(); // a poll still running keeps its own reference; its result is dropped
}

void FolderWatcher::pollDone(const DumpFolderWatch* watch, const PollResult& r)
{
    if (!m_watch || watch != m_watch.get())
        return;
    m_growing = r.growing;
    if (r.gone) { // nothing more can arrive: the window keeps what it loaded
        stop();
        Q_EMIT folderGone();
        return;
    }
    m_timer.start();
    if (r.changed)
        Q_EMIT changed(r.files);
}

} // namespace fd
