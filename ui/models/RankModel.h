#pragma once

#include "SessionTableModel.h"

namespace fd {

// One row per rank of the world, including ranks whose dump is missing or unreadable (a missing file is
// evidence).
class RankModel : public SessionTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        RankColumn,
        StatusColumn,
        EntriesColumn,
        PendingColumn,
        VersionColumn,
        HealthColumn,
        FileColumn,
        ColumnCount
    };
    using Roles = ItemRoles;

    explicit RankModel(QObject* parent = nullptr);
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

protected:
    void rebuild() override;
    int rows() const override { return int(m_rows.size()); }
    int columns() const override { return ColumnCount; }
    QString headerText(int column) const override;

private:
    enum class Status : std::uint8_t
    {
        Ok,
        Victim,
        Culprit,
        Missing,
        Unreadable
    };
    struct Row
    {
        int rank = -1;
        const RankDump* dump = nullptr;
        Status status = Status::Ok;
        int pending = -1; // the analysis' count (RankFinding::pendingEntries); -1 without a dump
    };
    QString statusText(const Row& row) const;
    std::vector<Row> m_rows;
};

} // namespace fd
