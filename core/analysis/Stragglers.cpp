#include "Stragglers.h"

#include "core/io/ParallelFor.h"
#include "core/model/Job.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace fd {

namespace {

// The rule of docs/attribution.md, "Stragglers". No figure here is a time: lateness is judged against the
// spread of the peers' own lateness and against the rank's own pace.
constexpr double kSpread = 3.0;        // robust z-score: median lateness above the peers' by 3 sigmas
constexpr double kMadToSigma = 1.4826; // MAD of a normal distribution -> its standard deviation
constexpr double kIntervalShare = 0.1; // and at least a tenth of the median gap between the PG's collectives
constexpr std::size_t kExactPeersUpTo = 16; // larger PGs judge a member against all members' values

constexpr std::int64_t kNoTime = Entry::kNoTime;
constexpr std::uint32_t kNoPgIndex = 0xffffffffu;

std::int64_t timeOn(const EntryTimes& t, LatenessBasis basis)
{
    const std::int64_t v = basis == LatenessBasis::Enqueue ? t.timeCreatedNs : t.timeDiscoveredStartedNs;
    return v > 0 ? v : kNoTime; // JSON writes an absent time as 0
}

std::int64_t completedAt(const Entry& e, const EntryTimes& t)
{
    return e.state == EntryState::Completed && t.timeDiscoveredCompletedNs > 0 ? t.timeDiscoveredCompletedNs
                                                                               : kNoTime;
}

// A collective (not p2p: a send and its receive are two ops of two ranks) with a PG and a seq.
bool judged(const Entry& e)
{
    return !e.isP2p && e.pgIndex != kNoPgIndex && e.collectiveSeqId != Entry::kAbsent;
}

double quantile(std::vector<float>& v, double q)
{
    if (v.empty())
        return 0;
    const auto k = static_cast<std::ptrdiff_t>(std::floor(q * double(v.size() - 1) + 0.5));
    std::nth_element(v.begin(), v.begin() + k, v.end());
    return v[std::size_t(k)];
}

double median(std::vector<float> v)
{
    return quantile(v, 0.5);
}

// Median and sigma (MAD-based) of a sample.
std::pair<double, double> centreAndSpread(std::vector<float> v)
{
    const double m = quantile(v, 0.5);
    for (float& x : v)
        x = std::abs(x - float(m));
    return {m, kMadToSigma * quantile(v, 0.5)};
}

// One PG member's records: its dump and the indices of its judged entries, by seq, the last one per seq (a
// coalesced group's terminator comes after its inner ops).
struct MemberRecords
{
    std::uint32_t dump = 0;
    std::vector<std::uint32_t> entries;
};

// Also each dump's pace: the median gap between the enqueue times of its successive collectives, in ms.
std::vector<std::vector<MemberRecords>> recordsByPg(const Job& job, std::vector<double>& paceOfDump)
{
    std::vector<std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>>> perDump(job.dumps.size());
    paceOfDump.assign(job.dumps.size(), 0.0);
    parallelFor(job.dumps.size(), 0, nullptr, [&](std::size_t d) {
        const RankDump& dump = job.dumps[d];
        if (dump.times.size() != dump.entries.size())
            return; // loaded without times
        auto& out = perDump[d];
        std::vector<float> gaps;
        std::int64_t previous = kNoTime;
        for (std::uint32_t i = 0; i < dump.entries.size(); ++i) {
            const Entry& e = dump.entries[i];
            if (!judged(e) || e.pgIndex >= job.processGroups.size())
                continue;
            if (const std::int64_t t = timeOn(dump.times[i], LatenessBasis::Enqueue); t != kNoTime) {
                if (previous != kNoTime)
                    gaps.push_back(float(double(t - previous) / 1e6));
                previous = t;
            }
            auto it =
                std::find_if(out.begin(), out.end(), [&](const auto& p) { return p.first == e.pgIndex; });
            if (it == out.end())
                it = out.insert(out.end(), {e.pgIndex, {}});
            it->second.push_back(i);
        }
        for (auto& [pg, entries] : out) {
            auto seqAt = [&](std::uint32_t i) { return dump.entries[i].collectiveSeqId; };
            auto bySeq = [&](std::uint32_t a, std::uint32_t b) { return seqAt(a) < seqAt(b); };
            if (!std::is_sorted(entries.begin(), entries.end(),
                                bySeq)) // a ring buffer lists them by seq already
                std::stable_sort(entries.begin(), entries.end(), bySeq);
            std::vector<std::uint32_t> last;
            last.reserve(entries.size());
            for (std::uint32_t i : entries) {
                if (!last.empty() && seqAt(last.back()) == seqAt(i))
                    last.back() = i;
                else
                    last.push_back(i);
            }
            entries = std::move(last);
        }
        paceOfDump[d] = std::abs(median(std::move(gaps)));
    });
    std::vector<std::vector<MemberRecords>> byPg(job.processGroups.size());
    for (std::uint32_t d = 0; d < perDump.size(); ++d)
        for (auto& [pg, entries] : perDump[d])
            byPg[pg].push_back({d, std::move(entries)});
    return byPg;
}

struct Hit
{
    std::uint32_t member = 0;
    std::uint32_t entry = 0;
};

// Calls f(hits) once per seq of the PG, with the members that recorded it.
template <typename F> void forEachCollective(const Job& job, const std::vector<MemberRecords>& members, F&& f)
{
    std::vector<std::size_t> cursor(members.size(), 0);
    std::vector<Hit> hits;
    auto seqOf = [&](std::size_t m) {
        return job.dumps[members[m].dump].entries[members[m].entries[cursor[m]]].collectiveSeqId;
    };
    for (;;) {
        std::int64_t seq = std::numeric_limits<std::int64_t>::max();
        for (std::size_t m = 0; m < members.size(); ++m)
            if (cursor[m] < members[m].entries.size())
                seq = std::min(seq, seqOf(m));
        if (seq == std::numeric_limits<std::int64_t>::max())
            return;
        hits.clear();
        for (std::size_t m = 0; m < members.size(); ++m)
            if (cursor[m] < members[m].entries.size() && seqOf(m) == seq)
                hits.push_back({std::uint32_t(m), members[m].entries[cursor[m]++]});
        f(hits);
    }
}

// The median of the sorted values without the one at `self`.
double medianWithout(const std::vector<double>& sorted, std::size_t self)
{
    const std::size_t n = sorted.size() - 1;
    auto at = [&](std::size_t j) { return j < self ? sorted[j] : sorted[j + 1]; };
    return (at((n - 1) / 2) + at(n / 2)) / 2;
}

// Per rank: the median of (its completion - the median completion of all members), over its collectives.
// A collective ends at one moment on all its members, whoever joined last, so what is left is its clock's
// offset.
std::vector<double> clockOffsets(const Job& job, const std::vector<std::vector<MemberRecords>>& byPg,
                                 int world, bool* aligned)
{
    std::vector<std::vector<float>> deviations(static_cast<std::size_t>(world));
    std::vector<std::pair<std::int64_t, int>> done; // (completion, rank)
    std::vector<std::int64_t> sorted;
    for (const auto& members : byPg) {
        forEachCollective(job, members, [&](const std::vector<Hit>& hits) {
            done.clear();
            for (const Hit& h : hits) {
                const RankDump& d = job.dumps[members[h.member].dump];
                if (const std::int64_t t = completedAt(d.entries[h.entry], d.times[h.entry]); t != kNoTime)
                    done.push_back({t, d.rank});
            }
            if (done.size() < 2)
                return;
            sorted.clear();
            for (const auto& [t, rank] : done)
                sorted.push_back(t);
            std::sort(sorted.begin(), sorted.end());
            const double mid =
                (double(sorted[(sorted.size() - 1) / 2]) + double(sorted[sorted.size() / 2])) / 2;
            for (const auto& [t, rank] : done)
                deviations[std::size_t(rank)].push_back(float((double(t) - mid) / 1e6));
        });
    }
    std::vector<double> offsets(std::size_t(world), 0.0);
    *aligned = false;
    for (std::size_t r = 0; r < offsets.size(); ++r) {
        if (deviations[r].size() >= std::size_t(kStragglerMinCollectives)) {
            offsets[r] = median(std::move(deviations[r]));
            *aligned = true;
        }
    }
    return offsets;
}

RankLateness summarise(int rank, std::uint32_t pg, LatenessBasis basis, std::vector<float> values)
{
    RankLateness l;
    l.rank = rank;
    l.pgIndex = pg;
    l.basis = basis;
    l.collectives = int(values.size());
    l.medianMs = quantile(values, 0.5);
    l.p90Ms = quantile(values, 0.9);
    return l;
}

struct PgLateness
{
    std::vector<RankLateness> members; // by member index
    std::vector<bool> flagged;
};

// Every member's lateness in one PG on one basis; `allOfRank` collects each rank's values over all its PGs.
PgLateness latenessInPg(const Job& job, std::uint32_t pg, const std::vector<MemberRecords>& members,
                        LatenessBasis basis, const std::vector<double>& offsets,
                        const std::vector<double>& paceOfDump, std::vector<std::vector<float>>& allOfRank)
{
    std::vector<std::vector<float>> late(members.size());
    std::vector<double> sorted;
    std::vector<std::pair<double, std::uint32_t>> timed;
    forEachCollective(job, members, [&](const std::vector<Hit>& hits) {
        timed.clear();
        for (const Hit& h : hits) {
            const RankDump& d = job.dumps[members[h.member].dump];
            const std::int64_t t = timeOn(d.times[h.entry], basis);
            if (t != kNoTime)
                timed.push_back({double(t) / 1e6 - offsets[std::size_t(d.rank)], h.member});
        }
        if (timed.size() < 2)
            return;
        std::sort(timed.begin(), timed.end());
        sorted.clear();
        for (const auto& [t, m] : timed)
            sorted.push_back(t);
        for (std::size_t i = 0; i < timed.size(); ++i)
            late[timed[i].second].push_back(float(timed[i].first - medianWithout(sorted, i)));
    });

    PgLateness out;
    out.flagged.assign(members.size(), false);
    std::vector<float> pooled;
    if (members.size() > kExactPeersUpTo)
        for (const auto& v : late)
            pooled.insert(pooled.end(), v.begin(), v.end());
    const auto [allCentre, allSpread] = centreAndSpread(pooled);
    for (std::size_t m = 0; m < members.size(); ++m) {
        const int rank = job.dumps[members[m].dump].rank;
        auto& mine = allOfRank[std::size_t(rank)];
        mine.insert(mine.end(), late[m].begin(), late[m].end());
        out.members.push_back(summarise(rank, pg, basis, late[m]));
        const RankLateness& l = out.members.back();
        if (l.collectives < kStragglerMinCollectives || l.medianMs <= 0)
            continue;
        double centre = allCentre, spread = allSpread;
        if (members.size() <= kExactPeersUpTo) {
            std::vector<float> peers;
            for (std::size_t o = 0; o < members.size(); ++o)
                if (o != m)
                    peers.insert(peers.end(), late[o].begin(), late[o].end());
            std::tie(centre, spread) = centreAndSpread(std::move(peers));
        }
        out.flagged[m] = l.medianMs - centre >= kSpread * spread &&
                         l.medianMs >= kIntervalShare * paceOfDump[members[m].dump];
    }
    return out;
}

} // namespace

