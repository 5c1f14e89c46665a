#include "StackModel.h"

namespace fd {

StackModel::StackModel(QObject* parent)
    : SessionTableModel(parent)
{
}

void StackModel::setEntry(std::optional<EntryRef> ref)
{
    m_ref = ref;
    resetRows();
}

void StackModel::rebuild()
{
    m_frames = {};
    if (!m_session.job || !m_ref || m_ref->dump >= m_session.job->dumps.size())
        return;
    m_frames = m_session.job->pools->stack(m_session.job->dumps[m_ref->dump].detailsOf(m_ref->entry).frames);
}

QString StackModel::headerText(int column) const
{
    switch (Columns(column)) {
    case IndexColumn: return tr("#");
    case FunctionColumn: return tr("Function");
    case FileColumn: return tr("File");
    case LineColumn: return tr("Line");
    case ColumnCount: break;
    }
    return {};
}

QVariant StackModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role != Qt::DisplayRole && role != Roles::SortRole && role != Qt::ToolTipRole)
        return {};
    const StackFrame& f = m_frames[std::size_t(index.row())];
    switch (Columns(index.column())) {
    case IndexColumn: return index.row();
    case FunctionColumn: return m_session.job->str(f.name);
    case FileColumn: return m_session.job->str(f.filename);
    case LineColumn: return f.line;
    case ColumnCount: break;
    }
    return {};
}

} // namespace fd
