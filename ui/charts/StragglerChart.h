#pragma once

#include "ChartData.h"
#include "ui/session/Session.h"
#include "ui/support/LatestResult.h"

#include <QChartView>

#include <vector>

namespace fd {

// How late each rank joins its collectives: its median lateness against its peers over all its PGs
// (Analysis::lateness, docs/attribution.md "Stragglers"), stragglers in the culprit colour. Up to kMaxBars
// ranks one bar per rank; a larger job a strip of the ranks sorted by lateness (at most about kMaxStripPoints
// points), the stragglers labelled (StragglerChartData). Where the job's files name hosts, the bars' axis
// says which ranks are on which (a few hosts), a straggler's point label names its host, and so does the
// tooltip of every bar and point. Clicking a bar or point selects its rank. The data is prepared on a worker
// for large jobs.
class StragglerChart : public QChartView
{
    Q_OBJECT
public:
    static constexpr int kMaxBars = 64;
    // At most about this many points drawn in a strip (the stragglers are always drawn).
    static constexpr int kMaxStripPoints = 1024;

    explicit StragglerChart(QWidget* parent = nullptr);
    void setSession(const Session& session);
    const std::vector<int>& barRanks() const { return m_ranks; } // rank of each bar or point, left to right
    int stragglerBars() const { return m_stragglerBars; }
    bool isStrip() const { return m_strip; }
    // The middle of the bar (or the point) of `rank`, in this widget's coordinates, for tests that click it;
    // (-1, -1) without one.
    QPoint barCentre(int rank) const;
    // What hovering the bar or point of `rank` shows: the rank, its host where the dumps name one, its median
    // lateness; empty for a rank the chart does not show.
    QString rankTooltip(int rank) const;

Q_SIGNALS:
    void rankClicked(int rank);
    void updated(); // new data is shown

private:
    void recompute();
    void present(const StragglerChartData& data);
    void presentBars(QChart* chart, const StragglerChartData& data);
    void presentStrip(QChart* chart, const StragglerChartData& data);
    Session m_session;
    std::vector<int> m_ranks;
    std::vector<double> m_values; // each bar's or point's median lateness, ms
    std::vector<QString> m_hosts; // each bar's or point's host, empty where none is named
    std::vector<bool> m_late;     // each bar or point is a straggler's
    void showTooltip(std::size_t index) const;
    int m_stragglerBars = 0;
    bool m_strip = false;
    LatestResult m_work;
};

} // namespace fd
