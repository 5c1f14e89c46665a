#pragma once

#include "SessionTableModel.h"

#include <optional>

namespace fd {

// The selected collective on every member rank of its PG: state, sizes, dtypes, times. A member without a
// record stays in the table ("no record" / "no dump"): who is absent is the point.
class CollectiveRanksModel : public SessionTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        RankColumn,
        StateColumn,
        OpColumn,
        InputSizesColumn,
        InputDtypesColumn,
        OutputSizesColumn,
        OutputDtypesColumn,
        CreatedColumn,
        StartedColumn,
        CompletedColumn,
        DurationColumn,
        ColumnCount
    };
    using Roles = ItemRoles;

    explicit CollectiveRanksModel(QObject* parent = nullptr);
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    void setCollective(std::uint32_t pgIndex, std::int64_t seq, bool p2p = false);
    std::optional<EntryRef> entryAt(int row) const;
    int rowOfRank(int rank) const;

protected:
    void rebuild() override;
    int rows() const override { return int(m_rows.size()); }
    int columns() const override { return ColumnCount; }
    QString headerText(int column) const override;

private:
    struct Row
    {
        int rank = -1;
        std::optional<EntryRef> ref;
    };
    QVariant entryText(const Entry& e, const EntryTimes& d, Columns column) const;
    std::uint32_t m_pg = kNoPg;
    std::int64_t m_seq = Entry::kAbsent;
    bool m_p2p = false;
    std::vector<Row> m_rows;
};

} // namespace fd
