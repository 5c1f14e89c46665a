// The per-(PG, seq) collective index and the coalesced fold the analysis hands the views, on committed
// scenario jobs whose layout is known from how tools/synth/Scenarios.cpp built them.
#include "ScenarioJob.h"
#include "core/report/ReportJson.h"

#include <QTest>

using namespace fd;

class TstCollectiveIndex : public QObject
{
    Q_OBJECT
private:
    static QString name(const test::AnalysedJob& j, const EntryRef& ref)
    {
        return j.job->str(j.job->dumps[ref.dump].entries[ref.entry].profilingName);
    }

private Q_SLOTS:
    // A collective is one collective_seq_id in one PG; every member recorded it once.
    void collectiveHasOneRecordPerMember()
    {
        const auto j = test::loadScenario("broken-gpu");
        QVERIFY(j.analysis);
        const CollectiveIndex& index = j.analysis->collectiveIndex;
        const std::uint32_t pg0 = j.pg("0");
        // warmup(5) then seq 6 (rank 2 still scheduled) and seq 7 (all scheduled)
        const auto* c6 = index.get(pg0, 6);
        QVERIFY(c6);
        QCOMPARE(c6->refs.size(), std::size_t(4));
        for (std::size_t i = 0; i < c6->refs.size(); ++i) {
            const RankDump& dump = j.job->dumps[c6->refs[i].dump];
            QCOMPARE(dump.rank, int(i)); // one per rank, by rank
            const Entry& e = dump.entries[c6->refs[i].entry];
            QCOMPARE(e.collectiveSeqId, std::int64_t(6));
            QCOMPARE(e.state, i == 2 ? EntryState::Scheduled : EntryState::Completed);
        }
        QVERIFY(!index.get(pg0, 8));       // nobody issued 8
        QVERIFY(!index.get(pg0, 6, true)); // p2p seq ids are another counter
        const auto ofPg = index.ofPg(pg0);
        QCOMPARE(ofPg.size(), std::size_t(7));
        QCOMPARE(ofPg.front().seq, std::int64_t(1));
        QCOMPARE(ofPg.back().seq, std::int64_t(7));
        // A TP PG holds only its two members' records.
        const auto* tp = index.get(j.pg("2"), 1);
        QVERIFY(tp);
        QCOMPARE(tp->refs.size(), std::size_t(2));
        QCOMPARE(j.job->dumps[tp->refs[0].dump].rank, 2);
        QCOMPARE(j.job->dumps[tp->refs[1].dump].rank, 3);
    }

    // p2p ops are keyed by p2p_seq_id; a rank that did not issue its half has no record there.
    void p2pOpsAreKeyedByTheirOwnCounter()
    {
        const auto j = test::loadScenario("p2p-pipeline-hang");
        const CollectiveIndex& index = j.analysis->collectiveIndex;
        const auto* recv = index.get(j.pg("pp"), 7, true);
        QVERIFY(recv);
        QCOMPARE(recv->refs.size(), std::size_t(1)); // only active entries: rank 3's pending recv from 2
        QCOMPARE(j.job->dumps[recv->refs[0].dump].rank, 3);
        QCOMPARE(name(j, recv->refs[0]), QStringLiteral("nccl:recv 3<-2"));
    }

    // Inner ops of a coalesced group never get events: they stay scheduled, share the group's seq and are
    // folded onto the terminator after them, which carries the group's state. The index's record of the
    // group is that terminator.
    void coalescedGroupsFoldOntoTheirTerminator()
    {
        const auto j = test::loadScenario("coalesced-healthy");
        const Analysis& a = *j.analysis;
        QCOMPARE(a.verdict, Verdict::NoHang);
        // Every rank: 3 all_gather inners (PG 0, seq 4); ranks 0 and 1 also a send and a recv batched in PG
        // 1, ranks 2 and 3 two reduce_scatter inners in PG 2.
        QCOMPARE(a.coalesced.innerCount(), std::size_t(4 * 5));
        for (std::size_t d = 0; d < j.job->dumps.size(); ++d) {
            const auto& entries = j.job->dumps[d].entries;
            const auto inner = a.coalesced.ofDump(d);
            QCOMPARE(inner.size(), std::size_t(5));
            for (const CoalescedInner& c : inner) {
                const Entry& e = entries[c.entry];
                const Entry& t = entries[c.terminator];
                QCOMPARE(e.state, EntryState::Scheduled);
                QCOMPARE(t.state, EntryState::Completed);
                QVERIFY(c.terminator > c.entry);
                QCOMPARE(e.pgIndex, t.pgIndex);
                QVERIFY(j.job->str(t.profilingName).endsWith(QLatin1String("coalesced")));
                QCOMPARE(a.coalesced.terminatorOf(d, c.entry), std::int32_t(c.terminator));
                if (!e.isP2p)
                    QCOMPARE(e.collectiveSeqId, t.collectiveSeqId);
            }
            // What is left is one record per op issued: 6 warmup all_reduces, the all_gather group, the p2p
            // batch or the reduce_scatter group, and the final all_reduce.
            QCOMPARE(entries.size() - inner.size(), std::size_t(9));
        }
        const auto* group = a.collectiveIndex.get(j.pg("0"), 4);
        QVERIFY(group);
        QCOMPARE(group->refs.size(), std::size_t(4));
        for (const EntryRef& ref : group->refs)
            QCOMPARE(name(j, ref), QStringLiteral("nccl:ALLGATHER_coalesced"));
    }

