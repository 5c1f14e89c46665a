#pragma once

#include "ModelRoles.h"
#include "ui/session/Session.h"

#include <QAbstractTableModel>

namespace fd {

// The shape every table model of the ui library shares: flat rows, fixed columns, fed by one Session and
// rebuilt in one reset (hotspot's one bulk setData). Subclasses say what a row is.
class SessionTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    explicit SessionTableModel(QObject* parent = nullptr);

    void setSession(const Session& session);
    const Session& session() const { return m_session; }

    // A number to sort `row` by in `column`, when the column is numeric (NaN: it is not, sort by
    // ItemRoles::SortRole). Tables of tens of thousands of rows sort by it without two QVariants per
    // comparison, which kept the GUI thread busy for hundreds of milliseconds per reset (makeTableView).
    virtual double sortKey(int row, int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    // Recompute the rows from m_session; called between beginResetModel and endResetModel.
    virtual void rebuild() = 0;
    virtual int rows() const = 0;
    virtual int columns() const = 0;
    virtual QString headerText(int column) const = 0;
    // Wraps rebuild() in a reset, for subclasses whose rows depend on more than the session.
    void resetRows();

    Session m_session;
};

} // namespace fd
