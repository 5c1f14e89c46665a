#include "PipelineRunner.h"

#include "core/threads/ThreadHandoff.h"

#include <QThread>

#include <algorithm>

namespace fd {

struct PipelineRunner::Run
{
    std::atomic<bool> cancel{false};
};

PipelineRunner::PipelineRunner(QObject* parent) : QObject(parent) {}

PipelineRunner::~PipelineRunner()
{
    cancel();
    for (QThread* worker : m_workers)
        worker->wait();
    qDeleteAll(m_workers);
}

void PipelineRunner::cancel()
{
    if (m_current)
        m_current->cancel.store(true);
    m_current.reset();
    m_running = false;
}

// Runs `onGuiThread` on the runner's thread unless `run` was superseded or cancelled meanwhile. The runner
// outlives its workers (the destructor waits), so `this` is a valid context here; an event still queued when
// the runner goes is discarded by Qt.
void PipelineRunner::post(const std::shared_ptr<Run>& run, std::function<void()> onGuiThread)
{
    postTo(this, [this, run, onGuiThread = std::move(onGuiThread)] {
        if (run == m_current && !run->cancel.load())
            onGuiThread();
    });
}

void PipelineRunner::start(const LoadRequest& request)
{
    cancel();
    auto run = std::make_shared<Run>();
    m_current = run;
    m_running = true;
    QThread* worker = QThread::create([this, run, request] {
        PipelineControl control;
        control.cancel = &run->cancel;
        control.progress = [this, run](int done, int total) {
            post(run, [this, done, total] { Q_EMIT progress(done, total); });
        };
        control.analysing = [this, run] { post(run, [this] { Q_EMIT analysing(); }); };
        AnalysedJob result = loadAndAnalyse(request, control);
        if (!result.job)
            return; // cancelled
        post(run, [this, result = std::move(result)] {
            m_current.reset();
            m_running = false;
            Q_EMIT finished(result);
        });
    });
    m_workers.push_back(worker);
    connect(worker, &QThread::finished, this, [this, worker] {
        m_workers.erase(std::find(m_workers.begin(), m_workers.end(), worker));
        worker->deleteLater();
    });
    worker->start();
}

} // namespace fd
