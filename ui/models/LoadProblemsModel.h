#pragma once

#include "SessionTableModel.h"

namespace fd {

// What went wrong while loading: per-file errors first, then warnings (job-level and per dump).
class LoadProblemsModel : public SessionTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        SeverityColumn,
        FileColumn,
        RankColumn,
        MessageColumn,
        ColumnCount
    };
    using Roles = ItemRoles;

    explicit LoadProblemsModel(QObject* parent = nullptr);
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    int errorCount() const { return m_errors; }

protected:
    void rebuild() override;
    int rows() const override { return int(m_rows.size()); }
    int columns() const override { return ColumnCount; }
    QString headerText(int column) const override;

private:
    struct Row
    {
        bool error = false;
        QString file;
        int rank = -1;
        QString message;
    };
    std::vector<Row> m_rows;
    int m_errors = 0;
};

} // namespace fd
