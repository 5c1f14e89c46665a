#pragma once

#include "SessionTableModel.h"

#include <cstdint>

namespace fd {

// The shape of the tables that list problems (FindingsModel, LoadProblemsModel): column 0 is the row's
// severity, shown as text with an icon (none for info), errors highlighted (ItemRoles::HighlightRole); what
// the other columns and roles hold is the subclass's.
class SeverityTableModel : public SessionTableModel
{
    Q_OBJECT
public:
    enum class Severity : std::uint8_t
    {
        Info,
        Warning,
        Error
    };
    static constexpr int SeverityColumn = 0;

    explicit SeverityTableModel(QObject* parent = nullptr);

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;

protected:
    static QString severityText(Severity s); // "info", "warning", "error"
    virtual Severity severity(int row) const = 0;
    // What the severity column sorts by (ItemRoles::SortRole): the severity's order, info first.
    virtual QVariant severitySortKey(Severity s) const;
    // A cell of another column for Qt::DisplayRole, Qt::ToolTipRole and ItemRoles::SortRole.
    virtual QVariant cell(int row, int column, int role) const = 0;
    // The row's other roles (ItemRoles::RankRole, PgIndexRole, ...): none unless the subclass says.
    virtual QVariant rowData(int row, int role) const;
};

} // namespace fd
