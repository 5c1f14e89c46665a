#include "LoadProblemsModel.h"

#include "ui/support/Theme.h"

namespace fd {

LoadProblemsModel::LoadProblemsModel(QObject* parent) : SessionTableModel(parent) {}

void LoadProblemsModel::rebuild()
{
    m_rows.clear();
    m_errors = 0;
    if (!m_session.job)
        return;
    const Job& job = *m_session.job;
    for (const LoadError& e : job.errors) {
        const QString where = e.hasOffset ? tr("byte %1: ").arg(e.offset) : QString();
        m_rows.push_back({true, e.filePath, e.rank, where + e.message});
    }
    m_errors = int(m_rows.size());
    for (const QString& w : job.warnings)
        m_rows.push_back({false, job.source, -1, w});
    for (const RankDump& d : job.dumps)
        for (const QString& w : d.warnings)
            m_rows.push_back({false, d.filePath, d.rank, w});
}

QString LoadProblemsModel::headerText(int column) const
{
    switch (Columns(column)) {
    case SeverityColumn:
        return tr("Severity");
    case FileColumn:
        return tr("File");
    case RankColumn:
        return tr("Rank");
    case MessageColumn:
        return tr("Message");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant LoadProblemsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[std::size_t(index.row())];
    const auto column = Columns(index.column());
    switch (role) {
    case Roles::RankRole:
        return row.rank;
    case Roles::HighlightRole:
        return row.error;
    case Qt::DecorationRole:
        return column == SeverityColumn ? theme::severityIcon(row.error) : QVariant();
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
    case Roles::SortRole:
        switch (column) {
        case SeverityColumn:
            return row.error ? tr("error") : tr("warning");
        case FileColumn:
            return row.file;
        case RankColumn:
            return row.rank >= 0 ? QVariant(row.rank) : QVariant();
        case MessageColumn:
            return row.message;
        case ColumnCount:
            break;
        }
        return {};
    default:
        return {};
    }
}

} // namespace fd
