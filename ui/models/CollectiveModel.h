#pragma once

#include "SessionTableModel.h"

#include <unordered_map>
#include <vector>

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
    int rows() const override;
    int columns() const override { return ColumnCount; }
    QString headerText(int column) const override;

private:
    // How many member ranks recorded a collective in each state. Counted when first shown or sorted on
    // (counted()), not at a reset: a reset of a 16,384-rank job's million rows then costs nothing per row,
    // and the GUI thread is not held while it allocates and fills them.
    struct Counts
    {
        int completed = 0;
        int started = 0;
        int scheduled = 0;
    };
    int collectiveOf(int row) const { return m_pgFilter == kNoPg ? row : m_filtered[std::size_t(row)]; }
    const Counts& counted(int row) const;

    std::uint32_t m_pgFilter = kNoPg;
    int m_collectives = 0;       // without a filter, row r is collective r of CollectiveIndex::collectives()
    std::vector<int> m_filtered; // with one, the filtered PG's collectives, in index order
    mutable std::unordered_map<int, Counts> m_counts; // by collective
};

} // namespace fd
