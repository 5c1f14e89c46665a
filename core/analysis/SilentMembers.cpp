#include "SilentMembers.h"

#include "RankProgress.h"
#include "core/model/Job.h"
#include "core/model/OpInfo.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace fd {

namespace {

// A run of members: `size` ranks `stride` apart (TP groups: stride 1; DP groups: stride TP size).
struct Run
{
    std::size_t size = 0;
    int stride = 0;
    bool operator<(const Run& o) const { return size != o.size ? size < o.size : stride < o.stride; }
};

// The run `ranks` (sorted, two or more) forms, if it forms one.
bool runOf(const std::vector<int>& ranks, Run* run)
{
    if (ranks.size() < 2)
        return false;
    const int stride = ranks[1] - ranks[0];
    for (std::size_t i = 1; i < ranks.size(); ++i)
        if (ranks[i] - ranks[i - 1] != stride)
            return false;
    *run = {ranks.size(), stride};
    return stride > 0;
}

// PGs no pg_config lists, other than the default PG (which spans the world already), by description.
std::map<QString, std::vector<std::uint32_t>> unlistedByDesc(const Job& job)
{
    std::map<QString, std::vector<std::uint32_t>> out;
    for (std::uint32_t p = 0; p < job.processGroups.size(); ++p) {
        const ProcessGroup& pg = job.processGroups[p];
        if (!pg.ranksKnown && !isDefaultPg(pg))
            out[pg.desc].push_back(p);
    }
    return out;
}

// The ways `members` completes to `run` with ranks of `silent` only: each way's added ranks.
std::set<std::vector<int>> completions(const std::vector<int>& members, const Run& run,
                                       const std::set<int>& silent, int worldSize)
{
    std::set<std::vector<int>> out;
    if (members.empty() || members.size() >= run.size)
        return out;
    const int stride = run.stride;
    for (int r : members)
        if ((r - members.front()) % stride != 0)
            return out;
    const auto span = static_cast<int>(run.size) - 1;
    for (int start = members.back() - span * stride; start <= members.front(); start += stride) {
        if (start < 0 || start + span * stride >= worldSize)
            continue;
        std::vector<int> added;
        bool fits = true;
        for (int k = 0; k <= span && fits; ++k) {
            const int r = start + k * stride;
            if (std::binary_search(members.begin(), members.end(), r))
                continue;
            fits = silent.count(r) > 0;
            added.push_back(r);
        }
        if (fits)
            out.insert(added);
    }
    return out;
}

// The ranks missing between the first and the last of `members` (sorted) at the stride that divides all their
// gaps: `span` is the run from the first to the last. False when there is none to add.
bool innerHoles(const std::vector<int>& members, Run* span, std::vector<int>* holes)
{
    if (members.size() < 2)
        return false;
    int stride = 0;
    for (std::size_t i = 1; i < members.size(); ++i)
        stride = std::gcd(stride, members[i] - members[0]);
    if (stride <= 0)
        return false;
    holes->clear();
    for (int r = members.front(); r <= members.back(); r += stride)
        if (!std::binary_search(members.begin(), members.end(), r))
            holes->push_back(r);
    *span = {static_cast<std::size_t>((members.back() - members.front()) / stride + 1), stride};
    return !holes->empty();
}

// Per PG index: the size its gathers and scatters tell (all_gather: output = input x size; reduce_scatter:
// input = output x size), where every entry that tells one tells the same; 0 otherwise.
std::vector<std::size_t> toldSizes(const Job& job, const OpInfoCache& ops)
{
    std::vector<std::size_t> told(job.processGroups.size(), 0);
    std::vector<char> contradicted(job.processGroups.size(), 0);
    for (const RankDump& d : job.dumps)
        for (const Entry& e : d.entries) {
            if (e.pgIndex >= told.size() || job.processGroups[e.pgIndex].ranksKnown)
                continue;
            const OpFamily family = ops.get(e.profilingName).family;
            if (family != OpFamily::AllGather && family != OpFamily::ReduceScatter)
                continue;
            std::int64_t big = job.pools->numel(e.outputSizes), small = job.pools->numel(e.inputSizes);
            if (family == OpFamily::ReduceScatter)
                std::swap(big, small);
            if (small <= 0 || big % small != 0)
                continue;
            const auto size = static_cast<std::size_t>(big / small);
            if (told[e.pgIndex] != 0 && told[e.pgIndex] != size)
                contradicted[e.pgIndex] = 1;
            told[e.pgIndex] = size;
        }
    for (std::size_t p = 0; p < told.size(); ++p)
        if (contradicted[p])
            told[p] = 0;
    return told;
}

// Where no PG of a description is whole: the run its PGs form when their gathers and scatters tell one size
// and exactly one stride lets every PG of the description hold its members in a run of that size, completed
// with candidates only.
bool familyRun(const Job& job, const std::vector<std::uint32_t>& pgs,
               const std::vector<std::vector<int>>& members, const std::vector<std::size_t>& told,
               const std::set<int>& silent, Run* run)
{
    std::size_t size = 0;
    for (std::uint32_t p : pgs) {
        if (told[p] == 0)
            continue;
        if (size != 0 && size != told[p])
            return false;
        size = told[p];
    }
    if (size < 2)
        return false;
    int found = 0;
    for (int stride = 1; stride < job.worldSize; ++stride) {
        const Run candidate{size, stride};
        const bool fits = std::all_of(pgs.begin(), pgs.end(), [&](std::uint32_t p) {
            const auto& m = members[p];
            if (m.empty() || m.size() > size)
                return false;
            Run whole;
            if (m.size() == size)
                return m.size() >= 2 && runOf(m, &whole) && whole.stride == stride;
            return !completions(m, candidate, silent, job.worldSize).empty();
        });
        if (fits) {
            if (++found > 1)
                return false;
            *run = candidate;
        }
    }
    return found == 1;
}

void add(std::vector<SilentMembership>& placed, std::vector<int>& members, std::uint32_t pg,
         const std::vector<int>& ranks)
{
    members.insert(members.end(), ranks.begin(), ranks.end());
    std::sort(members.begin(), members.end());
    members.erase(std::unique(members.begin(), members.end()), members.end());
    auto it = std::find_if(placed.begin(), placed.end(),
                           [pg](const SilentMembership& s) { return s.pgIndex == pg; });
    if (it == placed.end()) {
        placed.push_back({pg, ranks});
        return;
    }
    it->ranks.insert(it->ranks.end(), ranks.begin(), ranks.end());
    std::sort(it->ranks.begin(), it->ranks.end());
}

bool gloosRetirement(const Entry& e)
{
    return e.retired && e.state != EntryState::Completed;
}

} // namespace

