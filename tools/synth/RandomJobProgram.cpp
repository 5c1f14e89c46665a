// A random job's topology, every rank's program, and the fault injected into one of them (RandomJob.h).
#include "DumpPieces.h"
#include "RandomJobModel.h"

#include <algorithm>
#include <array>
#include <map>
#include <numeric>

namespace fd::randomjob {

namespace {

template <typename T, std::size_t N> T pick(Rng& rng, const std::array<T, N>& from)
{
    return from[static_cast<std::size_t>(rng.below(static_cast<int>(N)))];
}

// The largest of `options` that divides n, picked at random among those that do.
int randomDivisor(Rng& rng, int n, std::vector<int> options)
{
    options.erase(std::remove_if(options.begin(), options.end(), [n](int d) { return d > n || n % d != 0; }),
                  options.end());
    return options.empty() ? 1
                           : options[static_cast<std::size_t>(rng.below(static_cast<int>(options.size())))];
}

} // namespace

Topology makeTopology(Rng& rng, const RandomJobLimits& limits)
{
    static constexpr std::array<int, 12> kWorlds{8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512};
    std::vector<int> worlds;
    for (int w : kWorlds)
        if (w >= limits.minRanks && w <= limits.maxRanks)
            worlds.push_back(w);
    if (worlds.empty())
        worlds.push_back(std::max(limits.minRanks, 8));
    Topology t;
    t.world = worlds[static_cast<std::size_t>(rng.below(static_cast<int>(worlds.size())))];
    t.tp = randomDivisor(rng, t.world / 2, {1, 2, 4, 8});
    t.cp = rng.chance(25) ? randomDivisor(rng, t.world / t.tp / 2, {2}) : 1;
    t.pp = randomDivisor(rng, t.world / (t.tp * t.cp), {1, 2, 4, 8});
    t.dp = t.world / (t.tp * t.cp * t.pp);
    t.ep = rng.chance(40) ? randomDivisor(rng, t.dp, {2, 4, 8}) : 1;

    auto addGroup = [&t](const char* desc, std::vector<int> ranks) {
        std::sort(ranks.begin(), ranks.end());
        Group g{std::to_string(t.groups.size()), desc, ranks, ranksText(ranks)};
        t.groups.push_back(std::move(g));
        return static_cast<int>(t.groups.size() - 1);
    };
    // Megatron's layout: rank = tp + TP * (cp + CP * (dp + DP * pp)).
    auto rankOf = [&t](int tp, int cp, int dp, int pp) { return tp + t.tp * (cp + t.cp * (dp + t.dp * pp)); };
    std::vector<int> all(static_cast<std::size_t>(t.world));
    std::iota(all.begin(), all.end(), 0);
    t.defaultGroup = addGroup("default_pg", all);
    for (auto* v : {&t.tpOf, &t.cpOf, &t.dpOf, &t.epOf, &t.ppOf})
        v->assign(static_cast<std::size_t>(t.world), -1);
    // Every rank creates every group in the same order, so names (creation indexes) agree across ranks.
    // `size` members along one dimension; the other three dimensions enumerate the groups.
    auto family = [&](const char* desc, std::vector<int>& groupOf, int size, auto member) {
        if (size < 2)
            return;
        for (int a = 0; a < t.world / size; ++a) {
            std::vector<int> ranks;
            for (int i = 0; i < size; ++i)
                ranks.push_back(member(a, i));
            const int g = addGroup(desc, ranks);
            for (int r : ranks)
                groupOf[static_cast<std::size_t>(r)] = g;
        }
    };
    family("TENSOR_MODEL_PARALLEL_GROUP", t.tpOf, t.tp, [&](int a, int i) { return a * t.tp + i; });
    family("CONTEXT_PARALLEL_GROUP", t.cpOf, t.cp, [&](int a, int i) {
        const int tp = a % t.tp, rest = a / t.tp; // rest = dp + DP * pp
        return rankOf(tp, i, rest % t.dp, rest / t.dp);
    });
    family("DATA_PARALLEL_GROUP", t.dpOf, t.dp, [&](int a, int i) {
        const int tp = a % t.tp, cp = (a / t.tp) % t.cp, pp = a / (t.tp * t.cp);
        return rankOf(tp, cp, i, pp);
    });
    // Expert parallelism splits each data-parallel group into blocks of EP ranks.
    family("EXPERT_MODEL_PARALLEL_GROUP", t.epOf, t.ep, [&](int a, int i) {
        const int blocks = t.dp / t.ep;
        const int block = a % blocks, rest = a / blocks;
        const int tp = rest % t.tp, cp = (rest / t.tp) % t.cp, pp = rest / (t.tp * t.cp);
        return rankOf(tp, cp, block * t.ep + i, pp);
    });
    family("PIPELINE_MODEL_PARALLEL_GROUP", t.ppOf, t.pp,
           [&](int a, int i) { return a + i * (t.world / t.pp); });
    return t;
}

std::vector<std::vector<ProgramOp>> makePrograms(const Topology& t, Rng& rng, int steps)
{
    // One program shape for the whole job (SPMD): only the pipeline stage changes what a rank does.
    const int layers = rng.between(1, 2);
    const int defaultEvery = rng.between(1, 4);
    const int dpInner = rng.between(2, 4);
    const bool dpAllGather = rng.chance(60); // distributed optimizer: a coalesced all_gather after the step
    const std::int64_t hidden = 64 * rng.between(4, 32);
    const std::int64_t stride = static_cast<std::int64_t>(t.world) / t.pp; // ranks per pipeline stage

    std::vector<std::vector<ProgramOp>> programs(static_cast<std::size_t>(t.world));
    for (int r = 0; r < t.world; ++r) {
        auto& p = programs[static_cast<std::size_t>(r)];
        const auto ur = static_cast<std::size_t>(r);
        const int stage = t.stageOf(r);
        for (int step = 0; step < steps; ++step) {
            auto op = [&](int group, OpKind kind, std::int64_t numel, int inner = 0, int peer = -1) {
                if (group < 0)
                    return;
                ProgramOp o;
                o.group = group;
                o.kind = kind;
                o.numel = numel;
                o.inner = inner;
                o.peer = peer;
                o.step = step;
                o.float32 = kind == OpKind::AllReduce;
                p.push_back(o);
            };
            auto layer = [&](bool backward) {
                op(t.tpOf[ur], OpKind::AllGather, 16 * hidden);
                op(t.cpOf[ur], backward ? OpKind::ReduceScatter : OpKind::AllGather, 8 * hidden);
                op(t.epOf[ur], OpKind::AllToAll, 32 * hidden);
                op(t.epOf[ur], OpKind::AllToAll, 32 * hidden);
                op(t.tpOf[ur], OpKind::ReduceScatter, 16 * hidden);
            };
            const int prev = r - static_cast<int>(stride), next = r + static_cast<int>(stride);
            const int pp = t.ppOf[ur];
            if (stage > 0)
                op(pp, OpKind::Recv, 64 * hidden, 0, prev);
            for (int l = 0; l < layers; ++l)
                layer(false);
            if (stage < t.pp - 1) {
                op(pp, OpKind::Send, 64 * hidden, 0, next);
                op(pp, OpKind::Recv, 64 * hidden, 0, next);
            }
            for (int l = 0; l < layers; ++l)
                layer(true);
            if (stage > 0)
                op(pp, OpKind::Send, 64 * hidden, 0, prev);
            op(t.dpOf[ur], OpKind::ReduceScatter, 1024 * hidden, dpInner);
            op(t.dpOf[ur], OpKind::AllReduce, 64);
            if (dpAllGather)
                op(t.dpOf[ur], OpKind::AllGather, 1024 * hidden, dpInner);
            if (step % defaultEvery == defaultEvery - 1)
                op(t.defaultGroup, OpKind::AllReduce, 1);
        }
    }
    return programs;
}

void numberOps(const Topology& t, std::vector<ProgramOp>& program)
{
    std::vector<std::int64_t> coll(t.groups.size(), 0), p2p(t.groups.size(), 0);
    for (ProgramOp& o : program) {
        const auto g = static_cast<std::size_t>(o.group);
        if (o.p2p())
            ++p2p[g];
        else
            ++coll[g];
        o.collSeq = coll[g];
        o.p2pSeq = p2p[g];
    }
}

namespace {

const char* kindText(OpKind k)
{
    switch (k) {
    case OpKind::AllGather:
        return "all_gather";
    case OpKind::ReduceScatter:
        return "reduce_scatter";
    case OpKind::AllReduce:
        return "all_reduce";
    case OpKind::AllToAll:
        return "all_to_all";
    case OpKind::Send:
        return "send";
    case OpKind::Recv:
        return "recv";
    }
    return "?";
}

// Two collectives of one PG at `step`, next to each other in that PG, that differ: swapping them makes an
// order mismatch.
std::vector<std::pair<std::size_t, std::size_t>> orderPairs(const std::vector<ProgramOp>& program, int step)
{
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    std::map<int, std::size_t> lastOfGroup;
    for (std::size_t i = 0; i < program.size(); ++i) {
        const ProgramOp& o = program[i];
        if (o.step != step || o.p2p())
            continue;
        auto it = lastOfGroup.find(o.group);
        if (it != lastOfGroup.end() && !program[it->second].sameAs(o))
            pairs.emplace_back(it->second, i);
        lastOfGroup[o.group] = i;
    }
    return pairs;
}

std::size_t sharedMembers(const Topology& t, int a, int b)
{
    const auto& x = t.groups[static_cast<std::size_t>(a)].ranks;
    const auto& y = t.groups[static_cast<std::size_t>(b)].ranks;
    std::size_t n = 0;
    for (int r : x)
        n += std::binary_search(y.begin(), y.end(), r) ? 1 : 0;
    return n;
}

// Two collectives of `step`, next to each other in the program, of two PGs that share at least two members:
// issued the other way round on one rank, they deadlock (a shared member waits in the first for the rank,
// which waits in the second for it). PGs that share one member only (TP and DP) do not: the others finish the
// first without the rank.
std::vector<std::size_t> crossPgPairs(const Topology& t, const std::vector<ProgramOp>& program, int step)
{
    std::vector<std::size_t> firsts;
    for (std::size_t i = 0; i + 1 < program.size(); ++i) {
        const ProgramOp& a = program[i];
        const ProgramOp& b = program[i + 1];
        if (a.step == step && b.step == step && !a.p2p() && !b.p2p() && a.group != b.group &&
            sharedMembers(t, a.group, b.group) >= 2)
            firsts.push_back(i);
    }
    return firsts;
}

// ExtraCollective: two collectives of `step`, next to each other, of two PGs that share at least two members
// (as crossPgPairs), where the first PG has a later collective: a rank that issues a copy of that one before
// the second PG's is one collective ahead in the first PG while its peers wait for it in the second.
std::vector<std::size_t> extraSites(const Topology& t, const std::vector<ProgramOp>& program, int step)
{
    std::vector<std::size_t> firsts;
    for (std::size_t i : crossPgPairs(t, program, step))
        for (std::size_t j = i + 2; j < program.size(); ++j)
            if (!program[j].p2p() && program[j].group == program[i].group) {
                firsts.push_back(i);
                break;
            }
    return firsts;
}

std::string where(const Topology& t, const ProgramOp& o)
{
    const Group& g = t.groups[static_cast<std::size_t>(o.group)];
    return std::string(kindText(o.kind)) + (o.inner ? " (coalesced)" : "") + " in PG " + g.name + " (" +
           g.desc + ") at step " + std::to_string(o.step);
}

// Candidate ops of `step` in `program` that a fault of kind `k` can hit.
std::vector<std::size_t> faultSites(const Topology& t, FaultKind k, const std::vector<ProgramOp>& program,
                                    int step)
{
    if (k == FaultKind::CrossPgOrder)
        return crossPgPairs(t, program, step);
    if (k == FaultKind::ExtraCollective)
        return extraSites(t, program, step);
    if (k == FaultKind::OrderMismatch) {
        std::vector<std::size_t> out;
        for (const auto& [a, b] : orderPairs(program, step))
            out.push_back(a);
        return out;
    }
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < program.size(); ++i) {
        const ProgramOp& o = program[i];
        if (o.step != step)
            continue;
        bool ok = true;
        switch (k) {
        case FaultKind::NoHang:
            ok = false;
            break;
        case FaultKind::StopsIssuing:
        case FaultKind::ProcessGone:
            break;
        case FaultKind::P2pHang:
            ok = o.p2p();
            break;
        case FaultKind::BrokenGpu:
        case FaultKind::DtypeMismatch:
        case FaultKind::GridExit: // inside a subgroup's collective
            ok = !o.p2p();
            break;
        case FaultKind::SizeMismatch:
            ok = !o.p2p() && o.kind != OpKind::AllToAll;
            break; // all_to_all sizes may differ
        case FaultKind::OpTypeMismatch:
            ok = !o.p2p() && !o.inner;
            break;
        case FaultKind::OrderMismatch:
        case FaultKind::CrossPgOrder:
        case FaultKind::ExtraCollective:
            break;
        }
        if (ok)
            out.push_back(i);
    }
    return out;
}

} // namespace

