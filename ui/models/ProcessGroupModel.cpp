#include "ProcessGroupModel.h"

#include "core/model/RankListText.h"

#include <QColor>
#include <QFont>

#include <algorithm>

namespace fd {

ProcessGroupModel::ProcessGroupModel(QObject* parent) : SessionTableModel(parent) {}

void ProcessGroupModel::rebuild()
{
    m_rows.clear();
    if (!m_session.job)
        return;
    const Job& job = *m_session.job;
    m_rows.resize(job.processGroups.size());
    for (std::uint32_t i = 0; i < m_rows.size(); ++i) {
        m_rows[i].pgIndex = i;
        for (int r : job.processGroups[i].ranks)
            m_rows[i].dumps += job.dumpForRank(r) ? 1 : 0;
    }
    for (const PgFinding& f : m_session.analysis->pgs)
        if (f.pgIndex < m_rows.size())
            m_rows[f.pgIndex].lastEnqueued = f.maxEnqueued;
}

int ProcessGroupModel::rowOf(std::uint32_t pgIndex) const
{
    return pgIndex < m_rows.size() ? int(pgIndex) : -1;
}

QString ProcessGroupModel::headerText(int column) const
{
    switch (Columns(column)) {
    case NameColumn:
        return tr("PG");
    case DescColumn:
        return tr("Description");
    case SizeColumn:
        return tr("Size");
    case RanksColumn:
        return tr("Ranks");
    case DumpsColumn:
        return tr("Dumps");
    case StuckColumn:
        return tr("Stuck");
    case MissingColumn:
        return tr("Missing");
    case LastEnqueuedColumn:
        return tr("Last enqueued");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant ProcessGroupModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[std::size_t(index.row())];
    const Job& job = *m_session.job;
    const ProcessGroup& pg = job.processGroups[row.pgIndex];
    const Analysis& a = *m_session.analysis;
    const PgFinding* finding = a.pgFinding(row.pgIndex);
    const int stuck = finding ? int(finding->stuckRanks.size()) : 0;
    const int missing = finding ? int(finding->absentCount()) : 0;
    const bool frontier = a.divergence() && a.divergence()->pgIndex == row.pgIndex;
    switch (role) {
    case Roles::PgIndexRole:
        return row.pgIndex;
    case Roles::HighlightRole:
        return frontier;
    case Roles::FilterRole:
        return a.pgLabel(row.pgIndex);
    case Qt::FontRole: {
        if (!frontier)
            return {};
        QFont f;
        f.setBold(true);
        return f;
    }
    case Qt::ForegroundRole:
        return frontier || missing > 0 ? QVariant(QColor(0xd6, 0x27, 0x28)) : QVariant();
    case Roles::SortRole:
        switch (Columns(index.column())) {
        case NameColumn: {
            bool ok = false;
            const qlonglong n = pg.name.toLongLong(&ok);
            return ok ? QVariant(n) : QVariant(pg.name);
        }
        case SizeColumn:
            return qlonglong(pg.ranks.size());
        case DumpsColumn:
            return row.dumps;
        case StuckColumn:
            return stuck;
        case MissingColumn:
            return missing;
        case LastEnqueuedColumn:
            return qlonglong(row.lastEnqueued);
        default:
            break;
        }
        [[fallthrough]];
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (Columns(index.column())) {
        case NameColumn:
            return pg.name;
        case DescColumn:
            return pg.desc;
        case SizeColumn:
            return pg.ranksKnown ? QVariant(qlonglong(pg.ranks.size())) : QVariant();
        case RanksColumn:
            return rankRangeText(pg.ranks, role == Qt::ToolTipRole ? 64 : 6);
        case DumpsColumn:
            return row.dumps;
        case StuckColumn:
            return stuck;
        case MissingColumn:
            return missing;
        case LastEnqueuedColumn:
            return row.lastEnqueued >= 0 ? QVariant(qlonglong(row.lastEnqueued)) : QVariant();
        case ColumnCount:
            break;
        }
        return {};
    default:
        return {};
    }
}

} // namespace fd
