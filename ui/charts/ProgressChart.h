#pragma once

#include "session/Session.h"

#include <QChartView>

namespace fd {

// Per-rank progress within one PG: last enqueued / started / completed sequence ids as pg_status reports
// them (falling back to the rank's own entries). Laggards are the short bars.
class ProgressChart : public QChartView
{
    Q_OBJECT
public:
    explicit ProgressChart(QWidget* parent = nullptr);
    void setSession(const Session& session);
    void setPg(std::uint32_t pgIndex);
    int barCount() const { return m_bars; }

private:
    void rebuild();
    Session m_session;
    std::uint32_t m_pg = kNoPg;
    int m_bars = 0;
};

// Op durations (TORCH_NCCL_ENABLE_TIMING) against sequence id within one PG, one series per rank (up to a
// handful; beyond that one series for all ranks).
class DurationChart : public QChartView
{
    Q_OBJECT
public:
    explicit DurationChart(QWidget* parent = nullptr);
    void setSession(const Session& session);
    void setPg(std::uint32_t pgIndex);
    int pointCount() const { return m_points; }

private:
    void rebuild();
    Session m_session;
    std::uint32_t m_pg = kNoPg;
    int m_points = 0;
};

} // namespace fd
