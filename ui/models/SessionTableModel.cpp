#include "SessionTableModel.h"

#include <limits>

namespace fd {

SessionTableModel::SessionTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void SessionTableModel::setSession(const Session& session)
{
    beginResetModel();
    m_session = session;
    rebuild();
    endResetModel();
}

void SessionTableModel::resetRows()
{
    beginResetModel();
    rebuild();
    endResetModel();
}

double SessionTableModel::sortKey(int, int) const
{
    return std::numeric_limits<double>::quiet_NaN();
}

int SessionTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : rows();
}

int SessionTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : columns();
}

QVariant SessionTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columns())
        return QAbstractTableModel::headerData(section, orientation, role);
    return headerText(section);
}

} // namespace fd