const char* latenessBasisName(LatenessBasis b)
{
    return b == LatenessBasis::Start ? "start" : "enqueue";
}

bool parseLatenessBasis(const QString& text, LatenessBasis* out)
{
    for (const LatenessBasis b : {LatenessBasis::Enqueue, LatenessBasis::Start})
        if (text == QLatin1String(latenessBasisName(b))) {
            *out = b;
            return true;
        }
    return false;
}

StragglerAnalysis analyzeStragglers(const Job& job)
{
    StragglerAnalysis out;
    int world = job.worldSize;
    for (const RankDump& d : job.dumps)
        world = std::max(world, d.rank + 1);
    std::vector<double> paceOfDump;
    const auto byPg = recordsByPg(job, paceOfDump);
    out.clockOffsetMs = clockOffsets(job, byPg, world, &out.clocksAligned);

    std::vector<bool> listed(std::size_t(world), false); // by its enqueue times
    for (const LatenessBasis basis : {LatenessBasis::Enqueue, LatenessBasis::Start}) {
        std::vector<std::vector<float>> allOfRank(static_cast<std::size_t>(world));
        // A rank is a straggler on a basis when it is late in every PG it was judged in: a rank held back
        // by a straggler in one PG joins its next PG late, but is early in the first.
        std::vector<int> judgedIn(std::size_t(world), 0), lateIn(std::size_t(world), 0);
        std::vector<RankLateness> perPg;
        for (std::uint32_t pg = 0; pg < byPg.size(); ++pg) {
            if (byPg[pg].size() < 2)
                continue;
            PgLateness l = latenessInPg(job, pg, byPg[pg], basis, out.clockOffsetMs, paceOfDump, allOfRank);
            for (std::size_t m = 0; m < l.members.size(); ++m) {
                RankLateness& rl = l.members[m];
                if (rl.collectives == 0)
                    continue;
                if (rl.collectives >= kStragglerMinCollectives)
                    ++judgedIn[std::size_t(rl.rank)];
                lateIn[std::size_t(rl.rank)] += l.flagged[m];
                rl.straggler = l.flagged[m];
                perPg.push_back(rl);
            }
        }
        auto isStraggler = [&](int rank) {
            return judgedIn[std::size_t(rank)] > 0 &&
                   lateIn[std::size_t(rank)] == judgedIn[std::size_t(rank)];
        };
        for (RankLateness& rl : perPg) {
            rl.straggler = rl.straggler && isStraggler(rl.rank);
            // A rank late on its CPU also starts late on its GPU: it is listed once, by its enqueue times.
            if (rl.straggler && !listed[std::size_t(rl.rank)])
                out.stragglers.push_back({rl.rank, rl.pgIndex, basis, rl.medianMs, rl.p90Ms, rl.collectives});
        }
        if (basis == LatenessBasis::Enqueue)
            for (const Straggler& s : out.stragglers)
                listed[std::size_t(s.rank)] = true;
        for (int r = 0; r < world; ++r) {
            if (allOfRank[std::size_t(r)].empty())
                continue;
            RankLateness all = summarise(r, kNoPgIndex, basis, std::move(allOfRank[std::size_t(r)]));
            all.straggler = isStraggler(r);
            out.perRank.push_back(all);
        }
        out.perPg.insert(out.perPg.end(), perPg.begin(), perPg.end());
    }
    auto byRankPgBasis = [](const RankLateness& a, const RankLateness& b) {
        return std::tie(a.rank, a.pgIndex, a.basis) < std::tie(b.rank, b.pgIndex, b.basis);
    };
    std::sort(out.perPg.begin(), out.perPg.end(), byRankPgBasis);
    std::sort(out.perRank.begin(), out.perRank.end(), byRankPgBasis);
    std::sort(out.stragglers.begin(), out.stragglers.end(), [](const Straggler& a, const Straggler& b) {
        return std::tie(b.medianLateMs, b.p90LateMs, a.rank, a.pgIndex) <
               std::tie(a.medianLateMs, a.p90LateMs, b.rank, b.pgIndex);
    });
    return out;
}

