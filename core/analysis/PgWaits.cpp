#include "PgWaits.h"

#include <set>
#include <utility>

namespace fd {

std::vector<PgWait> findPgWaits(const Analysis& a)
{
    std::vector<PgWait> out;
    for (const DeadlockCycle& cycle : a.cycles)
        for (std::size_t i = 0; i < cycle.pgIndices.size(); ++i)
            out.push_back(
                {cycle.pgIndices[i], cycle.pgIndices[(i + 1) % cycle.pgIndices.size()], PgWaitKind::Cycle});
    std::set<std::pair<std::uint32_t, std::uint32_t>> edges;
    for (const Victim& v : a.victims)
        for (int root : v.rootCauses)
            if (const Culprit* c = a.culprit(root);
                c && c->pgIndex != kNoPg && v.pgIndex != kNoPg && c->pgIndex != v.pgIndex)
                edges.insert({v.pgIndex, c->pgIndex});
    for (auto [from, to] : edges)
        out.push_back({from, to, PgWaitKind::WaitsOn});
    return out;
}

} // namespace fd
