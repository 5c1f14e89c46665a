#include "TimelineControls.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

#include <set>

namespace fd {

TimelineControls::TimelineControls(QWidget* parent)
    : QWidget(parent), m_xMode(new QComboBox(this)), m_order(new QComboBox(this)),
      m_groupKind(new QComboBox(this)), m_pg(new QComboBox(this)), m_rankMin(new QSpinBox(this)),
      m_rankMax(new QSpinBox(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_xMode->addItem(tr("x: sequence"), int(TimelineXMode::Sequence));
    m_xMode->addItem(tr("x: wall time"), int(TimelineXMode::WallTime));
    m_xMode->setToolTip(
        tr("Sequence ids within the PG (record order without a PG filter), or wall-clock time (T)"));
    m_order->addItem(tr("lanes by rank"), int(LaneOrder::ByRank));
    m_order->addItem(tr("lanes by PG"), int(LaneOrder::ByPg));
    m_order->addItem(tr("lanes by progress"), int(LaneOrder::ByProgress));
    m_groupKind->setToolTip(tr("With lanes by PG: the kind of PG that groups the lanes"));
    m_pg->setToolTip(tr("Show only one process group's ranks and collectives"));
    m_pg->setMinimumContentsLength(22);
    m_pg->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    for (QSpinBox* s : {m_rankMin, m_rankMax})
        s->setRange(0, 0);
    m_rankMin->setToolTip(tr("First rank shown"));
    m_rankMax->setToolTip(tr("Last rank shown"));
    layout->addWidget(m_xMode);
    layout->addWidget(m_order);
    layout->addWidget(m_groupKind);
    layout->addWidget(m_pg, 1);
    layout->addWidget(new QLabel(tr("ranks"), this));
    layout->addWidget(m_rankMin);
    layout->addWidget(new QLabel(QStringLiteral("–"), this));
    layout->addWidget(m_rankMax);
    for (QComboBox* c : {m_xMode, m_order, m_groupKind, m_pg})
        connect(c, &QComboBox::currentIndexChanged, this, &TimelineControls::emitChanged);
    for (QSpinBox* s : {m_rankMin, m_rankMax})
        connect(s, &QSpinBox::valueChanged, this, &TimelineControls::emitChanged);
    m_groupKind->setVisible(false);
}

void TimelineControls::setSession(const Session& session)
{
    m_updating = true;
    m_pg->clear();
    m_groupKind->clear();
    m_pg->addItem(tr("all process groups"), QVariant::fromValue(kNoPg));
    int world = 0;
    if (session.job) {
        const Job& job = *session.job;
        std::set<QString> kinds;
        for (std::uint32_t i = 0; i < job.processGroups.size(); ++i) {
            const bool frontier = session.analysis->divergencePg() == i;
            m_pg->addItem((frontier ? QStringLiteral("▶ ") : QString()) + session.analysis->pgLabel(i),
                          QVariant::fromValue(i));
            kinds.insert(job.processGroups[i].desc);
        }
        for (const QString& desc : kinds)
            m_groupKind->addItem(desc, desc);
        world = std::max(job.worldSize, job.dumps.empty() ? 0 : job.dumps.back().rank + 1);
    }
    m_rankMin->setRange(0, std::max(0, world - 1));
    m_rankMax->setRange(0, std::max(0, world - 1));
    m_rankMin->setValue(0);
    m_rankMax->setValue(std::max(0, world - 1));
    // x axis and lane order are preferences: they stay as they are for the new session.
    if (const std::uint32_t pg = session.analysis->divergencePg();
        session.job && pg < session.job->processGroups.size())
        m_groupKind->setCurrentIndex(m_groupKind->findData(session.job->processGroups[pg].desc));
    m_updating = false;
}

TimelineOptions TimelineControls::options() const
{
    TimelineOptions o;
    o.xMode = TimelineXMode(m_xMode->currentData().toInt());
    o.order = LaneOrder(m_order->currentData().toInt());
    o.pgFilter = m_pg->currentIndex() >= 0 ? m_pg->currentData().value<std::uint32_t>() : kNoPg;
    o.rankMin = m_rankMin->value();
    o.rankMax = std::max(m_rankMin->value(), m_rankMax->value());
    o.groupDesc = m_groupKind->currentIndex() >= 0 ? m_groupKind->currentData().toString() : QString();
    return o;
}

void TimelineControls::setPgFilter(std::uint32_t pgIndex)
{
    const int i = m_pg->findData(QVariant::fromValue(pgIndex));
    m_pg->setCurrentIndex(std::max(0, i));
}

void TimelineControls::toggleXMode()
{
    m_xMode->setCurrentIndex(1 - m_xMode->currentIndex());
}

void TimelineControls::setXMode(TimelineXMode mode)
{
    m_xMode->setCurrentIndex(std::max(0, m_xMode->findData(int(mode))));
}

void TimelineControls::setLaneOrder(LaneOrder order)
{
    m_order->setCurrentIndex(std::max(0, m_order->findData(int(order))));
}

void TimelineControls::emitChanged()
{
    m_groupKind->setVisible(LaneOrder(m_order->currentData().toInt()) == LaneOrder::ByPg);
    if (!m_updating)
        Q_EMIT optionsChanged(options());
}

} // namespace fd
