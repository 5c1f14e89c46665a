#pragma once

#include <QString>

#include <vector>

namespace fd {

struct Analysis;
struct AnalysisContext;
class WaitForGraph;

// Who broke the program order in a collective-order cycle (docs/attribution.md, "The rank that breaks the
// program order"). Every rank runs the same program, so two collectives of two PGs are issued in one order by
// every member of both; a rank that issued them the other way round (or issued one collective more, which
// reads the same) departs from what the other members did. Each pair of collectives the cycle's ranks wait
// in is a vote among the members of both PGs: the members on the minority side are named. With no majority
// (two members, one each way) the dumps cannot tell which side is wrong: every voter is named, ambiguous.
struct OrderDeparture
{
    int rank = -1;
    QString reason;
};

struct CycleOrder
{
    std::vector<OrderDeparture> named; // sorted by rank; empty when no member of both PGs voted
    bool ambiguous = false;            // no majority: `named` holds both sides
};

CycleOrder judgeCycleOrder(const AnalysisContext& ctx, const WaitForGraph& graph,
                           const std::vector<int>& cycle, const Analysis& analysis);

} // namespace fd
