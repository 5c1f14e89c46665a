#pragma once

#include "Pipeline.h"

#include <QObject>

#include <memory>
#include <vector>

class QThread;

namespace fd {

// Runs the pipeline's loadAndAnalyse() on a worker thread for the GUI. Progress and the result arrive as
// signals on the runner's own thread. A new start() supersedes the run in progress: that run is cancelled
// (loading stops at the next file; an analysis already under way finishes unseen) and never reports again.
// Neither start() nor cancel() waits for a worker; only the destructor does.
class PipelineRunner : public QObject
{
    Q_OBJECT
public:
    explicit PipelineRunner(QObject* parent = nullptr);
    ~PipelineRunner() override; // cancels, then waits for every worker still running

    void start(const LoadRequest& request);
    void cancel(); // the current run, if any, reports nothing more
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void progress(int done, int total);
    void analysing();
    void finished(const fd::AnalysedJob& run); // run.job is never null

private:
    struct Run;
    void post(const std::shared_ptr<Run>& run, std::function<void()> onGuiThread);

    std::shared_ptr<Run> m_current;
    std::vector<QThread*> m_workers; // not yet finished or not yet deleted
    bool m_running = false;
};

} // namespace fd
