#include "Stragglers.h"

#include "LatenessWalk.h"
#include "SortedRuns.h"
#include "core/io/ParallelFor.h"
#include "core/model/Job.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <tuple>
#include <utility>

namespace fd {

using namespace lateness;

namespace {

// The rule of docs/attribution.md, "Stragglers". No figure here is a time: lateness is judged against the
// spread of the peers' own lateness and against the rank's own pace.
constexpr double kSpread = 3.0;        // robust z-score: median lateness above the peers' by 3 sigmas
constexpr double kIntervalShare = 0.1; // and at least a tenth of the median gap between the PG's collectives
constexpr std::size_t kExactPeersUpTo = 16;  // larger PGs judge a member against all members' values
constexpr double kMedianEfficiency = 1.2533; // a sample median's standard error is 1.2533 sigma / sqrt(n)
constexpr double kOffsetSignificance = 3.0;  // a clock offset is removed when 3 standard errors from 0,
constexpr double kOffsetFamilyRisk = 0.05;   // or more where the job tests many ranks (offsetSignificance)

constexpr std::int64_t kNoTime = Entry::kNoTime;
constexpr std::uint32_t kNoPgIndex = Entry::kNoPgIndex;

double quantile(std::vector<float>& v, double q)
{
    if (v.empty())
        return 0;
    const auto k = static_cast<std::ptrdiff_t>(std::floor(q * double(v.size() - 1) + 0.5));
    std::nth_element(v.begin(), v.begin() + k, v.end());
    return v[std::size_t(k)];
}

// The same quantile of a sorted sample.
double sortedQuantile(const std::vector<float>& sorted, double q)
{
    if (sorted.empty())
        return 0;
    return sorted[std::size_t(std::floor(q * double(sorted.size() - 1) + 0.5))];
}

// How many standard errors from 0 a rank's offset must be when `tested` ranks are tested. Each test at 3
// passes noise on 0.27% of the ranks, which at 16,384 ranks is 44 of them, each then made late by its noise
// in every PG; so the chance that noise passes on any rank of the job is held at kOffsetFamilyRisk
// (Bonferroni: a two-sided normal tail of kOffsetFamilyRisk / tested per rank), never below 3 standard
// errors: 3 up to 18 ranks, 3.7 at 256, 4.7 at 16,384. A real offset of a host's clock, against collectives
// that end together, stands tens of standard errors out.
double offsetSignificance(std::size_t tested)
{
    const double tail = kOffsetFamilyRisk / double(std::max<std::size_t>(tested, 1));
    double below = 0, above = 40; // erfc(z / sqrt 2) falls from 1 to 0 over [0, 40]
    for (int step = 0; step < 64; ++step) {
        const double z = (below + above) / 2;
        (std::erfc(z / std::sqrt(2.0)) > tail ? below : above) = z;
    }
    return std::max(kOffsetSignificance, above);
}

// Per rank: the median of its completion deviations (its completion minus the median completion of all
// members, over its collectives). A collective ends at one moment on all its members, whoever joined last,
// so what is left is its clock's offset; it is kept only where it stands out of the deviations' own scatter.
std::vector<double> clockOffsets(std::vector<std::vector<float>>& deviations, bool* aligned)
{
    std::vector<double> offsets(deviations.size(), 0.0);
    std::vector<double> standardErrors(deviations.size(), 0.0);
    auto testable = [](const std::vector<float>& d) {
        return d.size() >= std::size_t(kStragglerMinCollectives);
    };
    // Each rank's estimate is its own, and the selections over every rank's deviations are the serial part of
    // this analysis that grows with the job: one rank per task.
    parallelFor(offsets.size(), 0, nullptr, [&](std::size_t r) {
        std::vector<float>& d = deviations[r];
        if (!testable(d))
            return;
        const double offset = quantile(d, 0.5);
        for (float& x : d)
            x = std::abs(x - float(offset));
        // The median's standard error, from the deviations' own scatter: where collectives do not end
        // together (coarse polling, completion times that are each rank's own), the estimate is noise, and
        // removing it would make a rank late by it in every PG.
        const double sigma = kMadToSigma * quantile(d, 0.5);
        offsets[r] = offset;
        standardErrors[r] = kMedianEfficiency * sigma / std::sqrt(double(d.size()));
    });
    const auto tested = std::size_t(std::count_if(deviations.begin(), deviations.end(), testable));
    *aligned = tested > 0;
    const double significance = offsetSignificance(tested);
    for (std::size_t r = 0; r < offsets.size(); ++r)
        if (std::abs(offsets[r]) < significance * standardErrors[r])
            offsets[r] = 0.0;
    return offsets;
}

RankLateness summarise(int rank, std::uint32_t pg, LatenessBasis basis, const std::vector<float>& sorted)
{
    RankLateness l;
    l.rank = rank;
    l.pgIndex = pg;
    l.basis = basis;
    l.collectives = int(sorted.size());
    l.medianMs = sortedQuantile(sorted, 0.5);
    l.p90Ms = sortedQuantile(sorted, 0.9);
    return l;
}

struct PgLateness
{
    std::vector<std::vector<float>> late; // by member index, sorted
    std::vector<RankLateness> members;    // by member index
    std::vector<bool> flagged;
};

// Every member's distribution in one PG on one basis, and whether rules 1-3 hold for it.
PgLateness judgePg(const Job& job, std::uint32_t pg, const std::vector<MemberRecords>& members,
                   LatenessBasis basis, std::vector<std::vector<float>> late,
                   const std::vector<double>& paceOfDump)
{
    PgLateness l;
    l.late = std::move(late);
    std::vector<std::uint32_t> scratch;
    SortedRuns all;
    for (std::vector<float>& v : l.late) {
        sortFloats(v, scratch);
        all.add(v);
    }
    l.flagged.assign(members.size(), false);
    const auto [allCentre, allSpread] =
        members.size() > kExactPeersUpTo ? all.centreAndSpread() : std::pair<double, double>{0.0, 0.0};
    for (std::size_t m = 0; m < members.size(); ++m) {
        const int rank = job.dumps[members[m].dump].rank;
        l.members.push_back(summarise(rank, pg, basis, l.late[m]));
        const RankLateness& rl = l.members.back();
        if (rl.collectives < kStragglerMinCollectives || rl.medianMs <= 0)
            continue;
        double centre = allCentre, spread = allSpread;
        if (members.size() <= kExactPeersUpTo)
            std::tie(centre, spread) = all.centreAndSpread(m);
        l.flagged[m] = rl.medianMs - centre >= kSpread * spread &&
                       rl.medianMs >= kIntervalShare * paceOfDump[members[m].dump];
    }
    return l;
}

// The median lateness in `l` of the members whose rank is in `ranks` (sorted), other than `rank`; NaN when
// none of them is a member with collectives.
double medianOfRanks(const PgLateness& l, const std::vector<int>& ranks, int rank)
{
    std::vector<float> medians;
    for (const RankLateness& rl : l.members)
        if (rl.rank != rank && rl.collectives > 0 && std::binary_search(ranks.begin(), ranks.end(), rl.rank))
            medians.push_back(float(rl.medianMs));
    return medians.empty() ? std::numeric_limits<double>::quiet_NaN() : quantile(medians, 0.5);
}

// Rule 4 of docs/attribution.md: `rank`, late in the PGs of `flaggedIn`, is not late in `onTime` (member
// index `m`); that PG does not speak against it when the members it is late against in one of those PGs are
// in this one too, and it is late against them here as well (by half as much): then it is this PG's mix of
// members that hides it (a PG spanning pipeline stages, whose members reach it at different points of a
// step).
bool excused(const std::vector<std::array<PgLateness, kBasisCount>>& ofPg, std::size_t b, int rank,
             std::uint32_t onTime, std::size_t m,
             const std::vector<std::pair<std::uint32_t, std::size_t>>& flaggedIn)
{
    const PgLateness& here = ofPg[onTime][b];
    for (const auto& [pg, fm] : flaggedIn) {
        std::vector<int> peers;
        for (const RankLateness& rl : ofPg[pg][b].members)
            peers.push_back(rl.rank);
        std::sort(peers.begin(), peers.end());
        const double theirs = medianOfRanks(here, peers, rank);
        if (!std::isnan(theirs) &&
            here.members[m].medianMs - theirs >= 0.5 * ofPg[pg][b].members[fm].medianMs)
            return true;
    }
    return false;
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

    // One walk measures the lateness without clock offsets and gathers what gives the offsets; only the PGs
    // of a rank whose clock is off are walked again, with them.
    std::vector<PgWalk> walks(byPg.size());
    parallelFor(byPg.size(), 0, nullptr, [&](std::size_t pg) {
        if (byPg[pg].size() >= 2)
            walks[pg] = walkPg(job, byPg[pg], nullptr, true);
    });
    {
        // Each rank's deviations over its PGs, gathered a rank per task: (PG, member) of each rank first.
        std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> memberships(
            static_cast<std::size_t>(world));
        for (std::size_t pg = 0; pg < byPg.size(); ++pg)
            for (std::size_t m = 0; m < walks[pg].completionDeviation.size(); ++m)
                memberships[std::size_t(job.dumps[byPg[pg][m].dump].rank)].emplace_back(pg, m);
        std::vector<std::vector<float>> deviations(static_cast<std::size_t>(world));
        parallelFor(deviations.size(), 0, nullptr, [&](std::size_t r) {
            std::size_t total = 0;
            for (const auto& [pg, m] : memberships[r])
                total += walks[pg].completionDeviation[m].size();
            deviations[r].reserve(total);
            for (const auto& [pg, m] : memberships[r]) {
                auto& found = walks[pg].completionDeviation[m];
                deviations[r].insert(deviations[r].end(), found.begin(), found.end());
                std::vector<float>().swap(found);
            }
        });
        out.clockOffsetMs = clockOffsets(deviations, &out.clocksAligned);
    }
    std::vector<std::array<PgLateness, kBasisCount>> ofPg(byPg.size());
    parallelFor(byPg.size(), 0, nullptr, [&](std::size_t pg) {
        const auto& members = byPg[pg];
        if (members.size() < 2)
            return;
        const bool skewed = std::any_of(members.begin(), members.end(), [&](const MemberRecords& r) {
            return out.clockOffsetMs[std::size_t(job.dumps[r.dump].rank)] != 0.0;
        });
        if (skewed)
            walks[pg] = walkPg(job, members, &out.clockOffsetMs, false);
        for (std::size_t b = 0; b < kBasisCount; ++b)
            ofPg[pg][b] =
                judgePg(job, std::uint32_t(pg), members, kBases[b], std::move(walks[pg].late[b]), paceOfDump);
    });

    std::vector<bool> listed(std::size_t(world), false); // by its enqueue times
    for (std::size_t b = 0; b < kBasisCount; ++b) {
        const LatenessBasis basis = kBases[b];
        std::vector<SortedRuns> allOfRank(static_cast<std::size_t>(world));
        // A rank is a straggler on a basis when it is late in every PG it was judged in: a rank held back
        // by a straggler in one PG joins its next PG late, but is early in the first.
        std::vector<int> judgedIn(std::size_t(world), 0), lateIn(std::size_t(world), 0);
        std::vector<RankLateness> perPg;
        for (std::uint32_t pg = 0; pg < byPg.size(); ++pg) {
            PgLateness& l = ofPg[pg][b];
            for (std::size_t m = 0; m < l.members.size(); ++m) {
                RankLateness& rl = l.members[m];
                if (rl.collectives == 0)
                    continue;
                allOfRank[std::size_t(rl.rank)].add(l.late[m]);
                if (rl.collectives >= kStragglerMinCollectives)
                    ++judgedIn[std::size_t(rl.rank)];
                lateIn[std::size_t(rl.rank)] += l.flagged[m];
                rl.straggler = l.flagged[m];
                perPg.push_back(rl);
            }
        }
        // Ranks late in some PGs but not all: each PG it is on time in must excuse it (rule 4). Few ranks get
        // here, so their PGs are looked up by a scan.
        std::vector<char> excusedRank(std::size_t(world), 0);
        for (int r = 0; r < world; ++r) {
            const int late = lateIn[std::size_t(r)], judged = judgedIn[std::size_t(r)];
            if (late == 0 || late == judged)
                continue;
            std::vector<std::pair<std::uint32_t, std::size_t>> flaggedIn, onTime;
            for (std::uint32_t pg = 0; pg < byPg.size(); ++pg) {
                const PgLateness& l = ofPg[pg][b];
                for (std::size_t m = 0; m < l.members.size(); ++m) {
                    if (l.members[m].rank != r || l.members[m].collectives < kStragglerMinCollectives)
                        continue;
                    (l.flagged[m] ? flaggedIn : onTime).emplace_back(pg, m);
                }
            }
            excusedRank[std::size_t(r)] = std::all_of(
                onTime.begin(), onTime.end(), [&](const std::pair<std::uint32_t, std::size_t>& p) {
                    return excused(ofPg, b, r, p.first, p.second, flaggedIn);
                });
        }
        auto isStraggler = [&](int rank) {
            return judgedIn[std::size_t(rank)] > 0 &&
                   (lateIn[std::size_t(rank)] == judgedIn[std::size_t(rank)] ||
                    excusedRank[std::size_t(rank)]);
        };
        for (RankLateness& rl : perPg) {
            rl.straggler = rl.straggler && isStraggler(rl.rank);
            // A rank late on its CPU also starts late on its GPU: it is listed once, by its enqueue times.
            if (rl.straggler && !listed[std::size_t(rl.rank)])
                out.stragglers.push_back(
                    {rl.rank, rl.pgIndex, basis, rl.medianMs, rl.p90Ms, rl.collectives,
                     job.dumpForRank(rl.rank) ? job.dumpForRank(rl.rank)->host : QString()});
        }
        if (basis == LatenessBasis::Enqueue)
            for (const Straggler& s : out.stragglers)
                listed[std::size_t(s.rank)] = true;
        for (int r = 0; r < world; ++r) {
            const SortedRuns& runs = allOfRank[std::size_t(r)];
            if (runs.size() == 0)
                continue;
            RankLateness all;
            all.rank = r;
            all.pgIndex = kNoPgIndex;
            all.basis = basis;
            all.collectives = int(runs.size());
            all.medianMs = runs.quantile(0.5);
            all.p90Ms = runs.quantile(0.9);
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