    // A group a rank opened but never closed has no terminator: its inner ops fold onto nothing.
    void openGroupIsNotFolded()
    {
        const auto j = test::loadScenario("stuck-mid-coalesced");
        const Analysis& a = *j.analysis;
        const int d3 = j.dumpOf(3), d0 = j.dumpOf(0);
        QVERIFY(d3 >= 0 && d0 >= 0);
        // rank 3: 3 closed groups of 3 inners, then 2 inners of the open one
        QCOMPARE(a.coalesced.ofDump(std::size_t(d3)).size(), std::size_t(9));
        const auto& e3 = j.job->dumps[std::size_t(d3)].entries;
        QVERIFY(!a.coalesced.isInner(std::size_t(d3), std::uint32_t(e3.size() - 1)));
        // rank 0, its partner, closed all four
        QCOMPARE(a.coalesced.ofDump(std::size_t(d0)).size(), std::size_t(12));
    }

    // flightdeck-cli asks for no index (no report reads it): the findings are the same without it.
    void indexLeftOutChangesNoFinding()
    {
        for (const char* scenario : {"broken-gpu", "coalesced-healthy", "p2p-pipeline-hang"}) {
            const auto j = test::loadScenario(scenario);
            QVERIFY(!j.analysis->collectiveIndex.collectives().empty());
            const auto bare = analyzeJob(j.job, AnalysisOptions{false});
            QVERIFY(bare->collectiveIndex.collectives().empty());
            QCOMPARE(QString::fromStdString(analysisToJson(*bare).dump()),
                     QString::fromStdString(analysisToJson(*j.analysis).dump()));
        }
    }

    // Most (PG, kind) lanes hold nearly consecutive seqs and get one slot per seq; a lane whose seqs are
    // spread out (a damaged or odd dump) goes through a map instead. Both must come out in (PG, kind, seq)
    // order, one ref per dump, the dump's last record winning.
    void sparseAndDenseLanesAreIndexedAlike()
    {
        const auto entry = [](std::uint32_t pg, bool p2p, std::int64_t seq) {
            Entry e;
            e.pgIndex = pg;
            e.isP2p = p2p;
            (p2p ? e.p2pSeqId : e.collectiveSeqId) = seq;
            return e;
        };
        constexpr std::int64_t kFar = 1'000'000'000'000;
        Job job;
        job.processGroups.resize(2);
        job.dumps.resize(2);
        job.dumps[0].entries = {entry(0, false, 1), entry(0, false, 2), entry(1, false, kFar),
                                entry(0, true, 7),  entry(0, true, 7),  entry(1, false, 5),
                                entry(0, false, 3)};
        job.dumps[1].entries = {entry(0, false, 2), entry(1, false, 5), entry(0, false, 3),
                                entry(kNoPg, false, 4)};
        CollectiveIndex index(job);

        struct Expected
        {
            std::uint32_t pg;
            bool p2p;
            std::int64_t seq;
            std::vector<std::pair<std::uint32_t, std::uint32_t>> refs; // (dump, entry)
        };
        const std::vector<Expected> expected = {
            {0, false, 1, {{0, 0}}}, {0, false, 2, {{0, 1}, {1, 0}}}, {0, false, 3, {{0, 6}, {1, 2}}},
            {0, true, 7, {{0, 4}}},  {1, false, 5, {{0, 5}, {1, 1}}}, {1, false, kFar, {{0, 2}}},
        };
        QCOMPARE(index.collectives().size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const auto& c = index.collectives()[i];
            QCOMPARE(c.pgIndex, expected[i].pg);
            QCOMPARE(c.p2p, expected[i].p2p);
            QCOMPARE(c.seq, expected[i].seq);
            QCOMPARE(c.refs.size(), expected[i].refs.size());
            for (std::size_t r = 0; r < c.refs.size(); ++r) {
                QCOMPARE(c.refs[r].dump, expected[i].refs[r].first);
                QCOMPARE(c.refs[r].entry, expected[i].refs[r].second);
            }
            QCOMPARE(index.find(c.pgIndex, c.seq, c.p2p), int(i));
        }
        QCOMPARE(index.find(1, 6, false), -1);
        QCOMPARE(index.ofPg(1).size(), std::size_t(2));

        // Moving the index keeps its refs valid (they view one array the index owns).
        const CollectiveIndex moved(std::move(index));
        QCOMPARE(moved.get(1, kFar)->refs.front().entry, std::uint32_t(2));
    }
};

QTEST_GUILESS_MAIN(TstCollectiveIndex)
#include "core/analysis/Analyzer.h"
#include "tst_collectiveindex.moc"
