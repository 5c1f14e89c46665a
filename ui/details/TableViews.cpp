#include "TableViews.h"

#include "ui/models/SortedRowsProxy.h"

#include <QHeaderView>
#include <QTableView>

namespace fd {

QTableView* makeTableView(QAbstractItemModel* model, QWidget* parent, bool sortable)
{
    auto* view = new QTableView(parent);
    if (sortable) {
        auto* proxy = new SortedRowsProxy(view);
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
