#pragma once

#include "ChartData.h"
#include "ui/session/Session.h"
#include "ui/support/LatestResult.h"

#include <QChartView>

namespace fd {

// Op durations (TORCH_NCCL_ENABLE_TIMING) against sequence id within one PG: min / median / p95 / max
// across the PG's ranks and the few slowest ranks on their own, at most kMaxChartPoints points.
class DurationChart : public QChartView
{
    Q_OBJECT
public:
    explicit DurationChart(QWidget* parent = nullptr);
    void setSession(const Session& session);
    void setPg(std::uint32_t pgIndex);
    int pointCount() const { return m_points; }
    int seriesCount() const;

Q_SIGNALS:
    void updated();

private:
    void recompute();
    void present(const DurationChartData& data);
    Session m_session;
    std::uint32_t m_pg = kNoPg;
    int m_points = 0;
    LatestResult m_work;
};

} // namespace fd
