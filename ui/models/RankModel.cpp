#include "RankModel.h"

#include <QColor>
#include <QStringList>

#include <algorithm>

namespace fd {

RankModel::RankModel(QObject* parent) : SessionTableModel(parent) {}

void RankModel::rebuild()
{
    m_rows.clear();
    if (!m_session.job)
        return;
    const Job& job = *m_session.job;
    const int world = std::max(job.worldSize, job.dumps.empty() ? 0 : job.dumps.back().rank + 1);
    auto contains = [](const std::vector<int>& v, int r) {
        return std::find(v.begin(), v.end(), r) != v.end();
    };
    for (int r = 0; r < world; ++r) {
        Row row;
        row.rank = r;
        row.dump = job.dumpForRank(r);
        if (contains(job.unreadableRanks, r))
            row.status = Status::Unreadable;
        else if (!row.dump)
            row.status = Status::Missing;
        else if (m_session.analysis->culprit(r))
            row.status = Status::Culprit;
        else if (m_session.analysis->victim(r))
            row.status = Status::Victim;
        // The analysis' count: a coalesced group's inner entries stay `scheduled` whatever the group did, so
        // they are not pending work of their own.
        if (const RankFinding* finding = m_session.analysis->rankFinding(r); row.dump && finding)
            row.pending = finding->pendingEntries;
        if (m_session.analysis->culprit(r) && row.status != Status::Culprit)
            row.status = Status::Culprit; // a culprit without a dump is still the culprit
        m_rows.push_back(row);
    }
}

QString RankModel::headerText(int column) const
{
    switch (Columns(column)) {
    case RankColumn:
        return tr("Rank");
    case StatusColumn:
        return tr("Status");
    case EntriesColumn:
        return tr("Entries");
    case PendingColumn:
        return tr("Pending");
    case VersionColumn:
        return tr("Version");
    case HealthColumn:
        return tr("Health");
    case FileColumn:
        return tr("File");
    case ColumnCount:
        break;
    }
    return {};
}

QString RankModel::statusText(const Row& row) const
{
    switch (row.status) {
    case Status::Ok:
        return tr("ok");
    case Status::Victim:
        return tr("waiting");
    case Status::Culprit: {
        const QString reason = m_session.analysis->culpritReason(row.rank);
        return reason.isEmpty() ? tr("culprit") : tr("culprit: %1").arg(reason);
    }
    case Status::Missing:
        return tr("no dump");
    case Status::Unreadable:
        return tr("unreadable");
    }
    return {};
}

QVariant RankModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[std::size_t(index.row())];
    const RankDump* d = row.dump;
    switch (role) {
    case Roles::RankRole:
        return row.rank;
    case Roles::HighlightRole:
        return row.status == Status::Culprit;
    case Qt::ForegroundRole:
        if (row.status == Status::Culprit || row.status == Status::Missing ||
            row.status == Status::Unreadable)
            return QColor(0xd6, 0x27, 0x28);
        return {};
    case Roles::SortRole:
        switch (Columns(index.column())) {
        case RankColumn:
            return row.rank;
        case StatusColumn:
            return int(row.status);
        case EntriesColumn:
            return d ? qlonglong(d->entries.size()) : -1;
        case PendingColumn:
            return row.pending;
        default:
            break;
        }
        [[fallthrough]];
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (Columns(index.column())) {
        case RankColumn:
            return row.rank;
        case StatusColumn:
            return statusText(row);
        case EntriesColumn:
            return d ? QVariant(qlonglong(d->entries.size())) : QVariant();
        case PendingColumn:
            return d ? QVariant(row.pending) : QVariant();
        case VersionColumn:
            return d ? d->version : QString();
        case HealthColumn: {
            if (!d || d->health.empty())
                return QString();
            QStringList parts;
            for (const HealthCheck& h : d->health)
                parts << h.component + QLatin1Char(' ') + h.status;
            return parts.join(QStringLiteral(", "));
        }
        case FileColumn:
            return d ? d->filePath : QString();
        case ColumnCount:
            break;
        }
        return {};
    default:
        return {};
    }
}

} // namespace fd
