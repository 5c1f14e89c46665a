#include "StragglerChart.h"

#include "ui/support/Theme.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>

namespace fd {

StragglerChart::StragglerChart(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    present();
}

void StragglerChart::setSession(const Session& session)
{
    m_session = session;
    present();
}

void StragglerChart::present()
{
    m_ranks.clear();
    m_values.clear();
    m_stragglerBars = 0;
    auto* chart = new QChart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTheme(theme::isDark(palette()) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->legend()->setAlignment(Qt::AlignBottom);

    // The CPU's enqueue times are in every dump; a rank listed only by its GPU's start times is shown by
    // those.
    std::vector<const RankLateness*> bars;
    bool byStart = false;
    if (m_session.analysis) {
        const StragglerAnalysis& l = m_session.analysis->lateness;
        byStart = !l.stragglers.empty() &&
                  std::all_of(l.stragglers.begin(), l.stragglers.end(),
                              [](const Straggler& s) { return s.basis == LatenessBasis::Start; });
        const LatenessBasis basis = byStart ? LatenessBasis::Start : LatenessBasis::Enqueue;
        for (const RankLateness& r : l.perRank)
            if (r.basis == basis)
                bars.push_back(&r);
    }
    const std::size_t total = bars.size();
    if (bars.size() > std::size_t(kMaxBars)) {
        std::partial_sort(
            bars.begin(), bars.begin() + kMaxBars, bars.end(),
            [](const RankLateness* a, const RankLateness* b) { return a->medianMs > b->medianMs; });
        bars.resize(std::size_t(kMaxBars));
        std::sort(bars.begin(), bars.end(),
                  [](const RankLateness* a, const RankLateness* b) { return a->rank < b->rank; });
    }
    if (bars.empty()) {
        chart->setTitle(tr("Lateness per rank: no collective carries the times of two ranks"));
        QChart* old = this->chart();
        setChart(chart);
        delete old;
        return;
    }
    QString title = byStart
                        ? tr("GPU start lateness per rank against its peers (median over its collectives)")
                        : tr("Lateness per rank against its peers (median over its collectives)");
    if (total > bars.size())
        title += tr(", the %1 latest of %2 ranks").arg(bars.size()).arg(total);
    chart->setTitle(title);
    auto* normal = new QBarSet(tr("median lateness"));
    auto* late = new QBarSet(tr("straggler"));
    normal->setColor(theme::stateColor(BoxState::Completed, palette()));
    late->setColor(theme::culprit(palette()));
    QStringList categories;
    double lo = 0, hi = 0;
    for (const RankLateness* r : bars) {
        m_ranks.push_back(r->rank);
        m_values.push_back(r->medianMs);
        categories << QString::number(r->rank);
        normal->append(r->straggler ? 0.0 : r->medianMs);
        late->append(r->straggler ? r->medianMs : 0.0);
        m_stragglerBars += r->straggler;
        lo = std::min(lo, r->medianMs);
        hi = std::max(hi, r->medianMs);
    }
    auto* series = new QStackedBarSeries();
    series->append(normal);
    series->append(late);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis();
    x->append(categories);
    x->setTitleText(tr("rank"));
    auto* y = new QValueAxis();
    const double pad = std::max(0.5, (hi - lo) * 0.1);
    y->setRange(lo - (lo < 0 ? pad : 0), hi + pad);
    y->setTitleText(tr("ms after the peers' median"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    connect(series, &QStackedBarSeries::clicked, this, [this](int index, QBarSet*) {
        if (index >= 0 && std::size_t(index) < m_ranks.size())
            Q_EMIT rankClicked(m_ranks[std::size_t(index)]);
    });
    QChart* old = this->chart();
    setChart(chart);
    delete old;
}

QPoint StragglerChart::barCentre(int rank) const
{
    const auto it = std::find(m_ranks.begin(), m_ranks.end(), rank);
    QValueAxis* y = nullptr;
    if (chart())
        for (QAbstractAxis* axis : chart()->axes(Qt::Vertical))
            y = qobject_cast<QValueAxis*>(axis);
    if (it == m_ranks.end() || !y || y->max() <= y->min())
        return {-1, -1};
    const auto i = std::size_t(it - m_ranks.begin());
    const QRectF plot = chart()->plotArea();
    const double x = plot.left() + plot.width() / double(m_ranks.size()) * (double(i) + 0.5);
    const double half = m_values[i] / 2; // the middle of the bar, whatever its sign
    const double yPos = plot.bottom() - (half - y->min()) / (y->max() - y->min()) * plot.height();
    return mapFromScene(chart()->mapToScene(QPointF(x, yPos)));
}

} // namespace fd
