#include "FilesModel.h"

#include <QApplication>
#include <QLocale>
#include <QStyle>

namespace fd {

namespace {

QString useText(FileUse use)
{
    switch (use) {
    case FileUse::Used:
        return FilesModel::tr("used");
    case FileUse::Skipped:
        return FilesModel::tr("skipped");
    case FileUse::Unreadable:
        return FilesModel::tr("unreadable");
    case FileUse::Partial:
        return FilesModel::tr("partly read");
    }
    return {};
}

QVariant useIcon(FileUse use)
{
    if (!qApp)
        return {};
    switch (use) {
    case FileUse::Used:
        return QApplication::style()->standardIcon(QStyle::SP_DialogApplyButton);
    case FileUse::Skipped:
        return QApplication::style()->standardIcon(QStyle::SP_MessageBoxInformation);
    case FileUse::Unreadable:
        return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
    case FileUse::Partial:
        return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
    }
    return {};
}

QString formatText(const std::optional<DumpFormat>& format)
{
    if (!format)
        return {};
    return *format == DumpFormat::Json ? QStringLiteral("JSON") : QStringLiteral("pickle");
}

} // namespace

FilesModel::FilesModel(QObject* parent) : SessionTableModel(parent) {}

void FilesModel::rebuild()
{
    m_used = 0;
    if (!m_session.job)
        return;
    for (const JobFile& f : m_session.job->files)
        m_used += f.use == FileUse::Used || f.use == FileUse::Partial ? 1 : 0;
}

int FilesModel::rows() const
{
    return m_session.job ? int(m_session.job->files.size()) : 0;
}

QString FilesModel::headerText(int column) const
{
    switch (Columns(column)) {
    case UseColumn:
        return tr("Use");
    case FileColumn:
        return tr("File");
    case RankColumn:
        return tr("Rank");
    case FormatColumn:
        return tr("Format");
    case SizeColumn:
        return tr("Size");
    case ReasonColumn:
        return tr("Reason");
    case ColumnCount:
        break;
    }
    return {};
}

double FilesModel::sortKey(int row, int column) const
{
    const JobFile& f = m_session.job->files[std::size_t(row)];
    switch (Columns(column)) {
    case UseColumn:
        return double(f.use);
    case RankColumn:
        return double(f.rank);
    case SizeColumn:
        return double(f.size);
    case FileColumn:
    case FormatColumn:
    case ReasonColumn:
    case ColumnCount:
        break;
    }
    return SessionTableModel::sortKey(row, column);
}

QVariant FilesModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const JobFile& f = m_session.job->files[std::size_t(index.row())];
    const auto column = Columns(index.column());
    switch (role) {
    case Roles::RankRole:
        return f.rank;
    case Roles::HighlightRole:
        return f.use == FileUse::Unreadable || f.use == FileUse::Partial;
    case Qt::DecorationRole:
        return column == UseColumn ? useIcon(f.use) : QVariant();
    case Qt::TextAlignmentRole:
        return column == RankColumn || column == SizeColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                            : QVariant();
    case Qt::ToolTipRole:
        if (column == FileColumn)
            return f.path; // the full path (or "<archive>/<member>"); the cell shows it below what was opened
        [[fallthrough]];
    case Qt::DisplayRole:
    case Roles::SortRole:
        switch (column) {
        case UseColumn:
            return useText(f.use);
        case FileColumn:
            return f.relativePath.isEmpty() ? f.path : f.relativePath;
        case RankColumn:
            return f.rank >= 0 ? QVariant(f.rank) : QVariant();
        case FormatColumn:
            return formatText(f.format);
        case SizeColumn:
            if (f.size < 0)
                return {};
            return role == Roles::SortRole ? QVariant(f.size) : QVariant(QLocale().formattedDataSize(f.size));
        case ReasonColumn:
            return f.reason;
        case ColumnCount:
            break;
        }
        return {};
    default:
        return {};
    }
}

} // namespace fd
