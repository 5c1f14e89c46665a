#include "SeverityTableModel.h"

#include "ui/support/Theme.h"

namespace fd {

SeverityTableModel::SeverityTableModel(QObject* parent) : SessionTableModel(parent) {}

QString SeverityTableModel::severityText(Severity s)
{
    switch (s) {
    case Severity::Info:
        return tr("info");
    case Severity::Warning:
        return tr("warning");
    case Severity::Error:
        return tr("error");
    }
    return {};
}

QVariant SeverityTableModel::severitySortKey(Severity s) const
{
    return int(s);
}

QVariant SeverityTableModel::rowData(int, int) const
{
    return {};
}

QVariant SeverityTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const Severity s = severity(row);
    const bool severityColumn = index.column() == SeverityColumn;
    switch (role) {
    case ItemRoles::HighlightRole:
        return s == Severity::Error;
    case Qt::DecorationRole:
        return severityColumn && s != Severity::Info ? theme::severityIcon(s == Severity::Error) : QVariant();
    case ItemRoles::SortRole:
        if (severityColumn)
            return severitySortKey(s);
        return cell(row, index.column(), role);
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return severityColumn ? QVariant(severityText(s)) : cell(row, index.column(), role);
    default:
        return rowData(row, role);
    }
}

} // namespace fd
