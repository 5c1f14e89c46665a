#include "SteppedWork.h"

#include <QElapsedTimer>
#include <QLoggingCategory>

#include <utility>

Q_LOGGING_CATEGORY(lcSteps, "fd.ui.steps")

namespace fd {

SteppedWork::SteppedWork(QObject* parent) : QObject(parent)
{
    m_turn.setSingleShot(true);
    m_turn.setInterval(0);
    connect(&m_turn, &QTimer::timeout, this, &SteppedWork::runNext);
}

SteppedWork::~SteppedWork() = default;

void SteppedWork::start(std::vector<Step> steps, bool now)
{
    cancel();
    if (now) {
        for (const Step& step : steps)
            step();
        return;
    }
    m_steps = std::move(steps);
    m_next = 0;
    if (m_steps.empty())
        return;
    m_inFlight = std::make_unique<detail::InFlight>();
    m_turn.start();
}

void SteppedWork::cancel()
{
    ++m_generation;
    m_turn.stop();
    m_steps.clear();
    m_next = 0;
    m_inFlight.reset();
}

void SteppedWork::runNext()
{
    if (m_next >= m_steps.size())
        return;
    // A step may start() anew (it opens another job, say): run a copy, and stop if it replaced the list.
    const Step step = m_steps[m_next++];
    const quint64 generation = m_generation;
    QElapsedTimer timer;
    timer.start();
    const std::size_t index = m_next - 1;
    step();
    // Each step is one event-loop turn: a slow one is a stall the user feels (tools/bench-gui).
    qCDebug(lcSteps) << "step" << index << "took" << timer.elapsed() << "ms";
    if (generation != m_generation)
        return;
    if (m_next < m_steps.size())
        m_turn.start();
    else
        cancel();
}

} // namespace fd
