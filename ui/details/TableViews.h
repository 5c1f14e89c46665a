#pragma once

class QAbstractItemModel;
class QTableView;
class QWidget;

namespace fd {

// A read-only, sortable table view as every dock of the main window uses it: rows selected whole, sorting
// through a SortedRowsProxy when `sortable`.
QTableView* makeTableView(QAbstractItemModel* model, QWidget* parent, bool sortable = false);

} // namespace fd
