#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace fd {

// Measures how long the GUI thread's event loop stays away: a 5 ms heartbeat timer notes every time it
// fires late. What a user feels as a frozen window is exactly such a gap (input waits in the same queue).
class StallMonitor : public QObject
{
    Q_OBJECT
public:
    static constexpr int kBeatMs = 5;

    explicit StallMonitor(QObject* parent = nullptr);
    // Forgets the longest stall so far: the next phase is measured on its own.
    void reset();
    // The longest gap between two heartbeats since reset(), minus the beat, in milliseconds.
    double longestMs() const { return m_longestMs; }
    // The same, over the whole run.
    double longestEverMs() const { return m_longestEverMs; }
    // The most CPU time the GUI thread itself used between two heartbeats since reset(). On a loaded machine
    // a gap also holds the time the thread waited for a core; this is the part its own work took.
    double longestBusyMs() const { return m_longestBusyMs; }

private:
    void beat();
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_lastCpu = 0;
    double m_longestBusyMs = 0;
    double m_longestMs = 0;
    double m_longestEverMs = 0;
};

} // namespace fd
