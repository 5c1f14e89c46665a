#include "LatestResult.h"

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace fd {

namespace {
std::atomic<int> g_inFlight{0};
// A 16-rank job with 2000 entries per rank (32k entries) lays out in a few milliseconds; 256 ranks do not.
constexpr std::size_t kInlineEntries = 64 * 1024;
} // namespace

int backgroundTasksInFlight()
{
    return g_inFlight.load();
}

bool fitsInline(std::size_t entries)
{
    return entries <= kInlineEntries;
}

void detail::yieldToGuiThread()
{
#ifdef Q_OS_LINUX
    // Linux's nice value is per thread; QThread::setPriority has no effect under SCHED_OTHER.
    thread_local bool lowered = false;
    if (!lowered) {
        lowered = true;
        setpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)), 10);
    }
#endif
}

detail::InFlight::InFlight()
{
    ++g_inFlight;
}

detail::InFlight::~InFlight()
{
    --g_inFlight;
}

} // namespace fd
