#include "CollectiveRanksModel.h"

#include "ui/support/Format.h"

#include <QColor>
#include <QStringList>

#include <algorithm>

namespace fd {

CollectiveRanksModel::CollectiveRanksModel(QObject* parent) : SessionTableModel(parent) {}

void CollectiveRanksModel::setCollective(std::uint32_t pgIndex, std::int64_t seq, bool p2p)
{
    m_pg = pgIndex;
    m_seq = seq;
    m_p2p = p2p;
    m_older.reset();
    resetRows();
}

void CollectiveRanksModel::setOlderEntry(const HistoryEntryRef& entry)
{
    m_pg = kNoPg;
    m_seq = Entry::kAbsent;
    m_older = entry;
    m_olderJob = m_session.job;
    resetRows();
}

void CollectiveRanksModel::rebuild()
{
    m_rows.clear();
    if (m_older && m_olderJob.lock() != m_session.job)
        m_older.reset(); // another job: the entry was of the old one
    if (m_session.job && m_older && m_older->history && m_older->dump < m_session.job->dumps.size()) {
        m_rows.push_back({m_session.job->dumps[m_older->dump].rank, std::nullopt});
        return;
    }
    if (!m_session.job || m_pg == kNoPg)
        return;
    const Job& job = *m_session.job;
    std::vector<EntryRef> refs;
    if (const auto* c = m_session.analysis->collectiveIndex.get(m_pg, m_seq, m_p2p))
        refs.assign(c->refs.begin(), c->refs.end());
    std::vector<int> ranks =
        m_pg < job.processGroups.size() ? job.processGroups[m_pg].ranks : std::vector<int>{};
    for (const EntryRef& ref : refs)
        ranks.push_back(job.dumps[ref.dump].rank);
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    for (int r : ranks) {
        Row row{r, std::nullopt};
        for (const EntryRef& ref : refs)
            if (job.dumps[ref.dump].rank == r)
                row.ref = ref;
        m_rows.push_back(row);
    }
}

std::optional<EntryRef> CollectiveRanksModel::entryAt(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows[std::size_t(row)].ref : std::nullopt;
}

int CollectiveRanksModel::rowOfRank(int rank) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].rank == rank)
            return int(i);
    return -1;
}

QString CollectiveRanksModel::headerText(int column) const
{
    switch (Columns(column)) {
    case RankColumn:
        return tr("Rank");
    case StateColumn:
        return tr("State");
    case OpColumn:
        return tr("Operation");
    case InputSizesColumn:
        return tr("Input sizes");
    case InputDtypesColumn:
        return tr("Input dtypes");
    case OutputSizesColumn:
        return tr("Output sizes");
    case OutputDtypesColumn:
        return tr("Output dtypes");
    case CreatedColumn:
        return tr("Created");
    case StartedColumn:
        return tr("Started");
    case CompletedColumn:
        return tr("Completed");
    case DurationColumn:
        return tr("Duration");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant CollectiveRanksModel::entryText(const JobPools& pools, const Entry& e, const EntryTimes& d,
                                         Columns column) const
{
    switch (column) {
    case StateColumn:
        return QString::fromLatin1(entryStateName(e.state));
    case OpColumn:
        return pools.str(e.profilingName);
    case InputSizesColumn:
        return pools.shapesText(e.inputSizes);
    case InputDtypesColumn:
        return pools.dtypes(e.inputDtypes).join(QStringLiteral(", "));
    case OutputSizesColumn:
        return pools.shapesText(e.outputSizes);
    case OutputDtypesColumn:
        return pools.dtypes(e.outputDtypes).join(QStringLiteral(", "));
    case CreatedColumn:
        return formatWallTime(d.timeCreatedNs);
    case StartedColumn:
        return formatWallTime(d.timeDiscoveredStartedNs);
    case CompletedColumn:
        return formatWallTime(d.timeDiscoveredCompletedNs);
    case DurationColumn:
        return d.hasDuration() ? formatDurationNs(d.durationMs * 1e6) : QString();
    default:
        return {};
    }
}

QVariant CollectiveRanksModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[std::size_t(index.row())];
    const Job& job = *m_session.job;
    // An older entry's strings are in its history's pools: a loaded Job's are never added to.
    const bool older = m_older && m_older->history;
    const JobPools& pools = older ? m_older->history->pools() : *job.pools;
    const Entry* e = older     ? &m_older->get()
                     : row.ref ? &job.dumps[row.ref->dump].entries[row.ref->entry]
                               : nullptr;
    const EntryTimes* d = older     ? &m_older->times()
                          : row.ref ? &job.dumps[row.ref->dump].timesOf(row.ref->entry)
                                    : nullptr;
    const auto column = Columns(index.column());
    switch (role) {
    case Roles::RankRole:
        return row.rank;
    case Roles::StateRole:
        return e ? int(e->state) : -1;
    case Roles::HighlightRole:
        return m_session.analysis->culprit(row.rank) != nullptr;
    case Qt::ForegroundRole:
        return !e || m_session.analysis->culprit(row.rank) ? QVariant(QColor(0xd6, 0x27, 0x28)) : QVariant();
    case Roles::SortRole:
        if (column == RankColumn)
            return row.rank;
        if (column == DurationColumn)
            return d && d->hasDuration() ? d->durationMs : -1.0;
        [[fallthrough]];
    case Qt::DisplayRole:
        if (column == RankColumn)
            return row.rank;
        if (!e)
            return column == StateColumn ? (job.dumpForRank(row.rank) ? tr("no record") : tr("no dump"))
                                         : QString();
        return entryText(pools, *e, *d, column);
    default:
        return {};
    }
}

} // namespace fd
