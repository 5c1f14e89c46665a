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
// process-wide recursive std::mutex) orders it as well: the sender holds the gate while it builds and posts
// what it hands over, and the receiver passes through it before it reads any of it, the callable's own
// captures included, and again before destroying it (a call Qt dropped is destroyed without being called).
// TSan then checks our code against the ordering Qt really provides. Hand-overs are rare (results,
// progress), so the locks cost nothing measurable, and a receiver waits at most until a sender's post
// returns. Recursive, because the sender destroys moved-from copies while it holds the gate.
namespace handoff {
inline std::recursive_mutex& gate()
{
    static std::recursive_mutex m;
    return m;
}
// Held by the sending thread while it builds and posts what it hands over.
[[nodiscard]] inline std::unique_lock<std::recursive_mutex> sending()
{
    return std::unique_lock<std::recursive_mutex>(gate());
}
// The receiving thread's step before it reads anything handed over.
inline void receiving()
{
    const std::lock_guard<std::recursive_mutex> passing(gate());
}

// A callable handed over: calling it and destroying it pass the gate first.
template <typename F> class Handed
{
public:
    explicit Handed(F fn) : m_fn(std::move(fn)) {}
    Handed(const Handed&) = default;
    Handed(Handed&&) noexcept = default;
    Handed& operator=(const Handed&) = delete;
    Handed& operator=(Handed&&) = delete;
    ~Handed() { receiving(); } // runs before m_fn is destroyed
    void operator()()
    {
        receiving();
        m_fn();
    }

private:
    F m_fn;
};
} // namespace handoff

// Runs `fn` on `context`'s thread through its event queue (a queued call), as a hand-over. Qt drops the call
// when `context` is destroyed first.
template <typename F> void postTo(QObject* context, F&& fn)
{
    const auto sending = handoff::sending();
    QMetaObject::invokeMethod(context, handoff::Handed<std::decay_t<F>>(std::forward<F>(fn)),
                              Qt::QueuedConnection);
}

// Runs `fn` on Qt's global thread pool, as a hand-over. Through QThreadPool::start(std::function), whose
// runnable Qt's own (uninstrumented) code copies and calls, so nothing of ours reads the task before the
// worker passed the gate (QtConcurrent::run's task moves its callable in code of ours first).
template <typename F> void runInPool(F&& fn)
{
    auto task = std::make_shared<std::decay_t<F>>(std::forward<F>(fn));
    const auto sending = handoff::sending();
    QThreadPool::globalInstance()->start(
        std::function<void()>(handoff::Handed([task = std::move(task)] { (*task)(); })));
}

} // namespace fd