std::vector<SilentMembership> placeSilentMembers(const Job& job, const OpInfoCache& ops,
                                                 std::vector<std::vector<int>>& members)
{
    std::vector<SilentMembership> placed;
    const auto byDesc = unlistedByDesc(job);
    if (byDesc.empty())
        return placed;
    const std::vector<std::size_t> told = toldSizes(job, ops);
    for (const auto& [desc, pgs] : byDesc) {
        // Who can be a PG's missing member: a rank without a dump, or a rank whose complete dump names no PG
        // of this description and lost no older entries (it stopped before its first collective there). A
        // rank that a PG of this description names is in that one.
        std::set<int> silent(job.missingRanks.begin(), job.missingRanks.end());
        std::set<int> naming;
        for (std::uint32_t p : pgs)
            naming.insert(members[p].begin(), members[p].end());
        for (const RankDump& d : job.dumps)
            if (d.rank >= 0 && d.rank < job.worldSize && !d.partial && !d.lostOlderEntries() &&
                !naming.count(d.rank))
                silent.insert(d.rank);
        // A rank sits in one PG of each kind (a run of one size and stride): once placed in one, it is no
        // candidate for another PG of that kind. Placing one PG can so leave another PG one way only: passes
        // until nothing more is placed.
        std::map<std::pair<Run, int>, std::uint32_t> placedIn;
        for (bool progress = true; progress && !silent.empty();) {
            progress = false;
            // The runs the PGs of this description form, where whole.
            std::set<Run> runs;
            for (std::uint32_t p : pgs)
                if (Run run; runOf(members[p], &run))
                    runs.insert(run);
            if (Run run; runs.empty() && familyRun(job, pgs, members, told, silent, &run))
                runs.insert(run);
            // Per PG, every way to complete it to one of those runs; it is completed only where there is one
            // way. A rank without a dump sits in one PG of each kind: one that two PGs of a kind claim stays
            // out of both.
            std::map<std::uint32_t, std::pair<Run, std::vector<int>>> chosen;
            std::map<std::pair<Run, int>, int> claims;
            const auto free = [&](const Run& run, std::uint32_t p, const std::vector<int>& ranks) {
                return std::all_of(ranks.begin(), ranks.end(), [&](int r) {
                    auto it = placedIn.find({run, r});
                    return it == placedIn.end() || it->second == p;
                });
            };
            for (std::uint32_t p : pgs) {
                std::map<std::vector<int>, Run> ways;
                for (const Run& run : runs)
                    for (const std::vector<int>& w : completions(members[p], run, silent, job.worldSize))
                        if (free(run, p, w))
                            ways.emplace(w, run);
                if (ways.size() != 1) {
                    // Whatever its size, a run that holds these members at a stride dividing all their gaps
                    // holds every rank between them at their common stride: those are members too.
                    Run span;
                    std::vector<int> holes;
                    if (!innerHoles(members[p], &span, &holes) ||
                        !std::all_of(holes.begin(), holes.end(),
                                     [&](int r) { return silent.count(r) > 0; }) ||
                        !free(span, p, holes))
                        continue;
                    ways = {{holes, span}};
                }
                const auto& [ranks, run] = *ways.begin();
                chosen[p] = {run, ranks};
                for (int r : ranks)
                    ++claims[{run, r}];
            }
            for (const auto& [p, way] : chosen) {
                const Run& run = way.first;
                if (!std::all_of(way.second.begin(), way.second.end(), [&](int r) {
                        return claims[{run, r}] == 1;
                    }))
                    continue;
                add(placed, members[p], p, way.second);
                for (int r : way.second)
                    placedIn[{run, r}] = p;
                progress = true;
            }
        }
    }
    return placed;
}

