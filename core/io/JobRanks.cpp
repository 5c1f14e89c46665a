#include "JobRanks.h"

#include <QHash>
#include <QStringBuilder>

#include <algorithm>
#include <set>

namespace fd {

void widenWorld(Job& job, JobFacts& facts)
{
    for (const LoadError& err : job.errors)
        job.worldSize = std::max(job.worldSize, err.rank + 1);
    if (facts.worldSize > 0) {
        if (job.worldSize > facts.worldSize)
            job.warnings.push_back(
                QStringLiteral("The dumps name rank %1, outside the world size %2 you gave.")
                    .arg(job.worldSize - 1)
                    .arg(facts.worldSize));
        job.worldSize = std::max(job.worldSize, facts.worldSize);
        job.worldSizeKnown = true;
    }
    for (RankWithoutDump& r : facts.ranksWithoutDump) {
        if (r.rank < 0 || job.dumpForRank(r.rank))
            continue;
        job.worldSize = std::max(job.worldSize, r.rank + 1);
        job.errors.push_back(std::move(r.error));
    }
}

namespace {

// PGs no pg_config listed (gloo dumps list none, docs/torch-jobs.md): their members are the ranks whose
// entries or pg_status name them, except the default PG, which spans the world, ranks without a dump
// included. The list is what the views and the analysis go by; ranksKnown stays false, so nobody maps a local
// rank through it.
void learnUnlistedMembers(Job& job)
{
    std::vector<std::uint32_t> unlisted;
    for (std::uint32_t p = 0; p < job.processGroups.size(); ++p)
        if (!job.processGroups[p].ranksKnown)
            unlisted.push_back(p);
    if (unlisted.empty())
        return;
    std::vector<std::vector<int>> members(job.processGroups.size());
    for (const RankDump& dump : job.dumps) {
        std::vector<char> seen(job.processGroups.size(), 0);
        for (const Entry& e : dump.entries)
            if (e.pgIndex < seen.size())
                seen[e.pgIndex] = 1;
        for (const PgStatus& s : dump.pgStatus)
            if (s.pgIndex < seen.size())
                seen[s.pgIndex] = 1;
        for (std::uint32_t p : unlisted)
            if (seen[p])
                members[p].push_back(dump.rank);
    }
    for (std::uint32_t p : unlisted) {
        ProcessGroup& pg = job.processGroups[p];
        pg.ranks = std::move(members[p]);
        if (isDefaultPg(pg)) {
            pg.ranks.resize(static_cast<std::size_t>(job.worldSize));
            for (int r = 0; r < job.worldSize; ++r)
                pg.ranks[static_cast<std::size_t>(r)] = r;
        }
    }
}

} // namespace

void findRankGaps(Job& job)
{
    std::set<int> present;
    std::set<int> unreadable;
    for (const RankDump& d : job.dumps) {
        present.insert(d.rank);
        if (d.partial && !unreadable.count(d.rank)) {
            // Listed with the load errors and not judged, but its salvaged entries stay viewable.
            unreadable.insert(d.rank);
            job.errors.push_back(
                LoadError{d.filePath, d.rank, d.cutOffset, true,
                          d.cutMessage % QStringLiteral(" (the file ends early; entries decoded before the "
                                                        "cut: %1)")
                                             .arg(d.window.fileEntries)});
        }
    }
    for (const LoadError& err : job.errors) {
        if (err.rank >= 0 && !present.count(err.rank))
            unreadable.insert(err.rank);
    }
    job.unreadableRanks.assign(unreadable.begin(), unreadable.end());
    job.missingRanks.clear();
    for (int r = 0; r < job.worldSize; ++r) {
        if (!present.count(r) && !unreadable.count(r))
            job.missingRanks.push_back(r);
    }
    learnUnlistedMembers(job);
}

void claimMissingRanks(Job& job, const std::vector<DumpFile>& spares, const std::vector<JobFile>& considered)
{
    if (job.missingRanks.empty() || spares.empty())
        return;
    QHash<QString, QString> reasons;
    for (const JobFile& f : considered)
        reasons.insert(f.path, f.reason);
    std::set<int> claimed;
    for (const DumpFile& spare : spares) {
        if (!std::binary_search(job.missingRanks.begin(), job.missingRanks.end(), spare.rank))
            continue;
        claimed.insert(spare.rank);
        job.errors.push_back(
            {spare.path, spare.rank, 0, false,
             QStringLiteral("no dump of rank %1 was read, but this file may hold it; not read: %2")
                 .arg(spare.rank)
                 .arg(reasons.value(spare.path))});
    }
    if (claimed.empty())
        return;
    std::vector<int> missing;
    for (int r : job.missingRanks) {
        if (!claimed.count(r))
            missing.push_back(r);
    }
    job.missingRanks = std::move(missing);
    std::set<int> unreadable(job.unreadableRanks.begin(), job.unreadableRanks.end());
    unreadable.insert(claimed.begin(), claimed.end());
    job.unreadableRanks.assign(unreadable.begin(), unreadable.end());
}

void claimUnlistedRanks(Job& job, const std::vector<LoadError>& listingGaps)
{
    if (job.missingRanks.empty() || listingGaps.empty())
        return;
    const LoadError& gap = listingGaps.front();
    const QString others = listingGaps.size() > 1
                               ? QStringLiteral(" (and %1 more gap(s))").arg(listingGaps.size() - 1)
                               : QString();
    for (int r : job.missingRanks)
        job.errors.push_back(
            {gap.filePath, r, 0, false,
             QStringLiteral("no file of rank %1 was found, but %2%3, so its dump may be there: not "
                            "judged")
                 .arg(r)
                 .arg(gap.message, others)});
    std::vector<int> unreadable = job.unreadableRanks;
    unreadable.insert(unreadable.end(), job.missingRanks.begin(), job.missingRanks.end());
    std::sort(unreadable.begin(), unreadable.end());
    job.unreadableRanks = std::move(unreadable);
    job.missingRanks.clear();
}

void recordFiles(Job& job, std::vector<JobFile> considered)
{
    QHash<QString, const RankDump*> read;
    for (const RankDump& d : job.dumps)
        read.insert(d.filePath, &d);
    QHash<QString, const LoadError*> failed;
    for (const LoadError& e : job.errors)
        failed.insert(e.filePath, &e);
    for (JobFile& f : considered) {
        if (f.use != FileUse::Used)
            continue;
        if (const RankDump* d = read.value(f.path)) {
            f.format = d->format;
            f.rank =
                d->rank; // the rank its contents prove, where that differs from the name (assignProvenRanks)
            if (d->partial) {
                f.use = FileUse::Partial;
                f.reason = d->cutMessage;
            }
        } else if (const LoadError* e = failed.value(f.path)) {
            f.use = FileUse::Unreadable;
            f.reason = e->message;
        }
    }
    job.files = std::move(considered);
}

} // namespace fd
