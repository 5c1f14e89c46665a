#include "FindingsModel.h"

#include "core/model/RankListText.h"

namespace fd {

FindingsModel::FindingsModel(QObject* parent) : SeverityTableModel(parent) {}

void FindingsModel::rebuild()
{
    m_rows.clear();
    if (!m_session.job)
        return;
    const Analysis& a = *m_session.analysis;
    for (const Culprit& c : a.culprits)
        m_rows.push_back({Severity::Error,
                          QString::fromLatin1(rankKindName(c.kind)),
                          c.pgIndex,
                          c.seqId,
                          {c.rank},
                          c.reason});
    addCollectiveRows(a);
    for (const DeadlockCycle& cycle : a.cycles)
        m_rows.push_back(
            {Severity::Error, tr("deadlock"), kNoPg, Entry::kAbsent, cycle.ranks, cycle.description});
    for (const QString& note : a.notes)
        m_rows.push_back({Severity::Info, tr("note"), kNoPg, Entry::kAbsent, {}, note});
}

void FindingsModel::addCollectiveRows(const Analysis& a)
{
    for (const PgFinding& pg : a.pgs)
        for (const CollectiveFinding& c : pg.collectives) {
            if (c.status == CollectiveStatus::Completed)
                continue;
            const bool mismatch = c.status == CollectiveStatus::TypeMismatch ||
                                  c.status == CollectiveStatus::SizeMismatch ||
                                  c.status == CollectiveStatus::DtypeMismatch;
            Row row;
            row.severity = mismatch || !c.missingRanks.empty() ? Severity::Error : Severity::Warning;
            row.kind = QString::fromLatin1(collectiveStatusName(c.status));
            row.pgIndex = c.pgIndex;
            row.seq = c.seqId;
            row.ranks =
                mismatch ? c.mismatchedRanks : (!c.missingRanks.empty() ? c.missingRanks : c.stuckRanks);
            row.text = c.detail.isEmpty() ? c.opType : c.detail;
            m_rows.push_back(std::move(row));
        }
}

QString FindingsModel::headerText(int column) const
{
    switch (Columns(column)) {
    case SeverityColumn:
        return tr("Severity");
    case KindColumn:
        return tr("Kind");
    case PgColumn:
        return tr("PG");
    case SeqColumn:
        return tr("Seq");
    case RanksColumn:
        return tr("Ranks");
    case TextColumn:
        return tr("Finding");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant FindingsModel::rowData(int row, int role) const
{
    const Row& f = m_rows[std::size_t(row)];
    switch (role) {
    case Roles::PgIndexRole:
        return f.pgIndex;
    case Roles::SeqRole:
        return qlonglong(f.seq);
    default:
        return {};
    }
}

QVariant FindingsModel::cell(int row, int column, int role) const
{
    const Row& f = m_rows[std::size_t(row)];
    switch (Columns(column)) {
    case KindColumn:
        return f.kind;
    case PgColumn:
        return f.pgIndex == kNoPg ? QString() : m_session.analysis->pgLabel(f.pgIndex);
    case SeqColumn:
        if (role == Roles::SortRole)
            return qlonglong(f.seq);
        return f.seq == Entry::kAbsent ? QVariant() : QVariant(qlonglong(f.seq));
    case RanksColumn:
        return rankRangeText(f.ranks, role == Qt::ToolTipRole ? 64 : 6);
    case TextColumn:
        return f.text;
    case SeverityColumn:
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace fd