Fault injectFault(const Topology& t, std::vector<std::vector<ProgramOp>>& programs, Rng& rng, int faultStep)
{
    Fault f;
    f.kind = static_cast<FaultKind>(rng.below(kFaultKindCount));
    if (f.kind == FaultKind::NoHang) {
        f.story = "no fault: every op completes";
        return f;
    }
    // A rank whose program has a site for this kind at that step (a pipeline-less job has no p2p, a rank may
    // have no collective of one kind in a step); a few tries, then no fault.
    std::vector<std::size_t> sites;
    for (int attempt = 0; attempt < 16 && sites.empty(); ++attempt) {
        f.rank = rng.below(t.world);
        sites = faultSites(t, f.kind, programs[static_cast<std::size_t>(f.rank)], faultStep);
    }
    if (sites.empty()) {
        f = Fault{};
        f.story = "no fault: every op completes";
        return f;
    }
    auto& program = programs[static_cast<std::size_t>(f.rank)];
    f.op = sites[static_cast<std::size_t>(rng.below(static_cast<int>(sites.size())))];
    const std::string who = "rank " + std::to_string(f.rank) + " ";
    // The members two PGs share when they are exactly two (a vote on their order has no majority), else the
    // rank alone.
    auto orderCulprits = [&](int a, int b) {
        if (sharedMembers(t, a, b) != 2) {
            f.culprits = {f.rank};
            return;
        }
        const auto& x = t.groups[static_cast<std::size_t>(a)].ranks;
        const auto& y = t.groups[static_cast<std::size_t>(b)].ranks;
        for (int r : x)
            if (std::binary_search(y.begin(), y.end(), r))
                f.culprits.push_back(r);
    };
    auto mismatchCulprits = [&](const ProgramOp& o) {
        // Two members that disagree: nothing in the dumps says which one is wrong.
        const Group& g = t.groups[static_cast<std::size_t>(o.group)];
        f.culprits = g.ranks.size() == 2 ? g.ranks : std::vector<int>{f.rank};
    };

    switch (f.kind) {
    case FaultKind::NoHang:
        break;
    case FaultKind::StopsIssuing:
    case FaultKind::ProcessGone:
    case FaultKind::P2pHang: {
        const ProgramOp& o = program[f.op];
        if (o.inner > 1 && rng.chance(50))
            f.innerRecorded = rng.between(1, o.inner - 1);
        f.culprits = {f.rank};
        if (f.kind == FaultKind::ProcessGone)
            f.dead = {{f.rank, f.op}};
        f.story =
            who +
            (f.kind == FaultKind::ProcessGone ? "crashed (no dump) before " : "stopped issuing before ") +
            where(t, o) +
            (f.innerRecorded ? ", after recording " + std::to_string(f.innerRecorded) + " of its inner ops"
                             : "");
        break;
    }
    case FaultKind::BrokenGpu:
        f.culprits = {f.rank};
        f.story = who + "GPU never finishes " + where(t, program[f.op]) + " (its peers complete it)";
        break;
    case FaultKind::SizeMismatch: {
        ProgramOp& o = program[f.op];
        if (o.inner && rng.chance(50)) {
            o.oddInner = rng.below(o.inner);
            f.story =
                who + "passes other sizes to inner op " + std::to_string(o.oddInner) + " of " + where(t, o);
        } else {
            o.numel += 64 * rng.between(1, 8);
            f.story = who + "passes other sizes to " + where(t, o);
        }
        mismatchCulprits(o);
        break;
    }
    case FaultKind::DtypeMismatch: {
        ProgramOp& o = program[f.op];
        o.float32 = !o.float32;
        f.story = who + "passes another dtype to " + where(t, o);
        mismatchCulprits(o);
        break;
    }
    case FaultKind::OpTypeMismatch: {
        ProgramOp& o = program[f.op];
        const std::string before = where(t, o);
        o.kind = o.kind == OpKind::AllReduce ? OpKind::AllGather : OpKind::AllReduce;
        f.story = who + "calls " + kindText(o.kind) + " instead of " + before;
        mismatchCulprits(o);
        break;
    }
    case FaultKind::OrderMismatch: {
        // Swapped on this rank only: each member of the PG sees another op at the same collective_seq_id.
        std::size_t b = f.op;
        for (const auto& [x, y] : orderPairs(program, faultStep))
            if (x == f.op)
                b = y;
        f.story = who + "issues " + where(t, program[b]) + " before " + kindText(program[f.op].kind);
        std::swap(program[f.op], program[b]);
        mismatchCulprits(program[f.op]);
        break;
    }
    case FaultKind::CrossPgOrder: {
        // The members of both PGs vote on the order; with only one other, nothing says which of the two is
        // wrong.
        const ProgramOp& a = program[f.op];
        const ProgramOp& b = program[f.op + 1];
        f.story = who + "issues " + where(t, b) + " before " + where(t, a);
        orderCulprits(a.group, b.group);
        std::swap(program[f.op], program[f.op + 1]);
        break;
    }
    case FaultKind::ExtraCollective: {
        // A copy of the first PG's next collective, issued before the second PG's: the first PG's members
        // that are not in the second meet it there, so it agrees with theirs.
        const ProgramOp a = program[f.op];
        const ProgramOp b = program[f.op + 1];
        std::size_t next = f.op + 2;
        while (program[next].p2p() || program[next].group != a.group)
            ++next;
        ProgramOp extra = program[next];
        extra.step = a.step;
        f.story = who + "issues one " + where(t, extra) + " more, before " + where(t, b);
        orderCulprits(a.group, b.group);
        program.insert(program.begin() + static_cast<std::ptrdiff_t>(f.op + 1), extra);
        break;
    }
    case FaultKind::GridExit: {
        // A second rank of the same pipeline stage (the same program) in another TP group and another DP
        // group, half the time, exits before the same op.
        f.dead = {{f.rank, f.op}};
        std::vector<int> others;
        for (int r = 0; r < t.world; ++r) {
            const auto ur = static_cast<std::size_t>(r), uf = static_cast<std::size_t>(f.rank);
            if (r != f.rank && t.stageOf(r) == t.stageOf(f.rank) && t.tpOf[ur] != t.tpOf[uf] &&
                t.dpOf[ur] != t.dpOf[uf])
                others.push_back(r);
        }
        if (!others.empty() && rng.chance(50))
            f.dead.emplace_back(others[static_cast<std::size_t>(rng.below(static_cast<int>(others.size())))],
                                f.op);
        std::string ranks;
        for (const auto& [r, op] : f.dead) {
            f.culprits.push_back(r);
            ranks += (ranks.empty() ? "" : " and ") + std::to_string(r);
        }
        f.story = "rank" + std::string(f.dead.size() > 1 ? "s " : " ") + ranks + " exited (no dump) before " +
                  where(t, program[f.op]);
        break;
    }
    }
    return f;
}

} // namespace fd::randomjob
