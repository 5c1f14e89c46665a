#include "StallMonitor.h"

#include <algorithm>

#include <time.h>

namespace fd {

namespace {
qint64 threadCpuNs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}
} // namespace

StallMonitor::StallMonitor(QObject* parent) : QObject(parent)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(kBeatMs);
    connect(&m_timer, &QTimer::timeout, this, &StallMonitor::beat);
    m_clock.start();
    m_last = m_clock.nsecsElapsed();
    m_lastCpu = threadCpuNs();
    m_timer.start();
}

void StallMonitor::reset()
{
    m_longestMs = 0;
    m_longestBusyMs = 0;
    m_last = m_clock.nsecsElapsed();
    m_lastCpu = threadCpuNs();
}

void StallMonitor::beat()
{
    const qint64 now = m_clock.nsecsElapsed();
    const double late = std::max(0.0, double(now - m_last) / 1e6 - kBeatMs);
    m_last = now;
    const qint64 cpu = threadCpuNs();
    m_longestBusyMs = std::max(m_longestBusyMs, double(cpu - m_lastCpu) / 1e6);
    m_lastCpu = cpu;
    m_longestMs = std::max(m_longestMs, late);
    m_longestEverMs = std::max(m_longestEverMs, late);
}

} // namespace fd
