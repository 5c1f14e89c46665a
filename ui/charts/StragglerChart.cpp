#include "StragglerChart.h"

#include "ChartSupport.h"

#include "ui/support/Theme.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QLegendMarker>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>

namespace fd {

namespace {

QValueAxis* latenessAxis(const StragglerChartData& data)
{
    auto* y = new QValueAxis();
    const double pad = std::max(0.5, (data.hi - data.lo) * 0.1);
    y->setRange(data.lo - (data.lo < 0 ? pad : 0), data.hi + pad);
    y->setTitleText(StragglerChart::tr("ms after the peers' median"));
    return y;
}

} // namespace

StragglerChart::StragglerChart(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    present(StragglerChartData{});
}

void StragglerChart::setSession(const Session& session)
{
    m_session = session;
    recompute();
}

void StragglerChart::recompute()
{
    if (!m_session.analysis) {
        m_work.cancel();
        present(StragglerChartData{});
        return;
    }
    std::shared_ptr<const Analysis> analysis = m_session.analysis;
    // Sorting the ranks grows with the job: off the GUI thread unless it is small.
    m_work.run(
        this, analysis->lateness.perRank.size() <= std::size_t(2 * kMaxBars),
        [analysis] { return computeStragglerChart(*analysis, kMaxBars); },
        [this](const StragglerChartData& data) { present(data); });
}

void StragglerChart::present(const StragglerChartData& data)
{
    m_ranks.clear();
    m_values.clear();
    m_stragglerBars = 0;
    m_strip = data.strip;
    auto* chart = freshChart(QString(), palette());
    if (data.ranks.empty())
        chart->setTitle(tr("Lateness per rank: no collective carries the times of two ranks"));
    else if (data.strip)
        presentStrip(chart, data);
    else
        presentBars(chart, data);
    replaceChart(this, chart);
    Q_EMIT updated();
}

void StragglerChart::presentBars(QChart* chart, const StragglerChartData& data)
{
    chart->setTitle(data.byStart
                        ? tr("GPU start lateness per rank against its peers (median over its collectives)")
                        : tr("Lateness per rank against its peers (median over its collectives)"));
    auto* normal = new QBarSet(tr("median lateness"));
    auto* late = new QBarSet(tr("straggler"));
    normal->setColor(theme::stateColor(BoxState::Completed, palette()));
    late->setColor(theme::culprit(palette()));
    QStringList categories;
    for (const StragglerChartData::Rank& r : data.ranks) {
        m_ranks.push_back(r.rank);
        m_values.push_back(r.medianMs);
        categories << QString::number(r.rank);
        normal->append(r.straggler ? 0.0 : r.medianMs);
        late->append(r.straggler ? r.medianMs : 0.0);
        m_stragglerBars += r.straggler;
    }
    auto* series = new QStackedBarSeries();
    series->append(normal);
    series->append(late);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis();
    x->append(categories);
    x->setTitleText(tr("rank"));
    QValueAxis* y = latenessAxis(data);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    connect(series, &QStackedBarSeries::clicked, this, [this](int index, QBarSet*) {
        if (index >= 0 && std::size_t(index) < m_ranks.size())
            Q_EMIT rankClicked(m_ranks[std::size_t(index)]);
    });
}

void StragglerChart::presentStrip(QChart* chart, const StragglerChartData& data)
{
    chart->setTitle(
        (data.byStart
             ? tr("GPU start lateness of %1 ranks against their peers, sorted (median over their "
                  "collectives)")
             : tr("Lateness of %1 ranks against their peers, sorted (median over their collectives)"))
            .arg(data.ranks.size()));
    auto* normal = new QScatterSeries();
    auto* late = new QScatterSeries();
    normal->setName(tr("median lateness"));
    late->setName(tr("straggler"));
    normal->setColor(theme::stateColor(BoxState::Completed, palette()));
    normal->setBorderColor(normal->color());
    late->setColor(theme::culprit(palette()));
    late->setBorderColor(late->color());
    normal->setMarkerSize(data.ranks.size() > 512 ? 4 : 6);
    late->setMarkerSize(10);
    QList<QPointF> normalPoints, latePoints;
    std::vector<int> normalRanks, lateRanks;
    for (std::size_t i = 0; i < data.ranks.size(); ++i) {
        const StragglerChartData::Rank& r = data.ranks[i];
        m_ranks.push_back(r.rank);
        m_values.push_back(r.medianMs);
        (r.straggler ? latePoints : normalPoints) << QPointF(double(i), r.medianMs);
        (r.straggler ? lateRanks : normalRanks).push_back(r.rank);
        m_stragglerBars += r.straggler;
    }
    normal->replace(normalPoints);
    late->replace(latePoints);
    chart->addSeries(normal);
    chart->addSeries(late);
    auto* x = new QValueAxis();
    x->setRange(-1, double(data.ranks.size()));
    x->setLabelFormat(QStringLiteral("%d"));
    x->setTitleText(tr("ranks, least late first"));
    QValueAxis* y = latenessAxis(data);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QScatterSeries* s : {normal, late}) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    // Only the stragglers are labelled (one label per point would cover the strip), with their rank: QtCharts
    // labels a point with its coordinates only, so each gets an invisible series of its own that says it.
    for (std::size_t i = 0; i < lateRanks.size(); ++i) {
        auto* label = new QScatterSeries();
        label->append(latePoints[qsizetype(i)]);
        label->setMarkerSize(0.1);
        label->setPointLabelsFormat(tr("rank %1").arg(lateRanks[i]));
        label->setPointLabelsVisible(true);
        label->setPointLabelsClipping(false);
        chart->addSeries(label);
        label->attachAxis(x);
        label->attachAxis(y);
        if (auto* marker = chart->legend()->markers(label).value(0))
            marker->setVisible(false);
    }
    auto clickedIn = [this](const std::vector<int>& ranks, const QList<QPointF>& points) {
        return [this, ranks, points](const QPointF& at) {
            // The nearest point of the series clicked.
            std::size_t best = 0;
            for (std::size_t i = 1; i < ranks.size(); ++i)
                if (std::abs(points[qsizetype(i)].x() - at.x()) <
                    std::abs(points[qsizetype(best)].x() - at.x()))
                    best = i;
            if (!ranks.empty())
                Q_EMIT rankClicked(ranks[best]);
        };
    };
    connect(normal, &QScatterSeries::clicked, this, clickedIn(normalRanks, normalPoints));
    connect(late, &QScatterSeries::clicked, this, clickedIn(lateRanks, latePoints));
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
    double x = 0, value = m_values[i];
    if (m_strip) {
        x = plot.left() + plot.width() * (double(i) + 1) / (double(m_ranks.size()) + 1); // axis -1 .. n
    } else {
        x = plot.left() + plot.width() / double(m_ranks.size()) * (double(i) + 0.5);
        value /= 2; // the middle of the bar, whatever its sign
    }
    const double yPos = plot.bottom() - (value - y->min()) / (y->max() - y->min()) * plot.height();
    return mapFromScene(chart()->mapToScene(QPointF(x, yPos)));
}

} // namespace fd
