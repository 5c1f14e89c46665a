#include "DumpRank.h"

#include "DumpDiscovery.h"
#include "core/model/JobPools.h"
#include "core/model/RankDump.h"

#include <QFileInfo>

#include <algorithm>
#include <iterator>
#include <map>

namespace fd {

namespace {

constexpr int kRenamedFilesNamed = 10;

// A single file without a rank in its name is read as rank 0 (DumpDiscovery): that is no claim of the name.
bool nameCarriesRank(const RankDump& d)
{
    return rankFromFileName(QFileInfo(d.filePath).fileName()) >= 0;
}

} // namespace

int rankNamedByDump(const RankDump& dump, const JobPools& pools)
{
    std::vector<int> common;
    bool first = true;
    for (const PgConfig& pg : dump.pgConfigs) {
        const std::span<const int> ranks = pools.ranks(pg.ranks); // sorted
        if (ranks.empty())
            continue; // gloo's placeholder group, or a group without a member list
        std::vector<int> members(ranks.begin(), ranks.end());
        if (first) {
            common = std::move(members);
            first = false;
            continue;
        }
        std::vector<int> both;
        std::set_intersection(common.begin(), common.end(), members.begin(), members.end(),
                              std::back_inserter(both));
        common = std::move(both);
    }
    return common.size() == 1 ? common.front() : -1;
}

void assignProvenRanks(Job& job)
{
    // rank -> the dumps that will be read as that rank, the one whose name agrees first
    std::map<int, std::vector<std::size_t>> byRank;
    std::vector<int> nameRank(job.dumps.size(), -1); // what each file's name says, where it says something
    int renamed = 0;
    for (std::size_t i = 0; i < job.dumps.size(); ++i) {
        RankDump& d = job.dumps[i];
        if (nameCarriesRank(d))
            nameRank[i] = d.rank;
        const int proven = rankNamedByDump(d, *job.pools);
        if (proven < 0 || proven == d.rank) {
            byRank[d.rank].insert(byRank[d.rank].begin(), i);
            continue;
        }
        if (++renamed <= kRenamedFilesNamed)
            job.warnings.push_back(
                QStringLiteral("%1 holds rank %2's dump (its pg_config groups meet in rank %2 "
                               "alone), %3: read as rank %2")
                    .arg(d.filePath, QString::number(proven),
                         nameCarriesRank(d) ? QStringLiteral("not rank %1's as its name says").arg(d.rank)
                                            : QStringLiteral("its name carries no rank")));
        d.rank = proven;
        byRank[proven].push_back(i);
    }
    if (renamed > kRenamedFilesNamed)
        job.warnings.push_back(
            QStringLiteral("%1 more file(s) hold another rank's dump than their names say; each "
                           "is read as the rank its pg_config proves")
                .arg(renamed - kRenamedFilesNamed));
    std::vector<char> drop(job.dumps.size(), 0);
    for (const auto& [rank, dumps] : byRank)
        for (std::size_t k = 1; k < dumps.size(); ++k) {
            const RankDump& d = job.dumps[dumps[k]];
            // The rank its name carries has a file, but not its dump: not judged (unreadable), never missing.
            job.errors.push_back(
                {d.filePath, nameRank[dumps[k]], 0, false,
                 QStringLiteral("holds rank %1's dump, and so does %2, which is read: second dump "
                                "for rank %1; ignored")
                     .arg(rank)
                     .arg(job.dumps[dumps.front()].filePath)});
            drop[dumps[k]] = 1;
        }
    if (std::find(drop.begin(), drop.end(), 1) == drop.end())
        return;
    std::vector<RankDump> kept;
    kept.reserve(job.dumps.size());
    for (std::size_t i = 0; i < job.dumps.size(); ++i)
        if (!drop[i])
            kept.push_back(std::move(job.dumps[i]));
    job.dumps = std::move(kept);
}

} // namespace fd
