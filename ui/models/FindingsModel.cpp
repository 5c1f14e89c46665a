#include "FindingsModel.h"

#include "support/Format.h"

#include <QApplication>
#include <QColor>
#include <QStyle>

namespace fd {

namespace {
QString severityText(UiFinding::Severity s)
{
    switch (s) {
    case UiFinding::Severity::Info: return FindingsModel::tr("info");
    case UiFinding::Severity::Warning: return FindingsModel::tr("warning");
    case UiFinding::Severity::Error: return FindingsModel::tr("error");
    }
    return {};
}

QVariant severityIcon(bool error)
{
    if (!qApp)
        return {};
    return QApplication::style()->standardIcon(error ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning);
}
} // namespace

FindingsModel::FindingsModel(QObject* parent)
    : SessionTableModel(parent)
{
}

QString FindingsModel::headerText(int column) const
{
    switch (Columns(column)) {
    case SeverityColumn: return tr("Severity");
    case KindColumn: return tr("Kind");
    case PgColumn: return tr("PG");
    case SeqColumn: return tr("Seq");
    case RanksColumn: return tr("Ranks");
    case TextColumn: return tr("Finding");
    case ColumnCount: break;
    }
    return {};
}

QVariant FindingsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const UiFinding& f = m_session.hl().findings[std::size_t(index.row())];
    const auto column = Columns(index.column());
    switch (role) {
    case Roles::PgIndexRole: return f.pgIndex;
    case Roles::SeqRole: return qlonglong(f.seq);
    case Roles::HighlightRole: return f.severity == UiFinding::Severity::Error;
    case Qt::DecorationRole:
        return column == SeverityColumn && f.severity != UiFinding::Severity::Info
            ? severityIcon(f.severity == UiFinding::Severity::Error) : QVariant();
    case Roles::SortRole:
        if (column == SeverityColumn)
            return int(f.severity);
        if (column == SeqColumn)
            return qlonglong(f.seq);
        [[fallthrough]];
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (column) {
        case SeverityColumn: return severityText(f.severity);
        case KindColumn: return f.kind;
        case PgColumn: return f.pgIndex == kNoPg ? QString() : m_session.job->pgLabel(f.pgIndex);
        case SeqColumn: return f.seq == Entry::kAbsent ? QVariant() : QVariant(qlonglong(f.seq));
        case RanksColumn: return formatRanks(f.ranks, role == Qt::ToolTipRole ? 64 : 6);
        case TextColumn: return f.text;
        case ColumnCount: break;
        }
        return {};
    default: return {};
    }
}

LoadProblemsModel::LoadProblemsModel(QObject* parent)
    : SessionTableModel(parent)
{
}

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
    case SeverityColumn: return tr("Severity");
    case FileColumn: return tr("File");
    case RankColumn: return tr("Rank");
    case MessageColumn: return tr("Message");
    case ColumnCount: break;
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
    case Roles::RankRole: return row.rank;
    case Roles::HighlightRole: return row.error;
    case Qt::DecorationRole: return column == SeverityColumn ? severityIcon(row.error) : QVariant();
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
    case Roles::SortRole:
        switch (column) {
        case SeverityColumn: return row.error ? tr("error") : tr("warning");
        case FileColumn: return row.file;
        case RankColumn: return row.rank >= 0 ? QVariant(row.rank) : QVariant();
        case MessageColumn: return row.message;
        case ColumnCount: break;
        }
        return {};
    default: return {};
    }
}

} // namespace fd
