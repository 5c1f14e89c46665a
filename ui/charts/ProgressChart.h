#pragma once

#include "ChartData.h"
#include "ui/session/Session.h"
#include "ui/support/LatestResult.h"

#include <QChartView>

namespace fd {

// How far the members of one PG got (last enqueued / completed sequence id, from pg_status or their
// entries). Ranks that got equally far share a bar, laggards on the left (ChartData.h).
class ProgressChart : public QChartView
{
    Q_OBJECT
public:
    explicit ProgressChart(QWidget* parent = nullptr);
    void setSession(const Session& session);
    void setPg(std::uint32_t pgIndex);
    int barCount() const { return m_bars; }

Q_SIGNALS:
    void updated(); // new data is shown

private:
    void recompute();
    void present(const ProgressChartData& data);
    Session m_session;
    std::uint32_t m_pg = kNoPg;
    int m_bars = 0;
    LatestResult m_work;
};

} // namespace fd
