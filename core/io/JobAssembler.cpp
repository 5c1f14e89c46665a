#include "JobAssembler.h"

#include "DumpRank.h"
#include "JobHosts.h"
#include "JobRanks.h"
#include "ParallelFor.h"

#include <QStringBuilder>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace fd {

namespace {

constexpr std::uint32_t kNoPg = Entry::kNoPgIndex;

// Member lists are interned job-wide (RankLists), so equal lists have equal ids.
struct PgKey
{
    StrId name;
    RankListId ranks;
    bool ranksKnown;
    auto operator<=>(const PgKey&) const = default;
};

class PgRegistry
{
public:
    explicit PgRegistry(Job& job) : m_job(job) {}

    std::uint32_t get(StrId name, StrId desc, RankListId ranks, bool ranksKnown)
    {
        const PgKey key{name, ranksKnown ? ranks : RankListId(0), ranksKnown};
        auto [it, inserted] = m_index.emplace(key, std::uint32_t(m_job.processGroups.size()));
        if (inserted) {
            const std::span<const int> members = m_job.pools->ranks(key.ranks);
            m_job.processGroups.push_back(
                ProcessGroup{m_job.str(name), m_job.str(desc), {members.begin(), members.end()}, ranksKnown});
            m_hasDesc.push_back(desc != 0);
        } else if (!m_hasDesc[it->second] && desc != 0) {
            m_job.processGroups[it->second].desc = m_job.str(desc);
            m_hasDesc[it->second] = true;
        }
        return it->second;
    }

private:
    Job& m_job;
    std::map<PgKey, std::uint32_t> m_index;
    std::vector<bool> m_hasDesc; // by PG index: some dump named its desc
};

// Each rank numbers its PGs locally (pg_status keys, Entry::pgId). Ranks usually create their PGs in the same
// order, so a local id names the same role (say "the TP group") on every rank, though the group itself
// differs. For a rank with no entries in a PG we infer which of its PGs a pg_status item belongs to from the
// role (desc) that local id has on the ranks that do have entries, or from the order of ids and names.
// PyTorch does not promise this (docs/dump-format.md, "PG identity"); it holds in every real dump we have
// seen, and the result is marked as inferred. Global PG names are handed out in creation order and so are
// local ids, so on a rank whose PG names are all integers, the i-th smallest local id is the i-th smallest
// name. Used only when it agrees with every entry of that rank that does name both.
std::unordered_map<std::int32_t, std::uint32_t> positionalPgs(const Job& job, const RankDump& dump)
{
    std::unordered_map<std::int32_t, std::uint32_t> out;
    if (dump.pgStatus.size() != dump.pgConfigs.size())
        return out;
    std::vector<std::pair<long long, std::uint32_t>> names;
    for (const PgConfig& c : dump.pgConfigs) {
        bool ok = false;
        const long long n = job.str(c.name).toLongLong(&ok);
        if (!ok)
            return out;
        names.emplace_back(n, c.pgIndex);
    }
    std::vector<std::int32_t> ids;
    for (const PgStatus& s : dump.pgStatus)
        ids.push_back(s.localPgId);
    std::sort(names.begin(), names.end());
    std::sort(ids.begin(), ids.end());
    for (std::size_t i = 0; i < ids.size(); ++i)
        out.emplace(ids[i], names[i].second);
    for (const Entry& e : dump.entries) {
        auto it = out.find(job.pools->entryPg(e.pg).localId);
        if (it == out.end() || it->second != e.pgIndex)
            return {};
    }
    return out;
}

void resolvePgStatus(Job& job)
{
    // Own entries first, each dump on its own thread: they name both the local id and the PG.
    parallelFor(job.dumps.size(), 0, nullptr, [&](std::size_t i) {
        RankDump& dump = job.dumps[i];
        // Local ids are small and dense: a vector indexed by id, walked once per entry.
        std::vector<std::uint32_t> own;
        for (const Entry& e : dump.entries) {
            const std::int32_t localId = job.pools->entryPg(e.pg).localId;
            if (localId < 0 || e.pgIndex == kNoPg || localId > 1'000'000)
                continue;
            if (std::size_t(localId) >= own.size())
                own.resize(std::size_t(localId) + 1, kNoPg);
            if (own[std::size_t(localId)] == kNoPg)
                own[std::size_t(localId)] = e.pgIndex;
        }
        for (PgStatus& s : dump.pgStatus) {
            if (s.localPgId >= 0 && std::size_t(s.localPgId) < own.size())
                s.pgIndex = own[std::size_t(s.localPgId)];
        }
    });
    std::map<std::int32_t, std::map<QString, int>> descVotes; // local id -> desc -> count
    for (const RankDump& dump : job.dumps) {
        for (const PgStatus& s : dump.pgStatus) {
            if (s.pgIndex != kNoPg)
                ++descVotes[s.localPgId][job.processGroups[s.pgIndex].desc];
        }
    }
    for (RankDump& dump : job.dumps) {
        // Only for a dump whose own entries left some status unresolved: it walks every entry of the dump.
        const bool unresolved = std::any_of(dump.pgStatus.begin(), dump.pgStatus.end(),
                                            [](const PgStatus& s) { return s.pgIndex == kNoPg; });
        if (!unresolved)
            continue;
        const auto byPosition = positionalPgs(job, dump);
        for (PgStatus& s : dump.pgStatus) {
            if (s.pgIndex != kNoPg)
                continue;
            if (auto it = byPosition.find(s.localPgId); it != byPosition.end()) {
                s.pgIndex = it->second;
                s.pgInferred = true;
                continue;
            }
            auto votes = descVotes.find(s.localPgId);
            if (votes == descVotes.end())
                continue;
            const auto best =
                std::max_element(votes->second.begin(), votes->second.end(),
                                 [](const auto& a, const auto& b) { return a.second < b.second; });
            const QString& desc = best->first;
            const PgConfig* match = nullptr;
            int matches = 0;
            for (const PgConfig& c : dump.pgConfigs) {
                if (!desc.isEmpty() && job.str(c.desc) == desc) {
                    match = &c;
                    ++matches;
                }
            }
            if (matches == 1) {
                s.pgIndex = match->pgIndex;
                s.pgInferred = true;
            }
        }
    }
}

// torch's generic recorder (gloo; the worker server's fr_trace_json) files the default PG's members under an
// unnamed pg_config item while its entries name that group "0" (docs/capture.md). Left alone, the members and
// the collectives would land on two PGs: one unnamed with members, one "0" without. So when a dump's only
// config is unnamed and has members, and its entries name groups that have no config, it takes the entries'
// name: the only one, or "0" (the default PG's name) among several. An unnamed config without members
// (`_dump_fr_trace()`'s "[]") tells nothing and stays as it is.
void nameUnnamedPgConfig(const Job& job, RankDump& dump)
{
    if (dump.pgConfigs.size() != 1)
        return;
    PgConfig& config = dump.pgConfigs.front();
    if (config.name != 0 || job.pools->ranks(config.ranks).empty())
        return;
    std::map<StrId, StrId> named; // entry PG name -> its desc
    for (const Entry& e : dump.entries) {
        const EntryPg pg = job.pools->entryPg(e.pg);
        named.emplace(pg.name, pg.desc);
    }
    if (named.empty() || named.count(config.name))
        return; // no entry, or entries of the unnamed group itself: nothing to join
    auto chosen = named.begin();
    if (named.size() > 1) {
        chosen = std::find_if(named.begin(), named.end(),
                              [&](const auto& n) { return job.pools->strings.view(n.first) == "0"; });
        if (chosen == named.end())
            return;
    }
    config.name = chosen->first;
    if (config.desc == 0)
        config.desc = chosen->second;
}

// Sorts the dumps and gives every entry and pg_status item its job-wide PG; the world size the dumps name.
void resolvePgs(Job& job)
{
    std::sort(job.dumps.begin(), job.dumps.end(),
              [](const RankDump& a, const RankDump& b) { return a.rank < b.rank; });
    PgRegistry registry(job);
    int maxRank = -1;
    // PGs named by pg_config, registered in rank order so that PG indices never depend on thread timing.
    for (RankDump& dump : job.dumps) {
        maxRank = std::max(maxRank, dump.rank);
        nameUnnamedPgConfig(job, dump);
        for (PgConfig& c : dump.pgConfigs) {
            // `_dump_fr_trace()` of the generic recorder (gloo) writes {"": {"name": "", "desc": "", "ranks":
            // "[]"}}: no group at all (docs/torch-jobs.md). An entry that names it still gets a PG below.
            if (c.name == 0 && c.desc == 0 && job.pools->ranks(c.ranks).empty())
                continue;
            c.pgIndex = registry.get(c.name, c.desc, c.ranks, true);
            if (const std::span<const int> members = job.pools->ranks(c.ranks); !members.empty())
                maxRank = std::max(maxRank, members.back());
        }
    }
    // Every entry's PG, one dump per thread. A rank belongs to a dozen PGs: a linear scan beats hashing.
    std::vector<char> unresolved(job.dumps.size(), 0);
    parallelFor(job.dumps.size(), 0, nullptr, [&](std::size_t i) {
        const RankDump& dump = job.dumps[i];
        // Entries in a row mostly name the same PG: it is looked up when that changes.
        bool looked = false;
        EntryPgId lastPg = 0;
        std::uint32_t lastIndex = kNoPg;
        for (Entry& e : job.dumps[i].entries) {
            if (!looked || e.pg != lastPg) {
                const StrId name = job.pools->entryPg(e.pg).name;
                auto it = std::find_if(dump.pgConfigs.begin(), dump.pgConfigs.end(),
                                       [&](const PgConfig& c) { return c.name == name; });
                lastIndex = it == dump.pgConfigs.end() ? kNoPg : it->pgIndex;
                lastPg = e.pg;
                looked = true;
            }
            e.pgIndex = lastIndex;
            unresolved[i] |= e.pgIndex == kNoPg;
        }
    });
    // Entries of PGs missing from pg_config (older schemas, trimmed dumps): rare, so done in rank order, each
    // dump's PGs in the order its file named them (the window may have dropped a PG's first entries).
    for (std::size_t i = 0; i < job.dumps.size(); ++i) {
        if (!unresolved[i])
            continue;
        for (const EntryWindow::Pg& named : job.dumps[i].window.pgs) {
            const EntryPg pg = job.pools->entryPg(named.pg);
            // As the walk above resolves an entry: by the first pg_config item of its name.
            const auto& configs = job.dumps[i].pgConfigs;
            auto it = std::find_if(configs.begin(), configs.end(),
                                   [&](const PgConfig& c) { return c.name == pg.name; });
            if (it == configs.end() || it->pgIndex == kNoPg)
                registry.get(pg.name, pg.desc, {}, false);
        }
        for (Entry& e : job.dumps[i].entries) {
            if (e.pgIndex == kNoPg) {
                const EntryPg pg = job.pools->entryPg(e.pg);
                e.pgIndex = registry.get(pg.name, pg.desc, {}, false);
            }
        }
    }
    resolvePgStatus(job);
    job.worldSize = maxRank + 1;
    job.worldSizeKnown =
        std::any_of(job.processGroups.begin(), job.processGroups.end(), [](const ProcessGroup& pg) {
            return isDefaultPg(pg) && pg.ranksKnown && !pg.ranks.empty();
        });
}

} // namespace

std::shared_ptr<const Job> assembleJob(JobInputs in)
{
    auto job = std::make_shared<Job>();
    job->source = std::move(in.source);
    job->pattern = std::move(in.pattern);
    job->prefix = std::move(in.prefix);
    job->dumps = std::move(in.dumps);
    job->errors = std::move(in.errors);
    job->warnings = std::move(in.warnings);
    job->pools = std::move(in.pools);
    assignProvenRanks(*job);
    resolvePgs(*job);
    widenWorld(*job, in.facts);
    findRankGaps(*job);
    claimMissingRanks(*job, in.spares, in.considered);
    claimUnlistedRanks(*job, in.listingGaps);
    recordFiles(*job, std::move(in.considered));
    assignHosts(*job);
    for (QString& w : in.facts.warnings)
        job->warnings.push_back(std::move(w));
    return job;
}

} // namespace fd
