// The wait-for relation between ranks: the graph itself (edges, strongly connected components, reachability),
// and the edges buildWaitForGraph() draws on committed scenario jobs, whose layout tools/synth/Scenarios.cpp
// documents. An edge from -> to reads "rank `from` cannot progress until rank `to` does".
#include "ScenarioJob.h"
#include "core/analysis/AnalysisContext.h"
#include "core/analysis/WaitForGraph.h"

#include <QTest>

#include <algorithm>

using namespace fd;

namespace {

WaitEdge to(int rank, bool soft = false)
{
    WaitEdge e;
    e.to = rank;
    e.soft = soft;
    return e;
}

std::vector<int> targets(const WaitForGraph& g, int from)
{
    std::vector<int> out;
    for (const WaitEdge& e : g.out(from))
        out.push_back(e.to);
    std::sort(out.begin(), out.end());
    return out;
}

const WaitEdge* edge(const WaitForGraph& g, int from, int target)
{
    for (const WaitEdge& e : g.out(from))
        if (e.to == target)
            return &e;
    return nullptr;
}

} // namespace

class TstWaitForGraph : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // One edge per (from, to): the first, so hard evidence (added first) is never replaced by a soft guess.
    // Self edges and ranks outside the world are dropped.
    void keepsTheFirstEdgePerPair()
    {
        WaitForGraph g(3);
        g.addEdge(0, to(1));
        g.addEdge(0, to(1, true));
        g.addEdge(0, to(0));
        g.addEdge(0, to(7));
        g.addEdge(-1, to(1));
        QCOMPARE(g.edgeCount(), std::size_t(1));
        QVERIFY(!g.out(0).front().soft);
        QVERIFY(g.hasIn(1));
        QVERIFY(!g.hasIn(0));
    }

    // 0 <-> 1 is a cycle (a deadlock); 2 waits on it; 3 waits on 2; 4 stands alone.
    void componentsAndReachability()
    {
        WaitForGraph g(5);
        g.addEdge(0, to(1));
        g.addEdge(1, to(0));
        g.addEdge(2, to(0));
        g.addEdge(3, to(2));
        int count = 0;
        const std::vector<int> comp = g.components(&count);
        QCOMPARE(count, 4);
        QCOMPARE(comp[0], comp[1]);
        QVERIFY(comp[2] != comp[0] && comp[3] != comp[2] && comp[4] != comp[0]);
        // Reverse topological order: whoever is waited on comes first.
        QVERIFY(comp[0] < comp[2]);
        QVERIFY(comp[2] < comp[3]);
        // Who is (transitively) blocked behind rank 0: 1, 2, 3 and 0 itself; not 4.
        const std::vector<char> behind = g.reachesAny({0});
        QCOMPARE(behind, (std::vector<char>{1, 1, 1, 1, 0}));
        QCOMPARE(g.reachesAny({2}), (std::vector<char>{0, 0, 1, 1, 0}));
    }

    // A chain as long as a large job's world must not recurse: 100000 ranks, each waiting on the next.
    void longChainsDoNotRecurse()
    {
        const int n = 100000;
        WaitForGraph g(n);
        for (int r = 0; r + 1 < n; ++r)
            g.addEdge(r, to(r + 1));
        int count = 0;
        g.components(&count);
        QCOMPARE(count, n);
        QCOMPARE(g.reachesAny({n - 1}).front(), char(1));
    }

    // order-deadlock: rank 0 waits in PG 10 (seq 4) for rank 1, which waits in PG 11 (seq 4) for rank 0; both
    // hard (the other never issued it). Ranks 2 and 3 wait in the default PG for 0 and 1.
    void orderDeadlock()
    {
        const auto j = test::loadScenario("order-deadlock");
        QVERIFY(j.job);
        AnalysisContext ctx(*j.job);
        const WaitForResult wf = buildWaitForGraph(ctx, {}); // no mismatched collective in these scenarios
        const WaitEdge* e01 = edge(wf.graph, 0, 1);
        const WaitEdge* e10 = edge(wf.graph, 1, 0);
        QVERIFY(e01 && e10);
        QCOMPARE(e01->pgIndex, j.pg("10"));
        QCOMPARE(e01->seq, std::int64_t(4));
        QVERIFY(!e01->soft);
        QCOMPARE(e10->pgIndex, j.pg("11"));
        QVERIFY(!e10->soft);
        QCOMPARE(targets(wf.graph, 2), (std::vector<int>{0, 1}));
        QCOMPARE(targets(wf.graph, 3), (std::vector<int>{0, 1}));
        QCOMPARE(edge(wf.graph, 2, 0)->pgIndex, j.pg("0"));
    }

    // cascade-across-pgs: rank 0 stopped. 1 (TP [0,1]) and 2 (DP [0,2]) wait on it for what it never issued:
    // hard. 3 and 5 entered DP [1,3,5] with everyone, but member 1's GPU is still in TP: soft, on 1. 4
    // entered TP [4,5] with everyone, but 5's GPU is still in DP: soft, on 5. Rank 0 waits on nobody.
    void cascadeAcrossPgs()
    {
        const auto j = test::loadScenario("cascade-across-pgs");
        QVERIFY(j.job);
        AnalysisContext ctx(*j.job);
        const WaitForResult wf = buildWaitForGraph(ctx, {}); // no mismatched collective in these scenarios
        QVERIFY(wf.graph.out(0).empty());
        for (int r : {1, 2}) {
            QCOMPARE(targets(wf.graph, r), std::vector<int>{0});
            QVERIFY(!wf.graph.out(r).front().soft);
        }
        for (auto [from, on] : {std::pair{3, 1}, std::pair{5, 1}, std::pair{4, 5}}) {
            QCOMPARE(targets(wf.graph, from), std::vector<int>{on});
            QVERIFY(wf.graph.out(from).front().soft);
        }
        QVERIFY(wf.brokenGpu.empty());
    }

    // broken-gpu: ranks 0, 1, 3 completed all_reduce 6 while rank 2 still shows it pending.
    void brokenGpuEvidence()
    {
        const auto j = test::loadScenario("broken-gpu");
        QVERIFY(j.job);
        AnalysisContext ctx(*j.job);
        const WaitForResult wf = buildWaitForGraph(ctx, {}); // no mismatched collective in these scenarios
        QCOMPARE(wf.brokenGpu.size(), std::size_t(1));
        QCOMPARE(wf.brokenGpu.front().rank, 2);
        QCOMPARE(wf.brokenGpu.front().pgIndex, j.pg("0"));
        QCOMPARE(wf.brokenGpu.front().seq, std::int64_t(6));
        QCOMPARE(wf.brokenGpu.front().completedBy, (std::vector<int>{0, 1, 3}));
    }
};

QTEST_GUILESS_MAIN(TstWaitForGraph)
#include "tst_waitforgraph.moc"
