#pragma once

#include "DumpDiscovery.h"
#include "model/Job.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <thread>

namespace fd {

struct LoadOptions
{
    QString frPath;
    QString pattern = QLatin1String(kDefaultPattern);
    int threads = 0; // 0: one per core
};

// (files done, files total); called from worker threads.
using ProgressCallback = std::function<void(int done, int total)>;

// Loads every dump that `options` names, in parallel, into one Job. Never throws for bad input: each file
// that cannot be read becomes a LoadError naming the file, the byte offset and the reason, and the other
// files still load. Returns nullptr only when `cancel` was set.
std::shared_ptr<Job> loadJob(const LoadOptions& options, const std::atomic<bool>* cancel = nullptr,
                             const ProgressCallback& progress = {});

// The same for an explicit list of files (GUI drag-and-drop of several files).
std::shared_ptr<Job> loadJobFromFiles(const std::vector<DumpFile>& files, const std::atomic<bool>* cancel = nullptr,
                                      const ProgressCallback& progress = {});

// Runs loadJob() on a background thread for a GUI: progress and the result arrive as queued signals.
class JobLoader : public QObject
{
    Q_OBJECT
public:
    explicit JobLoader(QObject* parent = nullptr);
    ~JobLoader() override;

    // `amend`, when given, runs on the loading thread on the loaded job before it is handed out (a live capture
    // adds the ranks that did not answer: core/capture/CaptureAnalysis.h).
    void start(const LoadOptions& options, std::function<void(Job&)> amend = {});
    void startFiles(const std::vector<DumpFile>& files);
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void progress(int done, int total);
    void finished(std::shared_ptr<const fd::Job> job);
    void cancelled();

private:
    void run(std::function<std::shared_ptr<Job>(const std::atomic<bool>*, const ProgressCallback&)> work);

    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::atomic<int> m_running{0};
    std::thread m_thread;
};

} // namespace fd

Q_DECLARE_METATYPE(std::shared_ptr<const fd::Job>)
