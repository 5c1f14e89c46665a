#include "SnapshotProgress.h"

#include "Analysis.h"
#include "core/model/Job.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringList>
#include <QTimeZone>

#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <unordered_map>

namespace fd {

namespace {

struct SnapshotProgressText
{
    Q_DECLARE_TR_FUNCTIONS(fd::SnapshotProgress)
};

using PgRank = std::pair<QString, int>;

// (PG name, rank) -> last completed collective, for every rank with a dump.
std::map<PgRank, std::int64_t> completedByPgRank(const Analysis& a)
{
    std::map<PgRank, std::int64_t> out;
    for (const RankFinding& r : a.ranks) {
        if (!r.hasDump)
            continue;
        for (const RankPgProgress& p : r.progress)
            if (const ProcessGroup* pg = a.processGroup(p.pgIndex))
                out[{pg->name, r.rank}] = p.lastCompleted;
    }
    return out;
}

QString ranksText(const std::vector<int>& ranks)
{
    QStringList parts;
    for (int r : ranks)
        parts << QString::number(r);
    return parts.join(QStringLiteral(", "));
}

// The same entry (a rank's record_id is its own counter) must say the same in both snapshots of one job.
QString sameEntriesError(const Job& older, const Job& newer)
{
    for (const RankDump& o : older.dumps) {
        const RankDump* n = newer.dumpForRank(o.rank);
        if (!n || o.times.size() != o.entries.size() || n->times.size() != n->entries.size())
            continue;
        std::unordered_map<std::int64_t, std::size_t> byRecord;
        for (std::size_t i = 0; i < o.entries.size(); ++i)
            if (o.entries[i].recordId != Entry::kAbsent)
                byRecord.emplace(o.entries[i].recordId, i);
        for (std::size_t j = 0; j < n->entries.size(); ++j) {
            const auto it = byRecord.find(n->entries[j].recordId);
            if (it == byRecord.end())
                continue;
            const Entry& a = o.entries[it->second];
            const Entry& b = n->entries[j];
            const std::int64_t ta = o.times[it->second].timeCreatedNs, tb = n->times[j].timeCreatedNs;
            const bool timesDiffer = ta != Entry::kNoTime && tb != Entry::kNoTime && ta != tb;
            if (timesDiffer || a.collectiveSeqId != b.collectiveSeqId)
                return SnapshotProgressText::tr(
                           "rank %1's entry %2 is another collective in each (created at %3 and %4 ns): two "
                           "different jobs, or two runs of one")
                    .arg(o.rank)
                    .arg(a.recordId)
                    .arg(ta)
                    .arg(tb);
        }
    }
    return {};
}

QString sameGroupsError(const Job& older, const Job& newer)
{
    if (older.worldSizeKnown && newer.worldSizeKnown && older.worldSize != newer.worldSize)
        return SnapshotProgressText::tr("the world has %1 ranks in one and %2 in the other")
            .arg(older.worldSize)
            .arg(newer.worldSize);
    bool shared = false;
    for (const ProcessGroup& a : older.processGroups) {
        for (const ProcessGroup& b : newer.processGroups) {
            if (a.name != b.name)
                continue;
            shared = true;
            if (a.ranksKnown && b.ranksKnown && !a.ranks.empty() && !b.ranks.empty() && a.ranks != b.ranks)
                return SnapshotProgressText::tr("process group %1 has other members in each").arg(a.name);
        }
    }
    if (!shared && !older.processGroups.empty() && !newer.processGroups.empty())
        return SnapshotProgressText::tr("they share no process group");
    return {};
}

} // namespace

const char* progressStateName(ProgressState state)
{
    return state == ProgressState::Hung ? "hung" : "advancing";
}

SnapshotComparison compareSnapshots(const Job& olderJob, const Analysis& older, const Job& newerJob,
                                    const Analysis& newer, double intervalSeconds)
{
    SnapshotComparison out;
    const QString refused = SnapshotProgressText::tr("%1 and %2 are not two snapshots of one job: %3");
    if (QString why = sameGroupsError(olderJob, newerJob); !why.isEmpty()) {
        out.error = refused.arg(olderJob.source, newerJob.source, why);
        return out;
    }
    if (QString why = sameEntriesError(olderJob, newerJob); !why.isEmpty()) {
        out.error = refused.arg(olderJob.source, newerJob.source, why);
        return out;
    }
    const std::map<PgRank, std::int64_t> before = completedByPgRank(older), after = completedByPgRank(newer);
    SnapshotProgress p;
    p.intervalSeconds = intervalSeconds;
    p.olderSource = olderJob.source;
    p.newerSource = newerJob.source;
    std::set<int> advanced, seenInBoth;
    for (const auto& [key, done] : after) {
        const auto it = before.find(key);
        if (it == before.end())
            continue;
        if (done < it->second) {
            out.error =
                SnapshotProgressText::tr(
                    "%1 is not a later snapshot of %2's job: rank %3 went back in process group %4 "
                    "(last completed collective %5, then %6): a restart, or the two in the wrong order")
                    .arg(newerJob.source, olderJob.source)
                    .arg(key.second)
                    .arg(key.first)
                    .arg(it->second)
                    .arg(done);
            return out;
        }
        PgRankStep step{key.first, key.second, it->second, done};
        seenInBoth.insert(key.second);
        if (step.advanced())
            advanced.insert(key.second);
        p.steps.push_back(step);
    }
    p.advancedRanks.assign(advanced.begin(), advanced.end());
    std::set_difference(seenInBoth.begin(), seenInBoth.end(), advanced.begin(), advanced.end(),
                        std::back_inserter(p.stalledRanks));
    p.state = advanced.empty() ? ProgressState::Hung : ProgressState::Advancing;
    if (p.state == ProgressState::Advancing) {
        const std::vector<int> a = older.hangingRanks(), b = newer.hangingRanks();
        std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(p.slowRanks));
    }
    const QString seconds = QString::number(intervalSeconds, 'f', 1);
    if (p.state == ProgressState::Hung)
        p.summary =
            SnapshotProgressText::tr("hung: no rank completed a collective in %1 s between the snapshots")
                .arg(seconds);
    else if (p.slowRanks.empty())
        p.summary =
            SnapshotProgressText::tr("advancing: not a hang; %n rank(s) completed collectives in %1 s",
                                     nullptr, int(p.advancedRanks.size()))
                .arg(seconds);
    else
        p.summary = SnapshotProgressText::tr(
                        "advancing: not a hang; rank %1 is slow (the others waited on it in both snapshots; "
                        "%n rank(s) completed collectives in %2 s)",
                        nullptr, int(p.advancedRanks.size()))
                        .arg(ranksText(p.slowRanks), seconds);
    out.progress = std::move(p);
    return out;
}

double snapshotTimeSeconds(const QString& folder, const Job& job)
{
    static const QRegularExpression capture(QStringLiteral("^capture-(\\d{8}T\\d{6}Z)(?:-\\d+)?$"));
    const QRegularExpressionMatch m = capture.match(QFileInfo(folder).fileName());
    if (m.hasMatch()) {
        QDateTime t = QDateTime::fromString(m.captured(1), QStringLiteral("yyyyMMdd'T'HHmmss'Z'"));
        t.setTimeZone(QTimeZone::utc());
        if (t.isValid())
            return double(t.toMSecsSinceEpoch()) / 1000.0;
    }
    qint64 newest = 0;
    for (const RankDump& d : job.dumps)
        newest = std::max(newest, QFileInfo(d.filePath).lastModified().toMSecsSinceEpoch());
    return double(newest) / 1000.0;
}

} // namespace fd
