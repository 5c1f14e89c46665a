#pragma once

#include "SeverityTableModel.h"

namespace fd {

// What went wrong while loading: per-file errors first, then warnings (job-level and per dump).
class LoadProblemsModel : public SeverityTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        SeverityColumn = SeverityTableModel::SeverityColumn,
        FileColumn,
        RankColumn,
        MessageColumn,
        ColumnCount
    };
    using Roles = ItemRoles;

    explicit LoadProblemsModel(QObject* parent = nullptr);
    int errorCount() const { return m_errors; }

protected:
    void rebuild() override;
    int rows() const override { return int(m_rows.size()); }
    int columns() const override { return ColumnCount; }
    QString headerText(int column) const override;
    Severity severity(int row) const override
    {
        return m_rows[std::size_t(row)].error ? Severity::Error : Severity::Warning;
    }
    // By the severity's name: errors before warnings.
    QVariant severitySortKey(Severity s) const override { return severityText(s); }
    QVariant cell(int row, int column, int role) const override;
    QVariant rowData(int row, int role) const override;

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
