#pragma once

// An input whose cost grows faster than its size is a finding (docs/hostile-input.md): a parser that is
// quadratic in some count hangs a real run on a real-sized input long before libFuzzer's -timeout notices it
// on a 64 KiB one. Each target runs its input under a budget that is linear in the input's size and aborts,
// with the figures, when the budget is exceeded; libFuzzer then keeps the input as a crash reproducer. The
// budget is generous (sanitizers make every byte slow, and the machine may be busy): what it catches is an
// explosion, not a slow day.

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

namespace fd::fuzz {

class CostBudget
{
public:
    // `fixedMs` for any input, plus `usPerByte` per input byte.
    // A target that writes files and makes FIFOs waits on the disk too: it gives kFileTargetFixedMs.
    static constexpr double kFileTargetFixedMs = 2000.0;
    CostBudget(std::size_t inputBytes, double fixedMs = 250.0, double usPerByte = 25.0)
        : m_bytes(inputBytes), m_budgetMs(fixedMs + usPerByte * double(inputBytes) / 1000.0),
          m_start(std::chrono::steady_clock::now())
    {
    }
    ~CostBudget()
    {
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - m_start).count();
        if (ms > m_budgetMs) {
            std::fprintf(stderr,
                         "cost explosion: %zu input bytes took %.1f ms, over the linear budget of %.1f ms\n",
                         m_bytes, ms, m_budgetMs);
            std::abort();
        }
    }
    CostBudget(const CostBudget&) = delete;
    CostBudget& operator=(const CostBudget&) = delete;

private:
    std::size_t m_bytes;
    double m_budgetMs;
    std::chrono::steady_clock::time_point m_start;
};

} // namespace fd::fuzz
