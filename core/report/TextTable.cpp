#include "TextTable.h"

#include <algorithm>

namespace fd {

TextTable::TextTable(QStringList header, std::vector<int> minimumWidths)
    : m_minimumWidths(std::move(minimumWidths))
{
    m_rows.push_back(std::move(header));
}

void TextTable::addRow(QStringList cells)
{
    m_rows.push_back(std::move(cells));
}

QString TextTable::render() const
{
    std::vector<qsizetype> widths(m_minimumWidths.begin(), m_minimumWidths.end());
    for (const QStringList& row : m_rows) {
        if (widths.size() < std::size_t(row.size()))
            widths.resize(std::size_t(row.size()), 0);
        for (qsizetype c = 0; c < row.size(); ++c)
            widths[std::size_t(c)] = std::max(widths[std::size_t(c)], row[c].size());
    }
    QString out;
    for (const QStringList& row : m_rows) {
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (c > 0)
                out += QStringLiteral(" | ");
            out += c + 1 < row.size() ? row[c].leftJustified(widths[std::size_t(c)]) : row[c];
        }
        out += QLatin1Char('\n');
    }
    return out;
}

} // namespace fd
