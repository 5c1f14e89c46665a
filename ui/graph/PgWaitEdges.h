#pragma once

#include "analysis/Analysis.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace fd {

// "Ranks of PG `from` wait on ranks of PG `to`": drawn as directed edges in the PG graph.
struct PgWaitEdge
{
    std::uint32_t from = kNoPg;
    std::uint32_t to = kNoPg;
    QString label;
};

// The edges an analysis implies: around every collective-order deadlock cycle ("cycle"), and from the PG a
// victim is blocked in to the PG its culprit is missing from, when they differ ("waits on").
std::vector<PgWaitEdge> pgWaitEdges(const Analysis& analysis);

// The PGs the causal chain runs through: where each culprit is missing or odd, those of the frontier (where
// the evidence is), and both ends of every wait edge: culprit -> its PGs -> the PGs blocked behind them.
// Sorted, once each.
std::vector<std::uint32_t> causalPgs(const Analysis& analysis);

} // namespace fd
