#include "SortedRowsProxy.h"

#include "ModelRoles.h"
#include "SessionTableModel.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace fd {

void SortedRowsProxy::setSourceModel(QAbstractItemModel* model)
{
    beginResetModel();
    if (QAbstractItemModel* old = sourceModel())
        disconnect(old, nullptr, this, nullptr);
    QAbstractProxyModel::setSourceModel(model);
    if (model) {
        connect(model, &QAbstractItemModel::modelAboutToBeReset, this, [this] { beginResetModel(); });
        connect(model, &QAbstractItemModel::modelReset, this, [this] {
            computeOrder();
            endResetModel();
        });
        connect(model, &QAbstractItemModel::dataChanged, this, &SortedRowsProxy::sourceDataChanged);
        connect(model, &QAbstractItemModel::headerDataChanged, this, &QAbstractItemModel::headerDataChanged);
        // The tables change only by resets; anything else re-sorts in one reset too.
        for (auto signal :
             {&QAbstractItemModel::rowsAboutToBeInserted, &QAbstractItemModel::rowsAboutToBeRemoved,
              &QAbstractItemModel::columnsAboutToBeInserted, &QAbstractItemModel::columnsAboutToBeRemoved})
            connect(model, signal, this, [this] { beginResetModel(); });
        for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved,
                            &QAbstractItemModel::columnsInserted, &QAbstractItemModel::columnsRemoved})
            connect(model, signal, this, [this] {
                computeOrder();
                endResetModel();
            });
        connect(model, &QAbstractItemModel::layoutAboutToBeChanged, this, [this] { beginResetModel(); });
        connect(model, &QAbstractItemModel::layoutChanged, this, [this] {
            computeOrder();
            endResetModel();
        });
    }
    computeOrder();
    endResetModel();
}

QModelIndex SortedRowsProxy::index(int row, int column, const QModelIndex& parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex SortedRowsProxy::parent(const QModelIndex&) const
{
    return {};
}

int SortedRowsProxy::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int SortedRowsProxy::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !sourceModel() ? 0 : sourceModel()->columnCount();
}

bool SortedRowsProxy::hasChildren(const QModelIndex& parent) const
{
    return !parent.isValid() && rowCount() > 0 && columnCount() > 0;
}

QModelIndex SortedRowsProxy::mapToSource(const QModelIndex& proxyIndex) const
{
    if (!proxyIndex.isValid() || !sourceModel() || proxyIndex.row() >= m_rows)
        return {};
    const int row = m_order.empty() ? proxyIndex.row() : m_order[std::size_t(proxyIndex.row())];
    return sourceModel()->index(row, proxyIndex.column());
}

QModelIndex SortedRowsProxy::mapFromSource(const QModelIndex& sourceIndex) const
{
    if (!sourceIndex.isValid() || sourceIndex.row() >= m_rows)
        return {};
    const int row = m_rowOf.empty() ? sourceIndex.row() : m_rowOf[std::size_t(sourceIndex.row())];
    return index(row, sourceIndex.column());
}

void SortedRowsProxy::sort(int column, Qt::SortOrder order)
{
    if (column == m_column && order == m_sortOrder)
        return;
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    // Selection and current index are persistent indexes: they follow their source rows.
    const QModelIndexList before = persistentIndexList();
    QModelIndexList sources;
    sources.reserve(before.size());
    for (const QModelIndex& i : before)
        sources << mapToSource(i);
    m_column = column;
    m_sortOrder = order;
    computeOrder();
    QModelIndexList after;
    after.reserve(sources.size());
    for (const QModelIndex& s : sources)
        after << mapFromSource(s);
    changePersistentIndexList(before, after);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void SortedRowsProxy::computeOrder()
{
    m_rows = sourceModel() ? sourceModel()->rowCount() : 0;
    m_order.clear();
    m_rowOf.clear();
    if (m_column < 0 || m_column >= columnCount() || m_rows < 2 || inSortOrder())
        return;
    m_order.resize(std::size_t(m_rows));
    std::iota(m_order.begin(), m_order.end(), 0);
    const bool descending = m_sortOrder == Qt::DescendingOrder;
    const auto* keyed = qobject_cast<const SessionTableModel*>(sourceModel());
    std::vector<double> keys(std::size_t(keyed ? m_rows : 0));
    bool numeric = keyed != nullptr;
    for (int r = 0; r < m_rows && numeric; ++r)
        numeric = !std::isnan(keys[std::size_t(r)] = keyed->sortKey(r, m_column));
    if (numeric) {
        std::stable_sort(m_order.begin(), m_order.end(), [&](int a, int b) {
            return descending ? keys[std::size_t(b)] < keys[std::size_t(a)]
                              : keys[std::size_t(a)] < keys[std::size_t(b)];
        });
    } else {
        std::vector<QVariant> values(static_cast<std::size_t>(m_rows));
        for (int r = 0; r < m_rows; ++r)
            values[std::size_t(r)] = sourceModel()->index(r, m_column).data(ItemRoles::SortRole);
        auto less = [](const QVariant& x, const QVariant& y) {
            return QVariant::compare(x, y) == QPartialOrdering::Less;
        };
        std::stable_sort(m_order.begin(), m_order.end(), [&](int a, int b) {
            return descending ? less(values[std::size_t(b)], values[std::size_t(a)])
                              : less(values[std::size_t(a)], values[std::size_t(b)]);
        });
    }
    m_rowOf.assign(std::size_t(m_rows), 0);
    for (int p = 0; p < m_rows; ++p)
        m_rowOf[std::size_t(m_order[std::size_t(p)])] = p;
}

bool SortedRowsProxy::inSortOrder() const
{
    const auto* keyed = qobject_cast<const SessionTableModel*>(sourceModel());
    if (!keyed)
        return false;
    const bool descending = m_sortOrder == Qt::DescendingOrder;
    double previous = keyed->sortKey(0, m_column);
    for (int r = 1; r < m_rows; ++r) {
        const double key = keyed->sortKey(r, m_column);
        if (std::isnan(key) || std::isnan(previous) || (descending ? previous < key : key < previous))
            return false;
        previous = key;
    }
    return true;
}

void SortedRowsProxy::sourceDataChanged(const QModelIndex& topLeft, const QModelIndex& bottomRight,
                                        const QList<int>& roles)
{
    // Changed source rows are scattered in the sorted order: one signal over the columns, every row. The
    // order itself stays until the next sort or reset (as with a proxy without dynamic sorting).
    if (!topLeft.isValid() || !bottomRight.isValid() || m_rows == 0)
        return;
    Q_EMIT dataChanged(index(0, topLeft.column()), index(rowCount() - 1, bottomRight.column()), roles);
}

} // namespace fd
