#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace fd {

// A plain-text table with " | " between columns, as fr_attribution.py prints it. Columns are as wide as their
// widest cell (never narrower than fr_attribution.py's widths, given as minimums), so a long process group
// description does not push the rest of its row out of line. Parsers that split on '|' read it either way.
class TextTable
{
public:
    explicit TextTable(QStringList header, std::vector<int> minimumWidths = {});
    void addRow(QStringList cells);
    QString render() const; // one line per row, header first; the last column is not padded

private:
    std::vector<QStringList> m_rows;
    std::vector<int> m_minimumWidths;
};

} // namespace fd
