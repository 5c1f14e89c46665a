#include "StragglerChart.h"

#include "ChartSupport.h"

#include "core/model/RankListText.h"
#include "ui/support/Format.h"
#include "ui/support/Theme.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QLegendMarker>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

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

// "rank 3", or "rank 3 · node-a" where the dumps name its host.
QString rankLabel(int rank, const QString& host)
{
    const QString r = StragglerChart::tr("rank %1").arg(rank);
    return host.isEmpty() ? r : StragglerChart::tr("%1 · %2", "rank, host").arg(r, host);
}

// On a point's or bar's label a host is its hostLabel(), past this length elided in its middle (host names
// differ at their ends: "trainer-worker-0017"); the tooltip names it whole.
constexpr int kHostLabelChars = 18;

QString shortHost(const QString& fullName)
{
    const QString host = hostLabel(fullName);
    if (host.size() <= kHostLabelChars)
        return host;
    const int keep = (kHostLabelChars - 1) / 2;
    return host.left(keep) + QStringLiteral("…") + host.right(kHostLabelChars - 1 - keep);
}

// Which ranks are on which host, for the bars' axis: "node00: 0-7, node01: 8-15"; past a few hosts, where
// to find them. A bar's label has no room for a host.
constexpr int kHostsOnTheAxis = 4;

QString hostsOfRanks(const StragglerChartData& data)
{
    std::vector<std::pair<QString, std::vector<int>>> hosts; // in the order of their first rank
    for (const StragglerChartData::Rank& r : data.ranks) {
        if (r.host.isEmpty())
            continue;
        auto it = std::find_if(hosts.begin(), hosts.end(), [&](const auto& h) { return h.first == r.host; });
        if (it == hosts.end()) {
            if (hosts.size() == std::size_t(kHostsOnTheAxis))
                return StragglerChart::tr("hover a bar for its host");
            it = hosts.insert(hosts.end(), {r.host, {}});
        }
        it->second.push_back(r.rank);
    }
    QStringList parts;
    for (auto& [host, ranks] : hosts) {
        std::sort(ranks.begin(), ranks.end());
        parts << StragglerChart::tr("%1: %2", "host: its ranks").arg(shortHost(host), rankRangeText(ranks));
    }
    return parts.join(QStringLiteral(", "));
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
    std::shared_ptr<const Job> job = m_session.job;
    // Sorting the ranks grows with the job: off the GUI thread unless it is small.
    m_work.run(
        this, analysis->lateness.perRank.size() <= std::size_t(2 * kMaxBars),
        [analysis, job] { return computeStragglerChart(*analysis, job.get(), kMaxBars); },
        [this](const StragglerChartData& data) { present(data); });
}

void StragglerChart::present(const StragglerChartData& data)
{
    m_ranks.clear();
    m_values.clear();
    m_hosts.clear();
    m_late.clear();
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
        m_hosts.push_back(r.host);
        m_late.push_back(r.straggler);
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
    x->setTitleText(data.hosts ? tr("rank (%1)").arg(hostsOfRanks(data)) : tr("rank"));
    QValueAxis* y = latenessAxis(data);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    connect(series, &QStackedBarSeries::clicked, this, [this](int index, QBarSet*) {
        if (index >= 0 && std::size_t(index) < m_ranks.size())
            Q_EMIT rankClicked(m_ranks[std::size_t(index)]);
    });
    connect(series, &QStackedBarSeries::hovered, this, [this](bool entered, int index, QBarSet*) {
        if (entered && index >= 0)
            showTooltip(std::size_t(index));
        else
            QToolTip::hideText();
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
    // QtCharts makes a graphics item of every point, on the GUI thread: past kMaxStripPoints the strip,
    // sorted and so a curve, shows every stride-th rank (the first and the last, and every straggler,
    // always). A pixel column of the chart holds many ranks by then, so the curve looks the same.
    const std::size_t stride =
        std::max<std::size_t>(1, (data.ranks.size() + kMaxStripPoints - 1) / kMaxStripPoints);
    QList<QPointF> normalPoints, latePoints;
    std::vector<int> normalRanks, lateRanks;
    std::vector<QString> lateHosts;
    for (std::size_t i = 0; i < data.ranks.size(); ++i) {
        const StragglerChartData::Rank& r = data.ranks[i];
        m_ranks.push_back(r.rank);
        m_values.push_back(r.medianMs);
        m_hosts.push_back(r.host);
        m_late.push_back(r.straggler);
        m_stragglerBars += r.straggler;
        if (r.straggler) {
            latePoints << QPointF(double(i), r.medianMs);
            lateRanks.push_back(r.rank);
            lateHosts.push_back(r.host);
        } else if (i % stride == 0 || i + 1 == data.ranks.size()) {
            normalPoints << QPointF(double(i), r.medianMs);
            normalRanks.push_back(r.rank);
        }
    }
    normal->replace(normalPoints);
    late->replace(latePoints);
    chart->addSeries(normal);
    chart->addSeries(late);
    auto* x = new QValueAxis();
    // Room on the right for the labels of the latest (the last points), which centre on their point.
    const double labelRoom = lateRanks.empty() ? 1.0 : std::max(1.0, 0.12 * double(data.ranks.size()));
    x->setRange(-1, double(data.ranks.size()) - 1 + labelRoom);
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
        label->setPointLabelsFormat(rankLabel(lateRanks[i], shortHost(lateHosts[i])));
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
    // A point's x is its index in the strip.
    auto hovered = [this](const QPointF& at, bool entered) {
        const double i = std::round(at.x());
        if (entered && i >= 0 && i < double(m_ranks.size()))
            showTooltip(std::size_t(i));
        else
            QToolTip::hideText();
    };
    connect(normal, &QScatterSeries::hovered, this, hovered);
    connect(late, &QScatterSeries::hovered, this, hovered);
}

QString StragglerChart::rankTooltip(int rank) const
{
    const auto it = std::find(m_ranks.begin(), m_ranks.end(), rank);
    if (it == m_ranks.end())
        return QString();
    const auto i = std::size_t(it - m_ranks.begin());
    const double ms = m_values[i];
    const QString late = ms >= 0 ? tr("a median %1 ms after its peers").arg(ms, 0, 'f', 2)
                                 : tr("a median %1 ms before its peers").arg(-ms, 0, 'f', 2);
    QString text = rankLabel(rank, m_hosts[i]) + QLatin1Char('\n') + late;
    if (m_late[i])
        text += QLatin1Char('\n') + tr("A straggler");
    return text;
}

void StragglerChart::showTooltip(std::size_t index) const
{
    if (index < m_ranks.size())
        QToolTip::showText(QCursor::pos(), rankTooltip(m_ranks[index]), viewport());
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
        const QValueAxis* axis = nullptr;
        for (QAbstractAxis* a : chart()->axes(Qt::Horizontal))
            axis = qobject_cast<QValueAxis*>(a);
        if (!axis || axis->max() <= axis->min())
            return {-1, -1};
        x = plot.left() + plot.width() * (double(i) - axis->min()) / (axis->max() - axis->min());
    } else {
        x = plot.left() + plot.width() / double(m_ranks.size()) * (double(i) + 0.5);
        value /= 2; // the middle of the bar, whatever its sign
    }
    const double yPos = plot.bottom() - (value - y->min()) / (y->max() - y->min()) * plot.height();
    return mapFromScene(chart()->mapToScene(QPointF(x, yPos)));
}

} // namespace fd
