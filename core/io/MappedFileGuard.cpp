#include "MappedFileGuard.h"

#include <atomic>
#include <cstdint>
#include <mutex>

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

namespace fd {

namespace {

struct GuardSlot
{
    std::atomic<bool> taken{false};
    std::atomic<std::uintptr_t> begin{0}; // 0: not guarding (yet)
    std::atomic<std::uintptr_t> end{0};
    std::atomic<bool> cut{false};
};

GuardSlot g_slots[MappedFileGuard::kSlots];
std::uintptr_t g_pageSize = 4096;
struct sigaction g_previous = {};
std::once_flag g_installed;

void passOn(int signal, siginfo_t* info, void* context)
{
    if ((g_previous.sa_flags & SA_SIGINFO) != 0 && g_previous.sa_sigaction) {
        g_previous.sa_sigaction(signal, info, context);
        return;
    }
    if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(signal);
        return;
    }
    // The default action: returning re-runs the faulting access, which now terminates the program as it would
    // have without this handler.
    ::signal(signal, SIG_DFL);
}

// Async-signal-safe: atomics and one mmap, no allocation, no lock.
void onSigbus(int signal, siginfo_t* info, void* context)
{
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (GuardSlot& slot : g_slots) {
        const std::uintptr_t begin = slot.begin.load(std::memory_order_acquire);
        if (begin == 0 || address < begin || address >= slot.end.load(std::memory_order_acquire))
            continue;
        void* page = reinterpret_cast<void*>(address & ~(g_pageSize - 1));
        if (::mmap(page, g_pageSize, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
            break;
        slot.cut.store(true, std::memory_order_release);
        return;
    }
    passOn(signal, info, context);
}

void install()
{
    g_pageSize = std::uintptr_t(::sysconf(_SC_PAGESIZE));
    struct sigaction action = {};
    action.sa_sigaction = onSigbus;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGBUS, &action, &g_previous);
}

} // namespace

MappedFileGuard::MappedFileGuard(const void* begin, std::size_t size)
{
    std::call_once(g_installed, install);
    for (int i = 0; i < kSlots; ++i) {
        bool expected = false;
        if (!g_slots[i].taken.compare_exchange_strong(expected, true, std::memory_order_acq_rel))
            continue;
        GuardSlot& slot = g_slots[i];
        slot.cut.store(false, std::memory_order_relaxed);
        const auto b = reinterpret_cast<std::uintptr_t>(begin);
        slot.end.store(b + size, std::memory_order_release);
        slot.begin.store(b, std::memory_order_release);
        m_slot = i;
        return;
    }
}

MappedFileGuard::~MappedFileGuard()
{
    if (m_slot < 0)
        return;
    GuardSlot& slot = g_slots[m_slot];
    slot.begin.store(0, std::memory_order_release);
    slot.end.store(0, std::memory_order_release);
    slot.taken.store(false, std::memory_order_release);
}

bool MappedFileGuard::cut() const
{
    return m_slot >= 0 && g_slots[m_slot].cut.load(std::memory_order_acquire);
}

} // namespace fd
