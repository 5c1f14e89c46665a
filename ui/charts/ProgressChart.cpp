#include "ProgressChart.h"

#include "support/Theme.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QBarSeries>
#include <QChart>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace fd {

namespace {

QChart* freshChart(const QString& title, const QPalette& pal)
{
    auto* chart = new QChart();
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTheme(theme::isDark(pal) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->legend()->setAlignment(Qt::AlignBottom);
    return chart;
}

// QChartView keeps the old chart alive after setChart(): delete it.
void replaceChart(QChartView* view, QChart* chart)
{
    QChart* old = view->chart();
    view->setChart(chart);
    delete old;
}

std::uint32_t defaultPg(const Session& s)
{
    if (s.analysis->divergence())
        return s.analysis->divergencePg();
    return s.job && !s.job->processGroups.empty() ? 0 : kNoPg;
}

} // namespace

ProgressChart::ProgressChart(QWidget* parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    rebuild();
}

void ProgressChart::setSession(const Session& session)
{
    m_session = session;
    m_pg = defaultPg(session);
    rebuild();
}

void ProgressChart::setPg(std::uint32_t pgIndex)
{
    m_pg = pgIndex;
    rebuild();
}

void ProgressChart::rebuild()
{
    m_bars = 0;
    if (!m_session.job || m_pg >= m_session.job->processGroups.size()) {
        replaceChart(this, freshChart(tr("Progress per rank: select a process group"), palette()));
        return;
    }
    const Job& job = *m_session.job;
    auto* chart = freshChart(tr("Progress per rank in %1").arg(m_session.analysis->pgLabel(m_pg)), palette());
    auto* enqueued = new QBarSet(tr("last enqueued"));
    auto* completed = new QBarSet(tr("last completed"));
    enqueued->setColor(theme::stateColor(BoxState::Scheduled, palette()));
    completed->setColor(theme::stateColor(BoxState::Completed, palette()));
    QStringList categories;
    double lo = 1e300, hi = -1e300;
    for (int rank : job.processGroups[m_pg].ranks) {
        std::int64_t enq = -1, comp = -1;
        if (const RankDump* d = job.dumpForRank(rank)) {
            for (const PgStatus& s : d->pgStatus)
                if (s.pgIndex == m_pg) {
                    enq = std::max(enq, s.lastEnqueued);
                    comp = std::max(comp, s.lastCompleted);
                }
            for (const Entry& e : d->entries)
                if (e.pgIndex == m_pg && !e.isP2p) {
                    enq = std::max(enq, e.collectiveSeqId);
                    if (e.state == EntryState::Completed)
                        comp = std::max(comp, e.collectiveSeqId);
                }
        }
        categories << QString::number(rank);
        *enqueued << double(enq);
        *completed << double(comp);
        lo = std::min({lo, double(enq), double(comp)});
        hi = std::max({hi, double(enq), double(comp)});
        ++m_bars;
    }
    auto* series = new QBarSeries();
    series->append(enqueued);
    series->append(completed);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis();
    x->append(categories);
    x->setTitleText(tr("rank"));
    auto* y = new QValueAxis();
    // Zoom the y axis onto the interesting part: every rank is far from 0, the differences are small.
    const double pad = std::max(2.0, (hi - lo) * 0.2);
    y->setRange(std::max(-1.0, lo - pad), hi + pad);
    y->setLabelFormat(QStringLiteral("%d"));
    y->setTitleText(tr("sequence id"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    replaceChart(this, chart);
}

DurationChart::DurationChart(QWidget* parent)
    : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    rebuild();
}

void DurationChart::setSession(const Session& session)
{
    m_session = session;
    m_pg = defaultPg(session);
    rebuild();
}

void DurationChart::setPg(std::uint32_t pgIndex)
{
    m_pg = pgIndex;
    rebuild();
}

void DurationChart::rebuild()
{
    m_points = 0;
    if (!m_session.job || m_pg >= m_session.job->processGroups.size()) {
        replaceChart(this, freshChart(tr("Op durations: select a process group"), palette()));
        return;
    }
    const Job& job = *m_session.job;
    auto* chart = freshChart(tr("Op durations in %1").arg(m_session.analysis->pgLabel(m_pg)), palette());
    const auto& ranks = job.processGroups[m_pg].ranks;
    constexpr std::size_t kMaxSeries = 8;
    QScatterSeries* shared = nullptr;
    double maxMs = 0, loSeq = 1e300, hiSeq = -1e300;
    for (int rank : ranks) {
        const RankDump* d = job.dumpForRank(rank);
        if (!d)
            continue;
        QScatterSeries* series = shared;
        if (ranks.size() <= kMaxSeries) {
            series = new QScatterSeries();
            series->setName(tr("rank %1").arg(rank));
        } else if (!shared) {
            series = shared = new QScatterSeries();
            series->setName(tr("all %n ranks", nullptr, int(ranks.size())));
        }
        series->setMarkerSize(6);
        for (const Entry& e : d->entries)
            if (e.pgIndex == m_pg && e.hasDuration() && !e.isP2p) {
                series->append(double(e.collectiveSeqId), e.durationMs);
                maxMs = std::max(maxMs, e.durationMs);
                loSeq = std::min(loSeq, double(e.collectiveSeqId));
                hiSeq = std::max(hiSeq, double(e.collectiveSeqId));
                ++m_points;
            }
        if (series != shared || chart->series().isEmpty())
            chart->addSeries(series);
    }
    if (m_points == 0) {
        chart->setTitle(tr("No op durations in %1: the dumps were written without TORCH_NCCL_ENABLE_TIMING")
                            .arg(m_session.analysis->pgLabel(m_pg)));
        replaceChart(this, chart);
        return;
    }
    auto* x = new QValueAxis();
    x->setTitleText(tr("sequence id"));
    x->setLabelFormat(QStringLiteral("%d"));
    x->setRange(loSeq - 1, hiSeq + 1);
    auto* y = new QValueAxis();
    y->setTitleText(tr("duration (ms)"));
    y->setRange(0, maxMs * 1.1);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    replaceChart(this, chart);
}

} // namespace fd
