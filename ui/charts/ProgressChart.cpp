#include "ProgressChart.h"

#include "ChartSupport.h"

#include "core/model/RankListText.h"
#include "ui/support/Theme.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QValueAxis>

#include <algorithm>

namespace fd {

namespace {

QString barLabel(const ProgressChartData::Bar& bar)
{
    if (bar.ranks.size() == 1)
        return ProgressChart::tr("rank %1").arg(bar.ranks.front());
    return ProgressChart::tr("%n ranks: %1", nullptr, int(bar.ranks.size())).arg(rankRangeText(bar.ranks, 3));
}

} // namespace

ProgressChart::ProgressChart(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    recompute();
}

void ProgressChart::setSession(const Session& session)
{
    m_session = session;
    m_pg = defaultPg(session);
    recompute();
}

void ProgressChart::setPg(std::uint32_t pgIndex)
{
    if (pgIndex == m_pg)
        return;
    m_pg = pgIndex;
    recompute();
}

void ProgressChart::recompute()
{
    if (!hasPg(m_session, m_pg)) {
        m_work.cancel();
        m_bars = 0;
        replaceChart(this, freshChart(tr("Progress per rank: select a process group"), palette()));
        Q_EMIT updated();
        return;
    }
    std::shared_ptr<const Analysis> analysis = m_session.analysis;
    const std::uint32_t pg = m_pg;
    m_work.run(
        this, fitsInline(analysis->pgMembers(pg).size()),
        [analysis, pg] { return computeProgressChart(*analysis, pg); },
        [this](const ProgressChartData& data) { present(data); });
}

void ProgressChart::present(const ProgressChartData& data)
{
    QString title = tr("Progress per rank in %1").arg(m_session.analysis->pgLabel(data.pgIndex));
    if (data.otherRanks > 0)
        title += tr(" (and %n more rank(s) further ahead)", nullptr, data.otherRanks);
    auto* chart = freshChart(title, palette());
    auto* enqueued = new QBarSet(tr("last enqueued"));
    auto* completed = new QBarSet(tr("last completed"));
    enqueued->setColor(theme::stateColor(BoxState::Scheduled, palette()));
    completed->setColor(theme::stateColor(BoxState::Completed, palette()));
    QStringList categories;
    QList<qreal> enq, comp;
    for (const ProgressChartData::Bar& bar : data.bars) {
        categories << barLabel(bar);
        enq << double(bar.lastEnqueued);
        comp << double(bar.lastCompleted);
    }
    enqueued->append(enq);
    completed->append(comp);
    m_bars = int(data.bars.size());
    auto* series = new QBarSeries();
    series->append(enqueued);
    series->append(completed);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis();
    x->append(categories);
    x->setTitleText(tr("ranks (least progress first)"));
    auto* y = new QValueAxis();
    // Zoom the y axis onto the interesting part: every rank is far from 0, the differences are small.
    const double pad = std::max(2.0, (data.hi - data.lo) * 0.2);
    y->setRange(std::max(-1.0, data.lo - pad), data.hi + pad);
    y->setLabelFormat(QStringLiteral("%d"));
    y->setTitleText(tr("sequence id"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    replaceChart(this, chart);
    Q_EMIT updated();
}

} // namespace fd
