#pragma once

#include "SessionTableModel.h"

#include <optional>

namespace fd {

// The stack frames of one entry, innermost first.
class StackModel : public SessionTableModel
{
    Q_OBJECT
public:
    enum Columns { IndexColumn, FunctionColumn, FileColumn, LineColumn, ColumnCount };
    using Roles = ItemRoles;

    explicit StackModel(QObject* parent = nullptr);
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    void setEntry(std::optional<EntryRef> ref);

protected:
    void rebuild() override;
    int rows() const override { return int(m_frames.size()); }
    int columns() const override { return ColumnCount; }
    QString headerText(int column) const override;

private:
    std::optional<EntryRef> m_ref;
    std::span<const StackFrame> m_frames;
};

} // namespace fd