double entryLatenessMs(const Job& job, const CollectiveIndex& index, std::uint32_t dump, std::uint32_t entry,
                       LatenessBasis basis, const std::vector<double>& clockOffsetMs)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (dump >= job.dumps.size() || entry >= job.dumps[dump].entries.size())
        return nan;
    const Entry& e = job.dumps[dump].entries[entry];
    const CollectiveIndex::Collective* c = judged(e) ? index.get(e.pgIndex, e.collectiveSeqId) : nullptr;
    if (!c)
        return nan;
    auto timeOf = [&](const EntryRef& ref) {
        const RankDump& d = job.dumps[ref.dump];
        const std::int64_t t = ref.entry < d.times.size() ? timeOn(d.times[ref.entry], basis) : kNoTime;
        const auto rank = std::size_t(d.rank);
        return t == kNoTime ? nan
                            : double(t) / 1e6 - (rank < clockOffsetMs.size() ? clockOffsetMs[rank] : 0.0);
    };
    double mine = nan;
    std::vector<double> peers;
    for (const EntryRef& ref : c->refs) {
        const double t = timeOf(ref);
        if (ref.dump == dump)
            mine = t;
        else if (!std::isnan(t))
            peers.push_back(t);
    }
    if (std::isnan(mine) || peers.empty())
        return nan;
    std::sort(peers.begin(), peers.end());
    return mine - (peers[(peers.size() - 1) / 2] + peers[peers.size() / 2]) / 2;
}

} // namespace fd
