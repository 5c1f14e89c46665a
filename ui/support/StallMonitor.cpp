#include "StallMonitor.h"

#include <algorithm>

namespace fd {

StallMonitor::StallMonitor(QObject* parent)
    : QObject(parent)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(kBeatMs);
    connect(&m_timer, &QTimer::timeout, this, &StallMonitor::beat);
    m_clock.start();
    m_last = m_clock.nsecsElapsed();
    m_timer.start();
}

void StallMonitor::reset()
{
    m_longestMs = 0;
    m_last = m_clock.nsecsElapsed();
}

void StallMonitor::beat()
{
    const qint64 now = m_clock.nsecsElapsed();
    const double late = std::max(0.0, double(now - m_last) / 1e6 - kBeatMs);
    m_last = now;
    m_longestMs = std::max(m_longestMs, late);
    m_longestEverMs = std::max(m_longestEverMs, late);
}

} // namespace fd