std::vector<FailedCollective> readFailedRetirements(const Job& job, std::vector<RankView>& views,
                                                    std::vector<std::vector<int>>& members,
                                                    std::vector<SilentMembership>& placed)
{
    std::vector<FailedCollective> failed;
    const auto silentMember = [&](std::uint32_t p) {
        return std::any_of(members[p].begin(), members[p].end(), [&](int r) {
            const RankView& v = views[static_cast<std::size_t>(r)];
            return !v.dump && !v.unreadable;
        });
    };
    for (std::uint32_t p = 0; p < members.size(); ++p) {
        // Seqs of this PG that a member still holds pending without having retired them.
        std::set<std::int64_t> held;
        for (int r : members[p]) {
            const RankView& view = views[static_cast<std::size_t>(r)];
            if (!view.dump)
                continue;
            if (const RankPgView* v = view.pg(p))
                for (std::uint32_t i : v->colls)
                    if (view.ops[i].pending())
                        held.insert(view.seqOf(view.ops[i]));
        }
        for (std::int64_t s : held) {
            FailedCollective f{p, s, {}};
            for (int r : members[p]) {
                RankView& view = views[static_cast<std::size_t>(r)];
                const RankOp* op = view.dump ? view.collective(p, s) : nullptr;
                if (op && !op->pending() && gloosRetirement(view.dump->entries[op->entry]))
                    f.retiredBy.push_back(r);
            }
            if (!f.retiredBy.empty())
                failed.push_back(std::move(f));
        }
    }
    // A rank whose newest op is a retired collective, with nothing pending after it, in a PG a member of
    // which wrote no dump: the program went no further than that collective, which the dead member may have
    // failed. A retirement is no proof of completion there either.
    for (const RankView& view : views) {
        if (!view.dump || view.pendingOps > 0 || view.ops.empty())
            continue;
        const RankOp& last = view.ops.back();
        const std::uint32_t p = view.pgOf(last);
        if (last.isP2p || p >= members.size() || !gloosRetirement(view.dump->entries[last.entry]) ||
            !silentMember(p))
            continue;
        const std::int64_t s = view.seqOf(last);
        auto it = std::find_if(failed.begin(), failed.end(),
                               [&](const FailedCollective& f) { return f.pgIndex == p && f.seq == s; });
        if (it == failed.end())
            failed.push_back({p, s, {view.rank}});
        else if (std::find(it->retiredBy.begin(), it->retiredBy.end(), view.rank) == it->retiredBy.end())
            it->retiredBy.push_back(view.rank);
    }
    if (failed.empty())
        return failed;
    for (FailedCollective& f : failed)
        std::sort(f.retiredBy.begin(), f.retiredBy.end());

    for (const FailedCollective& f : failed)
        for (int r : f.retiredBy) {
            RankView& view = views[static_cast<std::size_t>(r)];
            const auto index = static_cast<std::size_t>(view.collective(f.pgIndex, f.seq) - view.ops.data());
            view.ops[index].state = EntryState::Scheduled;
            RankPgView& v = *view.pg(f.pgIndex);
            v.completedUpTo = std::min(v.completedUpTo, f.seq - 1);
            v.stCompleted = std::min(v.stCompleted, f.seq - 1);
            v.oldestPending = v.oldestPending == kNoSeq ? f.seq : std::min(v.oldestPending, f.seq);
            v.newestPending = v.newestPending == kNoSeq ? f.seq : std::max(v.newestPending, f.seq);
        }
    for (RankView& view : views) {
        view.firstPendingOp = -1;
        view.pendingOps = 0;
        for (std::size_t i = 0; i < view.ops.size(); ++i)
            if (view.ops[i].pending()) {
                if (view.firstPendingOp < 0)
                    view.firstPendingOp = static_cast<int>(i);
                ++view.pendingOps;
            }
    }

    // A failed PG whose members all wrote dumps lost a member that wrote none. When only one rank without a
    // dump is not placed in a PG of that description yet, it is that one.
    const std::set<int> silent(job.missingRanks.begin(), job.missingRanks.end());
    for (const FailedCollective& f : failed) {
        const ProcessGroup& pg = job.processGroups[f.pgIndex];
        auto& m = members[f.pgIndex];
        if (pg.ranksKnown || isDefaultPg(pg) || silentMember(f.pgIndex))
            continue;
        std::set<int> free = silent;
        for (std::uint32_t q = 0; q < members.size(); ++q)
            if (job.processGroups[q].desc == pg.desc && !job.processGroups[q].ranksKnown)
                for (int r : members[q])
                    free.erase(r);
        if (free.size() == 1)
            add(placed, m, f.pgIndex, {*free.begin()});
    }
    return failed;
}

