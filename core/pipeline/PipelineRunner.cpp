#include "PipelineRunner.h"

#include "core/threads/ThreadHandoff.h"

#include <QThread>

#include <algorithm>
#include <atomic>
#include <cstdint>

namespace fd {

namespace {

// A progress bar shows whole percents: past kProgressSteps reports a run posts one per step (and the last),
// not one per file. At 16,384 files, one event and one progress bar repaint per file kept the GUI thread busy
// for half a second of a load that has two cores for everything.
constexpr int kProgressSteps = 200;

class ProgressSteps
{
public:
    // Whether (done, total) is the first report of its step; called from every loader thread.
    bool isNewStep(int done, int total)
    {
        const int step = total > 0 ? int(std::int64_t(done) * kProgressSteps / total) : 0;
        int last = m_lastStep.load();
        while (step > last || done == total)
            if (m_lastStep.compare_exchange_weak(last, std::max(step, last)))
                return true;
        return false;
    }

private:
    std::atomic<int> m_lastStep{-1};
};

} // namespace

struct PipelineRunner::Run
{
    std::atomic<bool> cancel{false};
    int doneShown = -1; // on the runner's thread only
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
        ProgressSteps steps; // loadAndAnalyse() reports progress only while it runs, below
        control.progress = [this, run, &steps](int done, int total) {
            // Two loader threads can claim steps in one order and post them in the other: the runner's
            // thread drops a report older than one it has shown, so the bar never goes backwards.
            if (steps.isNewStep(done, total))
                post(run, [this, run, done, total] {
                    if (done <= run->doneShown)
                        return;
                    run->doneShown = done;
                    Q_EMIT progress(done, total);
                });
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
