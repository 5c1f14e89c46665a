#pragma once

#include "SessionTableModel.h"

namespace fd {

// Every file loading looked at (Job::files): used, skipped or unreadable, with its rank, format, size and the
// reason it was not used, so a user can see what the analysis rests on. Rows are the job's own list, in
// discovery order; nothing is copied, so a 16,384-file job resets at once.
class FilesModel : public SessionTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        UseColumn,
        FileColumn,
        RankColumn,
        FormatColumn,
        SizeColumn,
        ReasonColumn,
        ColumnCount
    };
    using Roles = ItemRoles;

    explicit FilesModel(QObject* parent = nullptr);
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    double sortKey(int row, int column) const override;

    int usedCount() const { return m_used; }

protected:
    void rebuild() override;
    int rows() const override;
    int columns() const override { return ColumnCount; }
    QString headerText(int column) const override;

private:
    int m_used = 0;
};

} // namespace fd