std::vector<std::vector<int>> learnLocalRanks(const Job& job, const OpInfoCache& ops,
                                              std::vector<std::vector<int>>& members,
                                              std::vector<SilentMembership>& placed)
{
    std::vector<std::vector<int>> out(members.size());
    // Per unlisted PG: local rank -> global rank, from each dump's own p2p names; a PG whose names
    // contradict each other (one local rank for two ranks, or two for one) pins nothing.
    std::vector<std::map<int, int>> anchors(members.size());
    std::vector<char> contradicted(members.size(), 0);
    for (const RankDump& d : job.dumps) {
        std::map<std::uint32_t, int> own;
        for (const Entry& e : d.entries) {
            if (e.pgIndex >= members.size())
                continue;
            const ProcessGroup& pg = job.processGroups[e.pgIndex];
            const OpInfo& info = ops.get(e.profilingName);
            if (pg.ranksKnown || isDefaultPg(pg) || info.selfLocal < 0 ||
                (info.family != OpFamily::Send && info.family != OpFamily::Recv))
                continue;
            auto [it, fresh] = own.emplace(e.pgIndex, info.selfLocal);
            if (!fresh && it->second != info.selfLocal)
                contradicted[e.pgIndex] = 1;
        }
        for (const auto& [p, local] : own) {
            auto [it, fresh] = anchors[p].emplace(local, d.rank);
            if (!fresh && it->second != d.rank)
                contradicted[p] = 1;
        }
    }
    std::set<int> missing(job.missingRanks.begin(), job.missingRanks.end());
    for (std::uint32_t p = 0; p < members.size(); ++p) {
        if (anchors[p].empty() || contradicted[p])
            continue;
        int lastGlobal = -1;
        for (const auto& [local, global] : anchors[p]) {
            if (global <= lastGlobal)
                contradicted[p] = 1; // sorted ranks: a higher local rank has a higher global one
            lastGlobal = global;
        }
        if (contradicted[p])
            continue;
        // Two pinned members exactly as far apart in global as in local ranks: every rank between is one.
        std::vector<int> between;
        for (auto it = anchors[p].begin(); std::next(it) != anchors[p].end(); ++it) {
            const auto next = std::next(it);
            if (next->second - it->second == next->first - it->first)
                for (int r = it->second + 1; r < next->second; ++r)
                    if (!std::binary_search(members[p].begin(), members[p].end(), r))
                        between.push_back(r);
        }
        // Only ranks that may be members of a PG no dump of theirs names: those without a dump. A rank whose
        // dump is there but names no such PG is left to the rules above.
        if (!between.empty() &&
            std::all_of(between.begin(), between.end(), [&](int r) { return missing.count(r) > 0; }))
            add(placed, members[p], p, between);
        const auto& m = members[p];
        std::size_t pinned = 0;
        for (const auto& [local, global] : anchors[p])
            if (static_cast<std::size_t>(local) < m.size() && m[static_cast<std::size_t>(local)] == global)
                pinned = std::max(pinned, static_cast<std::size_t>(local) + 1);
        out[p].assign(m.begin(), m.begin() + static_cast<std::ptrdiff_t>(pinned));
    }
    return out;
}

} // namespace fd
