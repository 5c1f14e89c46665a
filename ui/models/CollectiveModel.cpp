#include "CollectiveModel.h"

#include <QColor>

#include <algorithm>

namespace fd {

CollectiveModel::CollectiveModel(QObject* parent) : SessionTableModel(parent) {}

void CollectiveModel::setPgFilter(std::uint32_t pgIndex)
{
    if (pgIndex == m_pgFilter)
        return;
    m_pgFilter = pgIndex;
    resetRows();
}

void CollectiveModel::rebuild()
{
    m_filtered.clear();
    m_counts.clear();
    m_collectives = 0;
    if (!m_session.job)
        return;
    const auto& all = m_session.analysis->collectiveIndex.collectives();
    m_collectives = int(all.size());
    if (m_pgFilter != kNoPg)
        for (int i = 0; i < m_collectives; ++i)
            if (all[std::size_t(i)].pgIndex == m_pgFilter)
                m_filtered.push_back(i);
}

int CollectiveModel::rows() const
{
    return m_pgFilter == kNoPg ? m_collectives : int(m_filtered.size());
}

const CollectiveModel::Counts& CollectiveModel::counted(int rowIndex) const
{
    const int collective = collectiveOf(rowIndex);
    const auto [it, isNew] = m_counts.try_emplace(collective);
    Counts& counts = it->second;
    if (!isNew)
        return counts;
    const Job& job = *m_session.job;
    for (const EntryRef& ref :
         m_session.analysis->collectiveIndex.collectives()[std::size_t(collective)].refs) {
        switch (job.dumps[ref.dump].entries[ref.entry].state) {
        case EntryState::Completed:
            ++counts.completed;
            break;
        case EntryState::Started:
            ++counts.started;
            break;
        case EntryState::Scheduled:
            ++counts.scheduled;
            break;
        case EntryState::Unknown:
            break;
        }
    }
    return counts;
}

int CollectiveModel::rowOf(std::uint32_t pgIndex, std::int64_t seq, bool p2p) const
{
    const int c = m_session.analysis->collectiveIndex.find(pgIndex, seq, p2p);
    if (c < 0)
        return -1;
    if (m_pgFilter == kNoPg)
        return c < m_collectives ? c : -1;
    // Rows keep the index order, so a binary search on the collective number finds the row.
    auto it = std::lower_bound(m_filtered.begin(), m_filtered.end(), c);
    return it != m_filtered.end() && *it == c ? int(it - m_filtered.begin()) : -1;
}

double CollectiveModel::sortKey(int rowIndex, int column) const
{
    const auto& c = m_session.analysis->collectiveIndex.collectives()[std::size_t(collectiveOf(rowIndex))];
    switch (Columns(column)) {
    case PgColumn:
        return double(c.pgIndex);
    case SeqColumn:
        return double(c.seq);
    case RecordedColumn:
        return double(c.refs.size());
    case CompletedColumn:
        return counted(rowIndex).completed;
    case StartedColumn:
        return counted(rowIndex).started;
    case ScheduledColumn:
        return counted(rowIndex).scheduled;
    case OpColumn:
    case ColumnCount:
        break;
    }
    return SessionTableModel::sortKey(rowIndex, column);
}

QString CollectiveModel::headerText(int column) const
{
    switch (Columns(column)) {
    case PgColumn:
        return tr("PG");
    case SeqColumn:
        return tr("Seq");
    case OpColumn:
        return tr("Operation");
    case RecordedColumn:
        return tr("Ranks");
    case CompletedColumn:
        return tr("Completed");
    case StartedColumn:
        return tr("Started");
    case ScheduledColumn:
        return tr("Scheduled");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant CollectiveModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Counts& row = counted(index.row());
    const Job& job = *m_session.job;
    const auto& c = m_session.analysis->collectiveIndex.collectives()[std::size_t(collectiveOf(index.row()))];
    const FrontierItem* d = m_session.analysis->divergence();
    const bool frontier = d && d->pgIndex == c.pgIndex && d->seqId == c.seq && d->isP2p == c.p2p;
    const std::size_t size =
        c.pgIndex < job.processGroups.size() ? job.processGroups[c.pgIndex].ranks.size() : 0;
    switch (role) {
    case Roles::PgIndexRole:
        return c.pgIndex;
    case Roles::SeqRole:
        return qlonglong(c.seq);
    case Roles::P2pRole:
        return c.p2p;
    case Roles::HighlightRole:
        return frontier;
    case Qt::ForegroundRole:
        return frontier ? QVariant(QColor(0xd6, 0x27, 0x28)) : QVariant();
    case Roles::SortRole:
        switch (Columns(index.column())) {
        case PgColumn:
            return c.pgIndex;
        case SeqColumn:
            return qlonglong(c.seq);
        case RecordedColumn:
            return qlonglong(c.refs.size());
        case CompletedColumn:
            return row.completed;
        case StartedColumn:
            return row.started;
        case ScheduledColumn:
            return row.scheduled;
        default:
            break;
        }
        [[fallthrough]];
    case Qt::DisplayRole:
        switch (Columns(index.column())) {
        case PgColumn:
            return m_session.analysis->pgLabel(c.pgIndex);
        case SeqColumn:
            return c.p2p ? tr("p2p %1").arg(c.seq) : QString::number(c.seq);
        case OpColumn:
            return job.str(c.op);
        case RecordedColumn:
            return size ? tr("%1 of %2").arg(c.refs.size()).arg(size) : QString::number(c.refs.size());
        case CompletedColumn:
            return row.completed;
        case StartedColumn:
            return row.started;
        case ScheduledColumn:
            return row.scheduled;
        case ColumnCount:
            break;
        }
        return {};
    default:
        return {};
    }
}

} // namespace fd
