// How a random job hangs (RandomJob.h): every rank's CPU issues its program in order, at most `queue depth`
// ops ahead of the op its GPU is in; every GPU runs its ops in order; an op completes when every
// participant's GPU is at it and they agree on it. The fault changes one rank: its CPU stops (stops issuing,
// process gone, p2p hang), its GPU never finishes one collective its peers complete (broken GPU), or its op
// disagrees with its peers' (mismatches), which then never completes anywhere.
#include "RandomJobModel.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace fd::randomjob {

namespace {

// The k-th send from a to b meets the k-th receive at b from a: per op, the index of its partner op in the
// peer's program, or -1 when the peer never issues one.
std::vector<std::vector<std::ptrdiff_t>> pairP2p(const std::vector<std::vector<ProgramOp>>& programs)
{
    std::vector<std::vector<std::ptrdiff_t>> partner(programs.size());
    // (sender, receiver) -> op indexes, in program order, on each side.
    std::map<std::pair<int, int>, std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> lanes;
    for (std::size_t r = 0; r < programs.size(); ++r) {
        partner[r].assign(programs[r].size(), -1);
        for (std::size_t i = 0; i < programs[r].size(); ++i) {
            const ProgramOp& o = programs[r][i];
            if (o.kind == OpKind::Send)
                lanes[{static_cast<int>(r), o.peer}].first.push_back(i);
            else if (o.kind == OpKind::Recv)
                lanes[{o.peer, static_cast<int>(r)}].second.push_back(i);
        }
    }
    for (const auto& [pair, ops] : lanes) {
        const auto [from, to] = pair;
        for (std::size_t k = 0; k < std::min(ops.first.size(), ops.second.size()); ++k) {
            partner[static_cast<std::size_t>(from)][ops.first[k]] =
                static_cast<std::ptrdiff_t>(ops.second[k]);
            partner[static_cast<std::size_t>(to)][ops.second[k]] = static_cast<std::ptrdiff_t>(ops.first[k]);
        }
    }
    return partner;
}

} // namespace

Outcome simulate(const RandomJob::Model& m)
{
    const auto world = static_cast<std::size_t>(m.topo.world);
    const auto& programs = m.programs;
    const Fault& f = m.fault;
    const bool cpuStops = f.kind == FaultKind::StopsIssuing || f.kind == FaultKind::P2pHang;
    std::vector<std::size_t> limit(world);
    for (std::size_t r = 0; r < world; ++r)
        limit[r] = programs[r].size();
    if (cpuStops)
        limit[static_cast<std::size_t>(f.rank)] = f.op;
    for (const auto& [r, op] : f.dead)
        limit[static_cast<std::size_t>(r)] = op;

    Outcome out;
    out.gpu.assign(world, 0);
    out.issued.assign(world, 0);
    const auto depth = static_cast<std::size_t>(m.dump.queueDepth);
    auto reissue = [&](std::size_t r) { out.issued[r] = std::min(limit[r], out.gpu[r] + 1 + depth); };
    for (std::size_t r = 0; r < world; ++r)
        reissue(r);

    const auto partner = pairP2p(programs);
    const auto brokenRank = f.kind == FaultKind::BrokenGpu ? static_cast<std::size_t>(f.rank) : world;
    bool brokenRan = false; // the broken GPU's collective completed for its peers; it stays there itself
    auto atHead = [&](std::size_t r, std::size_t i) { return out.gpu[r] == i && i < out.issued[r]; };

    for (bool progress = true; progress;) {
        progress = false;
        for (std::size_t r = 0; r < world; ++r) {
            const std::size_t i = out.gpu[r];
            if (i >= out.issued[r] || (r == brokenRank && brokenRan))
                continue;
            const ProgramOp& o = programs[r][i];
            if (o.p2p()) {
                // Checked from the sending side only; both sides advance together.
                const std::ptrdiff_t j = partner[r][i];
                if (o.kind != OpKind::Send || j < 0 ||
                    !atHead(static_cast<std::size_t>(o.peer), static_cast<std::size_t>(j)))
                    continue;
                ++out.gpu[r];
                ++out.gpu[static_cast<std::size_t>(o.peer)];
                reissue(r);
                reissue(static_cast<std::size_t>(o.peer));
                progress = true;
                continue;
            }
            const Group& g = m.topo.groups[static_cast<std::size_t>(o.group)];
            if (static_cast<std::size_t>(g.ranks.front()) != r)
                continue; // checked once, from the group's first member
            bool ready = true;
            for (int peer : g.ranks) {
                const auto p = static_cast<std::size_t>(peer);
                const std::size_t pi = out.gpu[p];
                if (pi >= out.issued[p] || (p == brokenRank && brokenRan)) {
                    ready = false;
                    break;
                }
                const ProgramOp& po = programs[p][pi];
                // Every member at this collective, and agreeing on it: anything else never completes.
                if (po.group != o.group || po.collSeq != o.collSeq || !po.sameAs(o)) {
                    ready = false;
                    break;
                }
            }
            if (!ready)
                continue;
            for (int peer : g.ranks) {
                const auto p = static_cast<std::size_t>(peer);
                if (p == brokenRank && out.gpu[p] == f.op) {
                    brokenRan = true; // its peers complete it; its own GPU never does
                    continue;
                }
                ++out.gpu[p];
                reissue(p);
            }
            progress = true;
        }
    }
    // gloo: a dead rank's TCP pairs reset, so the collective it never issued fails for its ring neighbours
    // (the nearest live members before and after it in the PG) that are in it: they retire it like finished
    // work, raise, and issue nothing more. The other members still hold it.
    if (m.dump.gloo) {
        std::vector<bool> fails(world, false);
        for (const auto& [dead, op] : f.dead) {
            for (const Group& g : m.topo.groups) {
                const auto& ranks = g.ranks;
                const auto at = std::find(ranks.begin(), ranks.end(), dead);
                if (at == ranks.end() || ranks.size() < 2)
                    continue;
                const auto n = static_cast<std::ptrdiff_t>(ranks.size());
                const std::ptrdiff_t i = at - ranks.begin();
                for (const std::ptrdiff_t dir : {std::ptrdiff_t{-1}, std::ptrdiff_t{1}}) {
                    for (std::ptrdiff_t k = 1; k < n; ++k) {
                        const auto p = static_cast<std::size_t>(
                            ranks[static_cast<std::size_t>(((i + dir * k) % n + n) % n)]);
                        if (f.isDead(static_cast<int>(p)))
                            continue;
                        const std::size_t pi = out.gpu[p];
                        if (pi < out.issued[p] && !programs[p][pi].p2p() &&
                            &m.topo.groups[static_cast<std::size_t>(programs[p][pi].group)] == &g)
                            fails[p] = true;
                        break;
                    }
                }
            }
        }
        for (std::size_t r = 0; r < world; ++r) {
            if (!fails[r])
                continue;
            out.failed.push_back(static_cast<int>(r));
            ++out.gpu[r];
            out.issued[r] = out.gpu[r];
        }
    }
    for (std::size_t r = 0; r < world; ++r)
        out.hang = out.hang || out.gpu[r] < programs[r].size();
    return out;
}

} // namespace fd::randomjob
