#pragma once

#include "SessionTableModel.h"
#include "core/io/RankHistory.h"

#include <optional>

namespace fd {

// The selected collective on every member rank of its PG: state, sizes, dtypes, times. A member without a
// record stays in the table ("no record" / "no dump"): who is absent is the point. Or one entry the loaded
// window left out, read again (setOlderEntry()): the same columns, on its rank's row alone.
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
    // An entry older than the loaded window: in no collective the analysis indexed (its peers' records of it
    // were left out too), so its rank's row is the only one.
    void setOlderEntry(const HistoryEntryRef& entry);
    // The older entry shown, or none when a collective is.
    const std::optional<HistoryEntryRef>& olderEntry() const { return m_older; }
    // The loaded entry on `row`; none for a rank without a record, and for an older entry (olderEntry()).
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
    QVariant entryText(const JobPools& pools, const Entry& e, const EntryTimes& d, Columns column) const;
    std::optional<HistoryEntryRef> m_older;
    std::weak_ptr<const Job> m_olderJob; // the job m_older's dump index is into
    std::uint32_t m_pg = kNoPg;
    std::int64_t m_seq = Entry::kAbsent;
    bool m_p2p = false;
    std::vector<Row> m_rows;
};

} // namespace fd
