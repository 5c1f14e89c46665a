#pragma once

#include "SessionTableModel.h"

namespace fd {

// One row per process group of the job, with what the analysis says about it.
class ProcessGroupModel : public SessionTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        NameColumn,
        DescColumn,
        SizeColumn,
        RanksColumn,
        DumpsColumn,
        StuckColumn,
        MissingColumn,
        LastEnqueuedColumn,
        ColumnCount
    };
    using Roles = ItemRoles;

    explicit ProcessGroupModel(QObject* parent = nullptr);
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    // Row of a PG, or -1.
    int rowOf(std::uint32_t pgIndex) const;

protected:
    void rebuild() override;
    int rows() const override { return int(m_rows.size()); }
    int columns() const override { return ColumnCount; }
    QString headerText(int column) const override;

private:
    struct Row
    {
        std::uint32_t pgIndex = 0;
        int dumps = 0;
        std::int64_t lastEnqueued = -1; // PgFinding::maxEnqueued: the newest collective any member issued
    };
    std::vector<Row> m_rows;
};

} // namespace fd
