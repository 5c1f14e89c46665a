#include "WaitForGraph.h"

#include <algorithm>

namespace fd {

WaitForGraph::WaitForGraph(int ranks)
    : m_out(static_cast<std::size_t>(std::max(ranks, 0))),
      m_inCount(static_cast<std::size_t>(std::max(ranks, 0)), 0)
{
}

void WaitForGraph::addEdge(int from, const WaitEdge& e)
{
    if (from == e.to || from < 0 || e.to < 0 || from >= size() || e.to >= size())
        return;
    if (!m_edges.insert((std::uint64_t(std::uint32_t(from)) << 32) | std::uint32_t(e.to)).second)
        return;
    m_out[static_cast<std::size_t>(from)].push_back(e);
    ++m_inCount[static_cast<std::size_t>(e.to)];
}

std::size_t WaitForGraph::edgeCount() const
{
    std::size_t n = 0;
    for (const auto& l : m_out)
        n += l.size();
    return n;
}

std::vector<int> WaitForGraph::components(int* count) const
{
    const int n = size();
    std::vector<int> index(static_cast<std::size_t>(n), -1), low(static_cast<std::size_t>(n), 0),
        comp(static_cast<std::size_t>(n), -1);
    std::vector<char> onStack(static_cast<std::size_t>(n), 0);
    std::vector<int> stack;
    struct Frame
    {
        int v;
        std::size_t next;
    };
    std::vector<Frame> call;
    int counter = 0, comps = 0;
    for (int root = 0; root < n; ++root) {
        if (index[static_cast<std::size_t>(root)] >= 0)
            continue;
        call.push_back({root, 0});
        while (!call.empty()) {
            Frame& f = call.back();
            const auto v = static_cast<std::size_t>(f.v);
            if (f.next == 0 && index[v] < 0) {
                index[v] = low[v] = counter++;
                stack.push_back(f.v);
                onStack[v] = 1;
            }
            const auto& edges = m_out[v];
            if (f.next < edges.size()) {
                const auto w = static_cast<std::size_t>(edges[f.next++].to);
                if (index[w] < 0)
                    call.push_back({static_cast<int>(w), 0});
                else if (onStack[w])
                    low[v] = std::min(low[v], index[w]);
                continue;
            }
            if (low[v] == index[v]) {
                int w;
                do {
                    w = stack.back();
                    stack.pop_back();
                    onStack[static_cast<std::size_t>(w)] = 0;
                    comp[static_cast<std::size_t>(w)] = comps;
                } while (w != f.v);
                ++comps;
            }
            const int done = f.v;
            call.pop_back();
            if (!call.empty()) {
                const auto parent = static_cast<std::size_t>(call.back().v);
                low[parent] = std::min(low[parent], low[static_cast<std::size_t>(done)]);
            }
        }
    }
    if (count)
        *count = comps;
    return comp;
}

std::vector<char> WaitForGraph::reachesAny(const std::vector<int>& targets) const
{
    // Reverse adjacency, built on demand: the graph is queried once per analysis.
    std::vector<std::vector<int>> in(m_out.size());
    for (std::size_t v = 0; v < m_out.size(); ++v)
        for (const WaitEdge& e : m_out[v])
            in[static_cast<std::size_t>(e.to)].push_back(static_cast<int>(v));
    std::vector<char> seen(m_out.size(), 0);
    std::vector<int> queue;
    for (int t : targets)
        if (t >= 0 && t < size() && !seen[static_cast<std::size_t>(t)]) {
            seen[static_cast<std::size_t>(t)] = 1;
            queue.push_back(t);
        }
    for (std::size_t i = 0; i < queue.size(); ++i)
        for (int u : in[static_cast<std::size_t>(queue[i])])
            if (!seen[static_cast<std::size_t>(u)]) {
                seen[static_cast<std::size_t>(u)] = 1;
                queue.push_back(u);
            }
    return seen;
}

} // namespace fd
