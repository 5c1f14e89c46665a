#pragma once

#include <QMetaObject>
#include <QObject>
#include <QThreadPool>

#include <functional>
#include <memory>
#include <mutex>
#include <type_traits>
#include <utility>

namespace fd {

// Hand-overs between threads that ThreadSanitizer can follow. TSan sees pthread mutexes and thread starts,
// not the futex-based QMutex behind Qt's event queue and thread pool when Qt itself is not built with TSan
// (Debian's is not). So where FlightDeck hands data to another thread through Qt, a gate of its own (one
// process-wide std::mutex) orders it as well: the sender holds the gate while it posts, the receiver passes
// through it before it reads anything handed over, its own captures included. TSan then checks our code
// against the ordering Qt really provides. Hand-overs are rare (results, progress), so one uncontended lock
// each costs nothing measurable, and a receiver waits at most until a sender's post returns.
namespace handoff {
inline std::mutex& gate()
{
    static std::mutex m;
    return m;
}
// Held by the sending thread while it builds and posts what it hands over.
[[nodiscard]] inline std::unique_lock<std::mutex> sending()
{
    return std::unique_lock<std::mutex>(gate());
}
// The receiving thread's first step, before it reads anything handed over.
inline void receiving()
{
    const std::lock_guard<std::mutex> passing(gate());
}
} // namespace handoff

// Runs `fn` on `context`'s thread through its event queue (a queued call), as a hand-over. Qt drops the call
// when `context` is destroyed first.
template <typename F> void postTo(QObject* context, F&& fn)
{
    const auto sending = handoff::sending();
    QMetaObject::invokeMethod(
        context,
        [fn = std::forward<F>(fn)]() mutable {
            handoff::receiving();
            fn();
        },
        Qt::QueuedConnection);
}

// Runs `fn` on Qt's global thread pool, as a hand-over. Through QThreadPool::start(std::function), whose
// runnable Qt's own (uninstrumented) code copies and calls, so nothing of ours reads the task before the
// worker passed the gate (QtConcurrent::run's task moves its callable in code of ours first).
template <typename F> void runInPool(F&& fn)
{
    auto task = std::make_shared<std::decay_t<F>>(std::forward<F>(fn));
    const auto sending = handoff::sending();
    QThreadPool::globalInstance()->start(std::function<void()>([task = std::move(task)] {
        handoff::receiving();
        (*task)();
    }));
}

} // namespace fd
