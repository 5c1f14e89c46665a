#pragma once

#include <QAbstractProxyModel>

#include <vector>

namespace fd {

// The sorting proxy of the main window's tables: flat rows put in order by one permutation. The sort column's
// keys are read once per row (SessionTableModel::sortKey when the column is numeric, else
// ItemRoles::SortRole) and sorted with their row numbers, so re-sorting a 300,000-row table after a reset
// costs tens of milliseconds; QSortFilterProxyModel builds two model indexes and asks the model twice per
// comparison, which kept the GUI thread busy for half a second. Sorting is stable: equal keys keep the
// model's order. Only for flat (table) models; the source's resets, header and data changes are passed on.
class SortedRowsProxy : public QAbstractProxyModel
{
    Q_OBJECT
public:
    using QAbstractProxyModel::QAbstractProxyModel;

    void setSourceModel(QAbstractItemModel* model) override;
    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    QModelIndex mapToSource(const QModelIndex& proxyIndex) const override;
    QModelIndex mapFromSource(const QModelIndex& sourceIndex) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    int sortColumn() const { return m_column; }

private:
    void computeOrder();
    bool inSortOrder() const; // the source's rows are in the sort column's order already
    void sourceDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight,
                           const QList<int>& roles);

    // Tables usually come in the order of their sort column already (collectives by PG): then both maps are
    // left empty and stand for the identity, so a reset of a million-row table allocates nothing.
    int m_rows = 0;
    std::vector<int> m_order; // proxy row -> source row; empty: the same row
    std::vector<int> m_rowOf; // source row -> proxy row; empty: the same row
    int m_column = -1;        // -1: the model's own order
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
};

} // namespace fd
