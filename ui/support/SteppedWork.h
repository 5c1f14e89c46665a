#pragma once

#include "LatestResult.h"

#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>
#include <vector>

namespace fd {

// Work that must run on the GUI thread (model resets, widget updates) but is too much for one event-loop
// turn on a large job: the steps run one per turn, so paints and input get in between. A new start()
// drops the steps of the previous one. Until the last step has run, the work counts as a background task
// (backgroundTasksInFlight()), so "the views caught up" waits for it.
class SteppedWork : public QObject
{
    Q_OBJECT
public:
    using Step = std::function<void()>;

    explicit SteppedWork(QObject* parent = nullptr);
    ~SteppedWork() override;

    // With `now`, every step runs before start() returns (a small job: no frame should show half of it).
    void start(std::vector<Step> steps, bool now);
    void cancel();
    bool isRunning() const { return m_next < m_steps.size(); }

private:
    void runNext();

    std::vector<Step> m_steps;
    std::size_t m_next = 0;
    quint64 m_generation = 0; // start() and cancel() count up: a step learns that it replaced its own list
    QTimer m_turn;
    std::unique_ptr<detail::InFlight> m_inFlight;
};

} // namespace fd
