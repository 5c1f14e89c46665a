#include "PgWaitEdges.h"

#include <QCoreApplication>

#include <algorithm>
#include <set>
#include <utility>

namespace fd {

std::vector<PgWaitEdge> pgWaitEdges(const Analysis& a)
{
    std::vector<PgWaitEdge> out;
    for (const DeadlockCycle& cycle : a.cycles)
        for (std::size_t i = 0; i < cycle.pgIndices.size(); ++i)
            out.push_back({cycle.pgIndices[i], cycle.pgIndices[(i + 1) % cycle.pgIndices.size()],
                           QCoreApplication::translate("fd::PgWaitEdges", "cycle")});
    std::set<std::pair<std::uint32_t, std::uint32_t>> edges;
    for (const Victim& v : a.victims)
        for (int root : v.rootCauses)
            if (const Culprit* c = a.culprit(root); c && c->pgIndex != kNoPg && v.pgIndex != kNoPg && c->pgIndex != v.pgIndex)
                edges.insert({v.pgIndex, c->pgIndex});
    for (auto [from, to] : edges)
        out.push_back({from, to, QCoreApplication::translate("fd::PgWaitEdges", "waits on")});
    return out;
}

std::vector<std::uint32_t> causalPgs(const Analysis& a)
{
    std::vector<std::uint32_t> out;
    for (const Culprit& c : a.culprits)
        out.push_back(c.pgIndex);
    for (const FrontierItem& f : a.frontier)
        out.push_back(f.pgIndex);
    for (const PgWaitEdge& e : pgWaitEdges(a)) {
        out.push_back(e.from);
        out.push_back(e.to);
    }
    std::erase(out, kNoPg);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace fd
