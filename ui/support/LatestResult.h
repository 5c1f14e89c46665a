#pragma once

#include "core/threads/ThreadHandoff.h"

#include <QCoreApplication>
#include <QObject>
#include <QPointer>

#include <atomic>
#include <memory>
#include <type_traits>
#include <utility>

namespace fd {

// Background work of the views: how many computations started through LatestResult are still running or
// waiting for the GUI thread to take their result. Benchmarks and tests wait for 0 ("the views caught up").
int backgroundTasksInFlight();

// Whether a job is small enough for its view data to be computed on the GUI thread in one go: below this
// many entries a layout, a chart's series or a graph take a few milliseconds, and computing them inline
// spares a frame that shows the previous state.
bool fitsInline(std::size_t entries);

namespace detail {
// Lowers the calling worker thread's scheduling priority (once per thread): view data is computed while the
// user works, and on a machine with fewer cores than busy threads the GUI thread must win the core, or its
// event loop waits as long as if it did the work itself.
void yieldToGuiThread();

// Counts one background computation from its start until its continuation has run or was dropped.
class InFlight
{
public:
    InFlight();
    ~InFlight();
    InFlight(const InFlight&) = delete;
    InFlight& operator=(const InFlight&) = delete;
};
} // namespace detail

// View data computed off the GUI thread, newest request wins (the load controller's rule, for the views):
// run() computes on Qt's global thread pool and hands the result to `apply` on the GUI thread, unless
// `context` was destroyed or a later run() or cancel() superseded it, in which case the result is dropped
// unseen. One per kind of result (the timeline's layout, one chart's series, ...). With `inlineOk` the work
// is small: it runs at once. Both hand-overs go through core/threads, which ThreadSanitizer follows.
class LatestResult
{
public:
    template <typename Compute, typename Apply>
    void run(QObject* context, bool inlineOk, Compute compute, Apply apply)
    {
        const quint64 generation = ++*m_generation;
        if (inlineOk) {
            apply(compute());
            return;
        }
        using Result = std::invoke_result_t<Compute>;
        // Shared, so the pool's copyable std::function can hold it: layouts and their closures are move-only.
        struct Task
        {
            Task(Compute c, Apply a, QObject* ctx, std::shared_ptr<std::atomic<quint64>> cur, quint64 gen)
                : compute(std::move(c)), apply(std::move(a)), context(ctx), current(std::move(cur)),
                  generation(gen)
            {
            }
            Compute compute;
            Apply apply;
            QPointer<QObject> context;
            std::shared_ptr<std::atomic<quint64>> current;
            quint64 generation;
            detail::InFlight inFlight;
        };
        auto task =
            std::make_shared<Task>(std::move(compute), std::move(apply), context, m_generation, generation);
        runInPool([task]() mutable {
            detail::yieldToGuiThread();
            auto result = std::make_shared<Result>(task->compute());
            // qApp outlives every view: the call always arrives, and checks on the GUI thread that its view
            // is still there (a QPointer is only safe on its object's thread).
            postTo(qApp, [task = std::move(task), result = std::move(result)]() mutable {
                if (task->context && *task->current == task->generation)
                    task->apply(std::move(*result));
                task.reset(); // now, not whenever Qt destroys the call
            });
        });
    }
    // Drops whatever is still being computed.
    void cancel() { ++*m_generation; }

private:
    std::shared_ptr<std::atomic<quint64>> m_generation = std::make_shared<std::atomic<quint64>>(0);
};

} // namespace fd
