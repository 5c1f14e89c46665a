#pragma once

#include "SeverityTableModel.h"

namespace fd {

// The analysis findings: one row per culprit, per collective that did not complete, per deadlock cycle and
// per caveat note, in that order.
class FindingsModel : public SeverityTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        SeverityColumn = SeverityTableModel::SeverityColumn,
        KindColumn,
        PgColumn,
        SeqColumn,
        RanksColumn,
        TextColumn,
        ColumnCount
    };
    using Roles = ItemRoles;

    explicit FindingsModel(QObject* parent = nullptr);

protected:
    void rebuild() override;
    int rows() const override { return int(m_rows.size()); }
    int columns() const override { return ColumnCount; }
    QString headerText(int column) const override;
    Severity severity(int row) const override { return m_rows[std::size_t(row)].severity; }
    QVariant cell(int row, int column, int role) const override;
    QVariant rowData(int row, int role) const override;

private:
    struct Row
    {
        Severity severity = Severity::Info;
        QString kind; // "missing_dump", "not_entered", "deadlock", ...
        std::uint32_t pgIndex = kNoPg;
        std::int64_t seq = Entry::kAbsent;
        std::vector<int> ranks;
        QString text;
    };
    void addCollectiveRows(const Analysis& a);
    std::vector<Row> m_rows;
};

} // namespace fd
