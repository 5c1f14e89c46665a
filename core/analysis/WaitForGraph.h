#pragma once

#include "Analysis.h"

#include <cstdint>
#include <unordered_set>
#include <vector>

namespace fd {

// "Rank `from` cannot progress until rank `to` does", with the PG and collective (or p2p op) it waits in.
struct WaitEdge
{
    int to = -1;
    std::uint32_t pgIndex = kNoPg;
    std::int64_t seq = kNoSeq;
    bool p2p = false;
    bool soft =
        false;        // inferred from GPU order (everyone entered, `to` is blocked earlier), not from absence
    int viaRank = -1; // the rank holding the op waited in (for its name, sizes, dtype)
    int viaOp = -1;   // index into that rank's RankView::ops, -1 when only pg_status knows it
};

// The wait-for relation between ranks. Plain adjacency lists; every algorithm is iterative so that a chain
// of thousands of ranks cannot overflow the stack.
class WaitForGraph
{
public:
    explicit WaitForGraph(int ranks);

    // Keeps the first edge per (from, to): hard evidence is added before soft.
    void addEdge(int from, const WaitEdge& e);
    const std::vector<WaitEdge>& out(int rank) const { return m_out[static_cast<std::size_t>(rank)]; }
    bool hasIn(int rank) const { return m_inCount[static_cast<std::size_t>(rank)] > 0; }
    int size() const { return static_cast<int>(m_out.size()); }
    std::size_t edgeCount() const;

    // Strongly connected components (Tarjan, iterative). comp[rank] = component id; ids are in reverse
    // topological order (a component's successors have smaller ids).
    std::vector<int> components(int* count) const;
    // Ranks from which any of `targets` can be reached (the targets included).
    std::vector<char> reachesAny(const std::vector<int>& targets) const;

private:
    std::vector<std::vector<WaitEdge>> m_out;
    std::vector<int> m_inCount;
    std::unordered_set<std::uint64_t>
        m_edges; // (from, to) pairs already added: a rank may wait on 50,000 others
};

struct AnalysisContext;

// Rank-level evidence collected while building the graph.
struct BrokenGpuEvidence
{
    int rank = -1;
    std::uint32_t pgIndex = kNoPg;
    std::int64_t seq = kNoSeq;
    std::vector<int> completedBy; // peers that completed the collective this rank still shows pending
};

struct WaitForResult
{
    WaitForGraph graph;
    std::vector<BrokenGpuEvidence> brokenGpu;
    std::vector<char> gpuStalled; // per rank: its oldest op is not started while a peer is inside it
};

// Builds the wait-for graph from each rank's oldest incomplete op (what it queued after that is neither
// progress nor a wait): hard edges where a member has not issued the op the rank is in (collectives by
// collective_seq_id; p2p by the peer's pending side), edges from the members stuck in a mismatched collective
// to the members that disagree, then soft edges for ranks with no hard edge, from where each peer's GPU is.
WaitForResult buildWaitForGraph(AnalysisContext& ctx, const std::vector<CollectiveFinding>& mismatches);

} // namespace fd
