#pragma once

#include <QString>

#include <cstdint>
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
    std::vector<std::uint32_t> pgs;    // the two PGs of the first pair that named someone
};

CycleOrder judgeCycleOrder(const AnalysisContext& ctx, const WaitForGraph& graph,
                           const std::vector<int>& cycle, const Analysis& analysis);

// The same vote where the wait-for graph shows no cycle because the ring buffers no longer place the stuck
// ranks' GPUs: a rank whose oldest pending collectives of two PGs both rolled out of its buffer could be in
// either. Their order is still readable pair by pair: an entry gone while another is held was issued before
// it. Two members of PGs A and B that both still have a collective of A and one of B pending, but issued them
// in opposite orders, deadlock whatever else they did: each GPU runs its rank's collectives in issue order,
// so each waits in its first for the other, which is in its own first. `stuck` are the ranks whose pending
// collectives are paired (the attribution passes every rank when no other rule isolated one); a member votes
// only where it still has both pending.
CycleOrder judgePendingOrder(const AnalysisContext& ctx, const std::vector<int>& stuck,
                             const Analysis& analysis);

} // namespace fd
