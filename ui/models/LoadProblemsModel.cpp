#include "LoadProblemsModel.h"

namespace fd {

LoadProblemsModel::LoadProblemsModel(QObject* parent) : SeverityTableModel(parent) {}

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

QVariant LoadProblemsModel::rowData(int row, int role) const
{
    return role == Roles::RankRole ? QVariant(m_rows[std::size_t(row)].rank) : QVariant();
}

QVariant LoadProblemsModel::cell(int row, int column, int) const
{
    const Row& r = m_rows[std::size_t(row)];
    switch (Columns(column)) {
    case FileColumn:
        return r.file;
    case RankColumn:
        return r.rank >= 0 ? QVariant(r.rank) : QVariant();
    case MessageColumn:
        return r.message;
    case SeverityColumn:
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace fd
