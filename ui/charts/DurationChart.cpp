#include "DurationChart.h"

#include "ChartSupport.h"
#include "ui/support/Theme.h"

#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace fd {

DurationChart::DurationChart(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    recompute();
}

void DurationChart::setSession(const Session& session)
{
    m_session = session;
    m_pg = defaultPg(session);
    recompute();
}

void DurationChart::setPg(std::uint32_t pgIndex)
{
    if (pgIndex == m_pg)
        return;
    m_pg = pgIndex;
    recompute();
}

int DurationChart::seriesCount() const
{
    return chart() ? int(chart()->series().size()) : 0;
}

void DurationChart::recompute()
{
    if (!hasPg(m_session, m_pg)) {
        m_work.cancel();
        m_points = 0;
        replaceChart(this, freshChart(tr("Op durations: select a process group"), palette()));
        Q_EMIT updated();
        return;
    }
    std::shared_ptr<const Job> job = m_session.job;
    const std::uint32_t pg = m_pg;
    m_work.run(
        this, fitsInline(job->entryCount()), [job, pg] { return computeDurationChart(*job, pg); },
        [this](const DurationChartData& data) { present(data); });
}

void DurationChart::present(const DurationChartData& data)
{
    m_points = data.pointCount();
    if (data.isEmpty()) {
        replaceChart(
            this,
            freshChart(tr("No op durations in %1: the dumps were written without TORCH_NCCL_ENABLE_TIMING")
                           .arg(m_session.analysis->pgLabel(data.pgIndex)),
                       palette()));
        Q_EMIT updated();
        return;
    }
    QString title = tr("Op durations in %1 across %n rank(s)", nullptr, data.ranksWithTiming)
                        .arg(m_session.analysis->pgLabel(data.pgIndex));
    if (data.seqsPerPoint > 1)
        title += tr(" (%1 sequence ids per point)").arg(data.seqsPerPoint);
    auto* chart = freshChart(title, palette());
    // Points go in with replace(): one layout per series, not one per point.
    auto addLine = [chart](const QString& name, const QList<QPointF>& points, QColor colour,
                           Qt::PenStyle style) {
        auto* s = new QLineSeries();
        s->setName(name);
        s->replace(points);
        s->setPen(QPen(colour, 1.5, style));
        chart->addSeries(s);
    };
    const QColor base = palette().color(QPalette::Text);
    QColor faint = base;
    faint.setAlpha(110);
    addLine(tr("max"), data.max, theme::stateColor(BoxState::Started, palette()), Qt::SolidLine);
    addLine(tr("p95"), data.p95, base, Qt::DashLine);
    addLine(tr("median"), data.median, base, Qt::SolidLine);
    addLine(tr("min"), data.min, faint, Qt::SolidLine);
    for (const DurationChartData::RankSeries& r : data.slowest) {
        auto* s = new QScatterSeries();
        s->setName(tr("rank %1 (mean %2 ms)").arg(r.rank).arg(r.meanMs, 0, 'f', 2));
        s->setMarkerSize(6);
        s->replace(r.points);
        chart->addSeries(s);
    }
    auto* x = new QValueAxis();
    x->setTitleText(tr("sequence id"));
    x->setLabelFormat(QStringLiteral("%d"));
    x->setRange(data.loSeq - 1, data.hiSeq + 1);
    auto* y = new QValueAxis();
    y->setTitleText(tr("duration (ms)"));
    y->setRange(0, data.maxMs * 1.1);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    replaceChart(this, chart);
    Q_EMIT updated();
}

} // namespace fd
