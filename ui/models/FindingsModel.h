#pragma once

#include "SessionTableModel.h"

namespace fd {

// The analysis findings: one row per culprit, per collective that did not complete, per deadlock cycle and
// per caveat note, in that order.
class FindingsModel : public SessionTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        SeverityColumn,
        KindColumn,
        PgColumn,
        SeqColumn,
        RanksColumn,
        TextColumn,
        ColumnCount
    };
    using Roles = ItemRoles;
    enum class Severity : std::uint8_t
    {
        Info,
        Warning,
        Error
    };

    explicit FindingsModel(QObject* parent = nullptr);
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

protected:
    void rebuild() override;
    int rows() const override { return int(m_rows.size()); }
    int columns() const override { return ColumnCount; }
    QString headerText(int column) const override;

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
