#include "TableViews.h"

#include "models/ModelRoles.h"
#include "models/SessionTableModel.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTableView>

#include <cmath>

namespace fd {

namespace {

// Sorts by the model's numeric sort keys where it has them (SessionTableModel::sortKey), else by SortRole.
class SortKeyProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    void setSourceModel(QAbstractItemModel* model) override
    {
        m_keys = qobject_cast<const SessionTableModel*>(model);
        QSortFilterProxyModel::setSourceModel(model);
    }

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override
    {
        if (m_keys) {
            const double a = m_keys->sortKey(left.row(), left.column());
            const double b = m_keys->sortKey(right.row(), right.column());
            if (!std::isnan(a) && !std::isnan(b))
                return a < b;
        }
        return QSortFilterProxyModel::lessThan(left, right);
    }

private:
    const SessionTableModel* m_keys = nullptr;
};

} // namespace

QTableView* makeTableView(QAbstractItemModel* model, QWidget* parent, bool sortable)
{
    auto* view = new QTableView(parent);
    if (sortable) {
        auto* proxy = new SortKeyProxy(view);
        proxy->setSortRole(ItemRoles::SortRole);
        proxy->setSourceModel(model);
        view->setModel(proxy);
        view->setSortingEnabled(true);
        view->sortByColumn(0, Qt::AscendingOrder);
    } else {
        view->setModel(model);
    }
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setWordWrap(false);
    return view;
}

} // namespace fd
