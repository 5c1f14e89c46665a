#pragma once

#include <QThread>

#include <algorithm>
#include <atomic>
#include <functional>
#include <thread>
#include <vector>

namespace fd {

// Runs work(i) for i in [0, count) on `threads` workers (0: one per core), each taking the next index when it
// is free, so one large file does not hold up the rest. Stops handing out work once `cancel` is set.
// Plain std::threads rather than QThreadPool::globalInstance(): a GUI may have its own jobs in that pool.
inline void parallelFor(std::size_t count, int threads, const std::atomic<bool>* cancel,
                        const std::function<void(std::size_t)>& work)
{
    if (count == 0)
        return;
    const int wanted = threads > 0 ? threads : std::max(1, QThread::idealThreadCount());
    const std::size_t workers = std::min<std::size_t>(std::size_t(wanted), count);
    std::atomic<std::size_t> next{0};
    auto loop = [&] {
        for (;;) {
            if (cancel && cancel->load(std::memory_order_relaxed))
                return;
            const std::size_t i = next.fetch_add(1);
            if (i >= count)
                return;
            work(i);
        }
    };
    std::vector<std::thread> pool;
    pool.reserve(workers - 1);
    for (std::size_t t = 1; t < workers; ++t)
        pool.emplace_back(loop);
    loop();
    for (auto& t : pool)
        t.join();
}

} // namespace fd
