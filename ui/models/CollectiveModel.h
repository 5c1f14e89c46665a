#pragma once

#include "SessionTableModel.h"

namespace fd {

// The collectives across ranks: one row per (PG, sequence id), with how many member ranks recorded it in
// each state. Optionally restricted to one PG.
class CollectiveModel : public SessionTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        PgColumn,
        SeqColumn,
        OpColumn,
        RecordedColumn,
        CompletedColumn,
        StartedColumn,
        ScheduledColumn,
        ColumnCount
    };
    using Roles = ItemRoles;

    explicit CollectiveModel(QObject* parent = nullptr);
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    void setPgFilter(std::uint32_t pgIndex); // kNoPg: every PG
    std::uint32_t pgFilter() const { return m_pgFilter; }
    int rowOf(std::uint32_t pgIndex, std::int64_t seq, bool p2p = false) const;
    double sortKey(int row, int column) const override;

protected:
    void rebuild() override;
    int rows() const override { return int(m_rows.size()); }
    int columns() const override { return ColumnCount; }
    QString headerText(int column) const override;

private:
    struct Row
    {
        int collective = 0; // index into CollectiveIndex::collectives()
        // Counted when first asked for (counted()): a reset of a 1024-rank job's hundreds of thousands of
        // rows then costs one pass over the collectives, not over every rank's entries.
        mutable int completed = -1;
        mutable int started = 0;
        mutable int scheduled = 0;
    };
    const Row& counted(int row) const;
    std::uint32_t m_pgFilter = kNoPg;
    std::vector<Row> m_rows;
};

} // namespace fd
