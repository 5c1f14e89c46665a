#pragma once

#include <QThread>

#include <algorithm>
#include <atomic>
#include <concepts>
#include <thread>
#include <vector>

namespace fd {

// How many workers parallelFor() runs for `count` items on `threads` threads (0: one per core).
inline std::size_t parallelWorkers(std::size_t count, int threads)
{
    const int wanted = threads > 0 ? threads : std::max(1, QThread::idealThreadCount());
    return std::min<std::size_t>(std::size_t(wanted), count);
}

// Runs work(i, worker) for i in [0, count) on parallelWorkers(count, threads) workers, each taking the next index
// when it is free, so one large file does not hold up the rest; `worker` (below parallelWorkers()) names the
// worker, for state that one worker reuses from item to item. Stops handing out work once `cancel` is set.
// Plain std::threads rather than QThreadPool::globalInstance(): a GUI may have its own jobs in that pool.
template<typename Work>
    requires std::invocable<Work&, std::size_t, std::size_t>
void parallelFor(std::size_t count, int threads, const std::atomic<bool>* cancel, Work&& work)
{
    if (count == 0)
        return;
    const std::size_t workers = parallelWorkers(count, threads);
    std::atomic<std::size_t> next{0};
    auto loop = [&](std::size_t worker) {
        for (;;) {
            if (cancel && cancel->load(std::memory_order_relaxed))
                return;
            const std::size_t i = next.fetch_add(1);
            if (i >= count)
                return;
            work(i, worker);
        }
    };
    std::vector<std::thread> pool;
    pool.reserve(workers - 1);
    for (std::size_t t = 1; t < workers; ++t)
        pool.emplace_back(loop, t);
    loop(0);
    for (auto& t : pool)
        t.join();
}

// The same for work(i) that needs no per-worker state.
template<typename Work>
    requires std::invocable<Work&, std::size_t>
void parallelFor(std::size_t count, int threads, const std::atomic<bool>* cancel, Work&& work)
{
    parallelFor(count, threads, cancel, [&work](std::size_t i, std::size_t) { work(i); });
}

} // namespace fd
