#pragma once

#include "ui/session/Session.h"

#include <QChartView>

#include <vector>

namespace fd {

// How late each rank joins its collectives: its median lateness against its peers over all its PGs
// (Analysis::lateness, docs/attribution.md "Stragglers"), one bar per rank, stragglers in the culprit colour.
// A job of more than kMaxBars ranks shows its kMaxBars latest. Clicking a bar selects its rank.
class StragglerChart : public QChartView
{
    Q_OBJECT
public:
    static constexpr int kMaxBars = 64;

    explicit StragglerChart(QWidget* parent = nullptr);
    void setSession(const Session& session);
    const std::vector<int>& barRanks() const { return m_ranks; } // rank of each bar, left to right
    int stragglerBars() const { return m_stragglerBars; }
    // The middle of the bar of `rank`, in this widget's coordinates, for tests that click it; (-1, -1)
    // without one.
    QPoint barCentre(int rank) const;

Q_SIGNALS:
    void rankClicked(int rank);

private:
    void present();
    Session m_session;
    std::vector<int> m_ranks;
    std::vector<double> m_values; // each bar's median lateness, ms
    int m_stragglerBars = 0;
};

} // namespace fd
