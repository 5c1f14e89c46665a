// Attribution semantics, each test stated from the fault: what went wrong, on which rank, and what a correct
// analysis must therefore answer. The jobs are small JSON dumps (JsonJob.h) read through the real loader.
#include "JsonJob.h"
#include "core/analysis/Analyzer.h"
#include "core/pipeline/Pipeline.h"
#include "core/report/LlmFindings.h"
#include "core/report/ReportJson.h"
#include "core/report/TextReport.h"
#include "tests/support/SharedFixtures.h"
#include "tools/attribution-eval/AttributionEval.h"
#include "tools/synth/RandomJob.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

using fd::test::JsonJob;
using fd::test::Op;

namespace {

// Eight ranks: two TP groups of four, four DP pairs across them, and the default group. Every step is a TP
// reduce_scatter then a DP all_reduce; steps 1 and 2 completed everywhere.
JsonJob tpDpJob()
{
    JsonJob job;
    job.group("0", "default_pg", {0, 1, 2, 3, 4, 5, 6, 7});
    job.group("1", "TENSOR_MODEL_PARALLEL_GROUP", {0, 1, 2, 3});
    job.group("2", "TENSOR_MODEL_PARALLEL_GROUP", {4, 5, 6, 7});
    for (int i = 0; i < 4; ++i)
        job.group(std::to_string(3 + i), "DATA_PARALLEL_GROUP", {i, i + 4});
    for (int r = 0; r < 8; ++r)
        for (std::int64_t step = 1; step <= 2; ++step) {
            job.op(r,
                   Op{r < 4 ? "1" : "2", step, "_reduce_scatter_base", "completed", "[[16, 4]]", "[[4, 4]]"});
            job.op(r, Op{std::to_string(3 + r % 4), step, "all_reduce", "completed"});
        }
    return job;
}

std::vector<int> victimRanks(const fd::Analysis& a)
{
    std::vector<int> out;
    for (const auto& v : a.victims)
        out.push_back(v.rank);
    return out;
}

} // namespace

class TstAttribution : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Rank 1 passes a wrong size to the TP reduce_scatter of step 3. Its TP peers 0, 2 and 3 sit in that
    // collective and queued their DP all_reduce behind it; TP group 4-7 finished it, entered their DP
    // all_reduce and queued step 4 behind it. Only rank 1 is wrong; everyone else is its victim.
    void sizeMismatchWithQueuedOps()
    {
        JsonJob job = tpDpJob();
        job.op({0, 2, 3}, Op{"1", 3, "_reduce_scatter_base", "scheduled", "[[16, 4]]", "[[4, 4]]"});
        job.op(1, Op{"1", 3, "_reduce_scatter_base", "scheduled", "[[8, 4]]", "[[2, 4]]"});
        for (int r : {0, 2, 3})
            job.op(r, Op{std::to_string(3 + r), 3, "all_reduce"}); // queued behind the stuck reduce_scatter
        for (int r = 4; r < 8; ++r) {
            job.op(r, Op{"2", 3, "_reduce_scatter_base", "completed", "[[16, 4]]", "[[4, 4]]"});
            job.op(r, Op{std::to_string(3 + r % 4), 3, "all_reduce"});
            job.op(r, Op{"2", 4, "_reduce_scatter_base", "scheduled", "[[16, 4]]", "[[4, 4]]"});
            job.op(r, Op{std::to_string(3 + r % 4), 4, "all_reduce"});
        }
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->verdict, fd::Verdict::Stop);
        QCOMPARE(a->hangingRanks(), std::vector<int>{1});
        QCOMPARE(a->culprits.front().kind, fd::RankKind::Mismatch);
        QVERIFY(a->cycles.empty()); // queued collectives are not waits: no deadlock among the DP pairs
        QCOMPARE(victimRanks(*a), (std::vector<int>{0, 2, 3, 4, 5, 6, 7}));
        for (const auto& rf : a->ranks) {
            if (rf.rank == 1)
                continue;
            QCOMPARE(rf.kind, fd::RankKind::Victim);
            QVERIFY2(rf.reason.contains(QStringLiteral("mismatch")), qPrintable(rf.reason));
        }
        // The DP pairs' table row names nobody missing: ranks 0, 2, 3 did queue their all_reduce of step 3,
        // and nobody is in step 4 yet.
        for (std::uint32_t pg = 0; pg < a->job->processGroups.size(); ++pg)
            if (a->job->processGroups[pg].desc == QStringLiteral("DATA_PARALLEL_GROUP") &&
                a->job->processGroups[pg].name != QStringLiteral("4"))
                QVERIFY(a->pgFinding(pg)->missingRanks.empty());
    }

    // The size mismatch above, as each output tells it: the text report, the JSON report, the LLM findings
    // and the evidence the GUI draws must all say that rank 1 disagrees in TP collective 3 (verdict stop),
    // that the seven others are blocked behind it, and none may name a deadlock or a rank "behind".
    void mismatchSameStoryInEveryOutput()
    {
        JsonJob job = tpDpJob();
        job.op({0, 2, 3}, Op{"1", 3, "_reduce_scatter_base", "scheduled", "[[16, 4]]", "[[4, 4]]"});
        job.op(1, Op{"1", 3, "_reduce_scatter_base", "scheduled", "[[8, 4]]", "[[2, 4]]"});
        for (int r : {0, 2, 3})
            job.op(r, Op{std::to_string(3 + r), 3, "all_reduce"});
        for (int r = 4; r < 8; ++r) {
            job.op(r, Op{"2", 3, "_reduce_scatter_base", "completed", "[[16, 4]]", "[[4, 4]]"});
            job.op(r, Op{std::to_string(3 + r % 4), 3, "all_reduce"});
        }
        const auto loaded = job.load();
        const fd::Report report = fd::makeReport(fd::analyzeJob(loaded));
        const std::vector<int> others{0, 2, 3, 4, 5, 6, 7};

        // Text: the summary row names rank 1 in PG 1, the verdict is stop for a program bug, the victims are
        // listed.
        const QString text = fd::textReport(report, {});
        QVERIFY2(text.contains(QStringLiteral("verdict: stop (STOP)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("rank 1 (mismatch): disagrees with its peers in PG 1 "
                                              "(TENSOR_MODEL_PARALLEL_GROUP) collective 3")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("victims (7): [0, 2-7]")), qPrintable(text));
        QVERIFY2(text.contains(QRegularExpression(QStringLiteral(
                     "\\n1 +\\| TENSOR_MODEL_PARALLEL_GROUP +\\| _reduce_scatter_base .*\\| 1\\n"))),
                 qPrintable(text));
        QVERIFY2(text.trimmed().endsWith(QStringLiteral("hanging ranks: [1]")), qPrintable(text));
        for (const char* word : {"deadlock", "behind, and", "does not tell why"})
            QVERIFY2(!text.contains(QLatin1String(word)), word);

        // JSON report and LLM findings: the same culprit, collective, victims and root cause.
        const nlohmann::json fromReport = fd::reportToJson(report)["analysis"];
        const nlohmann::json forLlm = fd::llmFindings(*report.analysis);
        for (const nlohmann::json* j : {&fromReport, &forLlm}) {
            QCOMPARE((*j)["verdict"].get<std::string>(), std::string("stop"));
            QCOMPARE((*j)["hanging_ranks"].get<std::vector<int>>(), std::vector<int>{1});
            const nlohmann::json& culprit = (*j)["culprits"].at(0);
            QCOMPARE(culprit["kind"].get<std::string>(), std::string("mismatch"));
            QCOMPARE(culprit["seq"].get<int>(), 3);
            QVERIFY((*j)["deadlocks"].empty());
            std::vector<int> victims;
            for (const nlohmann::json& v : (*j)["victims"]) {
                victims.push_back(v["rank"].get<int>());
                QCOMPARE(v["root_causes"].get<std::vector<int>>(), std::vector<int>{1});
            }
            QCOMPARE(victims, others);
            const nlohmann::json& head = (*j)["frontier"].at(0);
            QCOMPARE(head["status"].get<std::string>(), std::string("size_mismatch"));
            QCOMPARE(head["mismatched_ranks"].get<std::vector<int>>(), std::vector<int>{1});
        }
        QCOMPARE(QString::fromStdString(forLlm["fr_attribution_table"].get<std::string>()),
                 fd::frAttributionTable(*report.analysis));
        // Held in a local: a range-for over a member of the temporary report would read freed memory.
        const nlohmann::json wholeReport = fd::reportToJson(report);
        for (const nlohmann::json& r : wholeReport["analysis"]["ranks"])
            if (r["rank"] != 1)
                QVERIFY2(QString::fromStdString(r["reason"].get<std::string>())
                             .contains(QStringLiteral("victim of the mismatch in PG 1")),
                         r["reason"].get<std::string>().c_str());

        // The GUI's evidence for rank 1: the TP group at collective 3, rank 1's cell the odd one.
        const fd::Evidence* e = report.analysis->evidenceFor(1);
        QVERIFY(e);
        QCOMPARE(e->status, fd::CollectiveStatus::SizeMismatch);
        QCOMPARE(e->culprits, std::vector<int>{1});
        QCOMPARE(e->members, (std::vector<int>{0, 1, 2, 3}));
        const auto column = std::size_t(std::find(e->seqs.begin(), e->seqs.end(), 3) - e->seqs.begin());
        QVERIFY(column < e->seqs.size());
        for (std::size_t row = 0; row < e->members.size(); ++row)
            QCOMPARE(e->cell(row, column).odd, e->members[row] == 1);
    }

    // The same, with rank 1 calling all_gather where its peers reduce_scatter: its DP partner 5 waits on it,
    // and no bystander of that DP group is named.
    void typeMismatchNamesNoBystander()
    {
        JsonJob job = tpDpJob();
        job.op({0, 2, 3}, Op{"1", 3, "_reduce_scatter_base", "scheduled", "[[16, 4]]", "[[4, 4]]"});
        job.op(1, Op{"1", 3, "_all_gather_base", "scheduled", "[[4, 4]]", "[[16, 4]]"});
        for (int r = 4; r < 8; ++r) {
            job.op(r, Op{"2", 3, "_reduce_scatter_base", "completed", "[[16, 4]]", "[[4, 4]]"});
            job.op(r, Op{std::to_string(3 + r % 4), 3, "all_reduce"});
        }
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->verdict, fd::Verdict::Stop);
        QCOMPARE(a->hangingRanks(), std::vector<int>{1});
        QCOMPARE(victimRanks(*a), (std::vector<int>{0, 2, 3, 4, 5, 6, 7}));
        for (const auto& rf : a->ranks)
            QVERIFY2(rf.kind != fd::RankKind::Behind, qPrintable(rf.reason));
    }

    // Two members that disagree and nobody else: nothing in the dumps says which one is wrong, so both are
    // named and the reason says so.
    void twoMemberMismatchNamesBoth()
    {
        JsonJob job;
        job.group("0", "default_pg", {0, 1});
        job.op(0, Op{"0", 1, "all_reduce", "scheduled", "[[4, 4]]", "[[4, 4]]"});
        job.op(1, Op{"0", 1, "all_reduce", "scheduled", "[[8, 4]]", "[[8, 4]]"});
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->verdict, fd::Verdict::Stop);
        QCOMPARE(a->hangingRanks(), (std::vector<int>{0, 1}));
        QVERIFY2(a->culprits.front().reason.contains(QStringLiteral("no majority")),
                 qPrintable(a->culprits.front().reason));
    }

    // Rank 2 stopped issuing before coalesced group 4 of its PG; ranks 0 and 1 are in that group. Rank 1's
    // ring buffer rolled over right after the group's inner ops, so its dump starts at the group's
    // terminator: it no longer shows what the group held, which is no disagreement with rank 0, whose dump
    // holds the whole group.
    void groupCutByRingBufferIsNoMismatch()
    {
        JsonJob job;
        job.group("0", "DATA_PARALLEL_GROUP", {0, 1, 2});
        for (int r : {0, 2})
            for (std::int64_t seq = 1; seq <= 3; ++seq)
                job.op(r, Op{"0", seq, "all_reduce", "completed"});
        job.op(0, Op{"0", 4, "_reduce_scatter_base", "scheduled", "[[16]]", "[[4]]"});
        job.op(0, Op{"0", 4, "_reduce_scatter_base", "scheduled", "[[16]]", "[[4]]"});
        job.op(0, Op{"0", 4, "REDUCE_SCATTER_coalesced", "scheduled", "[]", "[]"});
        job.firstRecord(1, 17);
        job.op(1, Op{"0", 4, "REDUCE_SCATTER_coalesced", "scheduled", "[]", "[]"});
        job.status(1, "0", 4, 3);
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->verdict, fd::Verdict::Continue);
        QCOMPARE(a->hangingRanks(), std::vector<int>{2});
        QCOMPARE(a->culprits.front().kind, fd::RankKind::StoppedIssuing);
        QCOMPARE(victimRanks(*a), (std::vector<int>{0, 1}));
    }

    // Rank 0 waits in DP collective 2 for rank 1, which never issued it: rank 1 is inside TP collective 2
    // with rank 2, both entered it and neither finished, and nothing in the dumps says why (a network fault
    // inside that collective, or entries that rolled out, look like this). Naming rank 1 would blame a rank
    // that is stuck exactly like its TP peer: nobody can be isolated, and the report says who is waited on
    // and why not.
    void waitedOnButStuckWhereEveryoneIsIsNoCulprit()
    {
        JsonJob job;
        job.group("dp", "DATA_PARALLEL_GROUP", {0, 1});
        job.group("tp", "TENSOR_MODEL_PARALLEL_GROUP", {1, 2});
        job.op({0, 1}, Op{"dp", 1, "all_reduce", "completed"});
        job.op({1, 2}, Op{"tp", 1, "all_reduce", "completed"});
        job.op(0, Op{"dp", 2, "all_reduce"});
        job.op({1, 2}, Op{"tp", 2, "all_reduce"});
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->verdict, fd::Verdict::Stop);
        QVERIFY(a->hangingRanks().empty());
        QCOMPARE(a->rankFinding(1)->kind, fd::RankKind::Behind);
        QVERIFY2(a->rankFinding(1)->reason.contains(QStringLiteral("does not tell why")),
                 qPrintable(a->rankFinding(1)->reason));
        QVERIFY2(a->reason.contains(QStringLiteral("no rank can be isolated")) &&
                     a->reason.contains(QStringLiteral("Peers wait on rank(s) 1")),
                 qPrintable(a->reason));
        QCOMPARE(a->victim(0)->waitsOn, std::vector<int>{1});
    }

    // Rank 1 stopped issuing: its DP peer 3 waits for it in collective 2. The pipeline group's entries all
    // rolled out, and its pg_status counts p2p ops, one counter per rank: rank 1, the middle stage, talks to
    // both neighbours, so its count (8) runs ahead of the first stage's (rank 0 at 3, with op 4 pending).
    // Those are no collective seqs to compare: rank 0 did not leave a collective pending that its peers
    // completed.
    void p2pCountersOfAPipelineAreNotCompared()
    {
        JsonJob job;
        job.group("0", "PIPELINE_MODEL_PARALLEL_GROUP", {0, 1, 2});
        job.group("1", "DATA_PARALLEL_GROUP", {1, 3});
        job.status(0, "0", 4, 3);
        job.status(1, "0", 8, 8);
        job.status(2, "0", 4, 4);
        job.op({1, 3}, Op{"1", 1, "all_reduce", "completed"});
        job.op(3, Op{"1", 2, "all_reduce"});
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->verdict, fd::Verdict::Continue);
        QCOMPARE(a->hangingRanks(), std::vector<int>{1});
        QCOMPARE(a->culprits.front().kind, fd::RankKind::StoppedIssuing);
    }

    // Rank 1 stopped issuing; its DP peer 3 waits for it. Rank 0, its pipeline neighbour, is inside p2p op 8
    // (timing on: started, not completed) whose entry rolled out, and has queued DP collective 5 behind it,
    // which its DP peer 2 has started. Rank 0's GPU is in the p2p op, blocked on the pipeline: it has no
    // stalled GPU.
    void insideARolledOutP2pOpIsNoStalledGpu()
    {
        JsonJob job;
        job.group("0", "PIPELINE_MODEL_PARALLEL_GROUP", {0, 1});
        job.group("1", "DATA_PARALLEL_GROUP", {0, 2});
        job.group("2", "DATA_PARALLEL_GROUP", {1, 3});
        job.op(1, Op{"0", 9, "recv 1<-0", "completed", "[[4, 4]]", "[[4, 4]]", "Float", "Float", true});
        job.status(0, "0", 8, 7, 8);
        job.status(1, "0", 9, 9, 9);
        job.firstRecord(0, 40);
        job.op(0, Op{"1", 5, "all_reduce", "scheduled"});
        job.op(2, Op{"1", 5, "all_reduce", "started"});
        job.status(0, "1", 5, 4, 4);
        job.status(2, "1", 5, 4, 5);
        job.op({1, 3}, Op{"2", 4, "all_reduce", "completed"});
        job.op(3, Op{"2", 5, "all_reduce"});
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->hangingRanks(), std::vector<int>{1});
        QCOMPARE(a->culprits.front().kind, fd::RankKind::StoppedIssuing);
        QVERIFY(a->rankFinding(0)->kind != fd::RankKind::GpuStalled);
    }

    // Rank 0 stopped issuing before the first send of the pipeline; rank 1 is inside its receive from rank 0
    // (timing on: started), p2p op 1 of the group and the first entry of its dump. Nothing rolled out: rank 1
    // is in that receive, waiting on rank 0.
    void firstP2pOpWithTimingWaitsOnItsPeer()
    {
        JsonJob job;
        job.group("0", "PIPELINE_MODEL_PARALLEL_GROUP", {0, 1});
        job.op(1, Op{"0", 1, "recv 1<-0", "started", "[[4, 4]]", "[[4, 4]]", "Float", "Float", true});
        job.status(1, "0", 1, -1, 1);
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->verdict, fd::Verdict::Continue);
        QCOMPARE(a->hangingRanks(), std::vector<int>{0});
        QCOMPARE(a->culprits.front().kind, fd::RankKind::StoppedIssuing);
        QCOMPARE(a->victim(1)->waitsOn, std::vector<int>{0});
    }

    // Rank 0 swaps two collectives of its DP group: it issues all_gather as collective 2 and all_reduce as 3,
    // where ranks 1 and 2 issue all_reduce then all_gather. Rank 1 queued collective 3, rank 2 not yet. At 3,
    // ranks 0 and 1 differ too, but only because rank 0 is one op off after its swap: rank 0 alone is wrong.
    void orderSwapIsNamedOnceNotAtItsEcho()
    {
        JsonJob job;
        job.group("0", "DATA_PARALLEL_GROUP", {0, 1, 2});
        job.op({0, 1, 2}, Op{"0", 1, "all_reduce", "completed"});
        job.op(0, Op{"0", 2, "all_gather", "scheduled", "[[4, 4]]", "[[12, 4]]"});
        job.op({1, 2}, Op{"0", 2, "all_reduce"});
        job.op(0, Op{"0", 3, "all_reduce"});
        job.op(1, Op{"0", 3, "all_gather", "scheduled", "[[4, 4]]", "[[12, 4]]"});
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->verdict, fd::Verdict::Stop);
        QCOMPARE(a->hangingRanks(), std::vector<int>{0});
        QCOMPARE(a->culprits.front().kind, fd::RankKind::Mismatch);
        QCOMPARE(a->culprits.front().seqId, std::int64_t(2));
    }

    // Ranks 0 and 1 issue two collectives of two PGs in opposite orders: each one's oldest op waits on the
    // other.
    void orderDeadlockAmongOldestOps()
    {
        JsonJob job;
        job.group("0", "default_pg", {0, 1});
        job.group("1", "other", {0, 1});
        job.op(0, Op{"0", 1, "all_reduce"});
        job.op(1, Op{"1", 1, "all_reduce"});
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->verdict, fd::Verdict::Stop);
        QCOMPARE(a->cycles.size(), std::size_t(1));
        QCOMPARE(a->hangingRanks(), (std::vector<int>{0, 1}));
    }

    // A rank that queued collectives of a PG behind the one it is in does not wait on the peers that have
    // not queued them yet: rank 3 stopped before collective 5 of PG 0, and ranks 0-2 are in it; rank 0 also
    // queued 6 and 7.
    void queuedEntriesAreNoProgress()
    {
        JsonJob job;
        job.group("0", "default_pg", {0, 1, 2, 3});
        for (int r = 0; r < 4; ++r)
            job.op(r, Op{"0", 4, "all_reduce", "completed"});
        job.op({0, 1, 2}, Op{"0", 5, "all_reduce"});
        job.op(0, Op{"0", 6, "all_reduce"});
        job.op(0, Op{"0", 7, "all_reduce"});
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->verdict, fd::Verdict::Continue);
        QCOMPARE(a->hangingRanks(), std::vector<int>{3});
        QCOMPARE(a->culprits.front().kind, fd::RankKind::StoppedIssuing);
        QCOMPARE(victimRanks(*a), (std::vector<int>{0, 1, 2}));
        const fd::PgFinding* pg = a->pgFinding(0);
        QCOMPARE(pg->headSeq, std::int64_t(5));
        QCOMPARE(pg->missingRanks, std::vector<int>{3});
        for (const auto& c : pg->collectives)
            if (c.seqId > 5)
                QCOMPARE(c.status, fd::CollectiveStatus::Queued);
    }

    // Ranks 1 and 2 left dumps that cannot be read: that is no evidence of guilt. Rank 3 stopped issuing; it
    // alone is named, and 1 and 2 are listed as not judged, with what could change the verdict.
    void unreadableDumpsAreNotJudged()
    {
        JsonJob job;
        job.group("0", "default_pg", {0, 1, 2, 3});
        for (int r = 0; r < 4; ++r)
            job.op(r, Op{"0", 1, "all_reduce", "completed"});
        job.op({0, 1, 2}, Op{"0", 2, "all_reduce"});
        job.garbage(1, "{\"version\": \"2.10\", \"entr");
        job.garbage(2, "");
        const auto loaded = job.load();
        QCOMPARE(loaded->unreadableRanks, (std::vector<int>{1, 2}));
        const auto a = fd::analyzeJob(loaded);
        QCOMPARE(a->hangingRanks(), std::vector<int>{3});
        QCOMPARE(a->verdict, fd::Verdict::Continue);
        for (int r : {1, 2}) {
            QCOMPARE(a->rankFinding(r)->kind, fd::RankKind::UnreadableDump);
            QVERIFY(a->rankFinding(r)->reason.startsWith(QStringLiteral("not judged")));
        }
        QVERIFY2(a->reason.contains(QStringLiteral("not judged")), qPrintable(a->reason));
    }

    // A crashed rank (no file at all) is evidence: peers wait on it.
    void missingFileIsEvidence()
    {
        JsonJob job;
        job.group("0", "default_pg", {0, 1, 2});
        job.op({0, 1}, Op{"0", 1, "all_reduce"});
        job.noDump(2);
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->hangingRanks(), std::vector<int>{2});
        QCOMPARE(a->culprits.front().kind, fd::RankKind::MissingDump);
    }

    // Rank 1 issued its expert group's all_to_all before the data-parallel collectives its peers issued
    // first, and its ring buffer no longer holds the all_to_all nor the first of them: pg_status shows both
    // pending but not their order. The entries still tell it pair by pair (an entry gone while another is
    // held was issued first): rank 0 issued DP collective 2 before EP collective 1, rank 1 the other way
    // round. Two members, one each way: a deadlock, ambiguous between them (docs/attribution.md, "The rank
    // that breaks the program order").
    void orderReadFromRolledOutEntries()
    {
        JsonJob job;
        job.group("0", "default_pg", {0, 1, 2, 3, 4, 5, 6, 7});
        job.group("1", "DATA_PARALLEL_GROUP", {0, 1, 2, 3});
        job.group("2", "EXPERT_MODEL_PARALLEL_GROUP", {0, 1});
        job.group("3", "EXPERT_MODEL_PARALLEL_GROUP", {2, 3});
        job.group("4", "PIPELINE_MODEL_PARALLEL_GROUP", {0, 4});
        job.group("5", "PIPELINE_MODEL_PARALLEL_GROUP", {1, 5});
        job.group("6", "PIPELINE_MODEL_PARALLEL_GROUP", {2, 6});
        job.group("7", "PIPELINE_MODEL_PARALLEL_GROUP", {3, 7});
        for (int r : {0, 2, 3}) {
            const std::string ep = r < 2 ? "2" : "3";
            job.firstRecord(r, 5);
            job.op(r, Op{"1", 2, "all_reduce"});
            job.op(r, Op{ep, 1, "all_to_all"});
            job.status(r, "1", 2, 0);
            job.status(r, ep, 1, 0);
        }
        job.firstRecord(1, 6);
        job.op(1, Op{"1", 2, "all_reduce"});
        job.status(1, "1", 2, 0);
        job.status(1, "2", 1, 0);
        // The next pipeline stage waits on each rank's send, which it never reaches.
        for (int r = 0; r < 4; ++r) {
            const std::string pp = std::to_string(4 + r);
            job.op(r + 4, Op{pp, 1, "recv " + std::to_string(r + 4) + "<-" + std::to_string(r), "scheduled",
                             "[[4, 4]]", "[[4, 4]]", "Float", "Float", true});
        }
        const auto a = fd::analyzeJob(job.load());
        QCOMPARE(a->verdict, fd::Verdict::Stop);
        QCOMPARE(a->hangingRanks(), (std::vector<int>{0, 1}));
        for (const fd::Culprit& c : a->culprits) {
            QCOMPARE(c.kind, fd::RankKind::Deadlocked);
            QVERIFY2(c.reason.startsWith(QStringLiteral("ambiguous: rank 0 issued PG 1 (DATA_PARALLEL_GROUP) "
                                                        "collective 2 first and rank 1 issued PG 2 "
                                                        "(EXPERT_MODEL_PARALLEL_GROUP) collective 1 first")),
                     qPrintable(c.reason));
        }
    }

    // gloo jobs (no member lists) in which a rank stopped, or died without a dump, before its first op of a
    // PG: its peers wait on it only where the dumps place it (docs/attribution.md, "Members that wrote no
    // dump"). Each seed is one rule: a pipeline peer known by its local rank (193), a rank the local ranks
    // pin between two others (610), a TP group left one way once its neighbour's dead rank is placed (150),
    // a DP group's size told by its reduce_scatter with the one stride that completes the kind (326), and a
    // dead rank between two members at their stride (689).
    void ranksPlacedInUnlistedPgs_data()
    {
        QTest::addColumn<int>("seed");
        for (int seed : {150, 193, 326, 610, 689})
            QTest::addRow("seed %d", seed) << seed;
    }
    void ranksPlacedInUnlistedPgs()
    {
        QFETCH(int, seed);
        const fd::RandomJob job(static_cast<std::uint64_t>(seed));
        const fd::EvalOutcome o = fd::evaluate(job);
        QVERIFY(o.loadProblem.isEmpty());
        QCOMPARE(o.gotVerdict, o.wantVerdict);
        QCOMPARE(o.gotRanks, o.wantRanks);
    }
};

// Over ../shared's real NVRx jobs: run as tst_attribution_shared where ../shared exists
// (tests/support/SharedFixtures.h).
class TstAttributionShared : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The real lock_gil_1st job (ranks 9 and 14 stopped issuing) with the dumps of three victims, 2, 5 and 7,
    // cut off while they were written: at half their size (nothing of `entries` survives) and at 90% (some
    // entries do). A half-written dump means the rank was alive and dumping: it is no evidence of guilt. The
    // answer stays {9, 14}; 2, 5 and 7 are listed as not judged with the load error, and the verdict says how
    // they could change it. What a cut pickle holds before the cut is kept, marked partial.
    void truncatedDumpsAreNotJudged_data()
    {
        QTest::addColumn<double>("keep");
        QTest::newRow("half") << 0.5;
        QTest::newRow("90%") << 0.9;
    }

    void truncatedDumpsAreNotJudged()
    {
        QFETCH(double, keep);
        const QDir dir(QStringLiteral(FD_SHARED_FIXTURES "/nvrx/lock_gil_1st"));
        std::vector<fd::DumpInMemory> files;
        for (int r = 0; r < 16; ++r) {
            QFile f(dir.filePath(QStringLiteral("_dump_%1").arg(r)));
            QVERIFY(f.open(QIODevice::ReadOnly));
            QByteArray bytes = f.readAll();
            if (r == 2 || r == 5 || r == 7)
                bytes.truncate(qsizetype(double(bytes.size()) * keep));
            files.push_back({r, "_dump_" + std::to_string(r), bytes.toStdString()});
        }
        const auto job = fd::loadJobFromMemory(files);
        QCOMPARE(job->unreadableRanks, (std::vector<int>{2, 5, 7}));
        for (int r : {2, 5, 7}) {
            const fd::RankDump* d = job->dumpForRank(r);
            QVERIFY2(d && d->partial, "the part before the cut is kept");
            QVERIFY(!d->pgConfigs.empty());
            if (keep > 0.8)
                QVERIFY2(!d->entries.empty(), "entries decoded before the cut are kept");
        }
        const auto a = fd::analyzeJob(job);
        QCOMPARE(a->hangingRanks(), (std::vector<int>{9, 14}));
        QCOMPARE(a->verdict, fd::Verdict::Continue);
        for (int r : {2, 5, 7}) {
            const fd::RankFinding* f = a->rankFinding(r);
            QCOMPARE(f->kind, fd::RankKind::UnreadableDump);
            QVERIFY2(f->reason.startsWith(QStringLiteral("not judged")) &&
                         f->reason.contains(QStringLiteral("truncated")),
                     qPrintable(f->reason));
        }
        QVERIFY2(a->reason.contains(QStringLiteral("Rank(s) 2, 5, 7 are not judged")), qPrintable(a->reason));
    }
};

FD_TEST_GUILESS_MAIN_WITH_SHARED(TstAttribution, TstAttributionShared)
#include "tst_attribution.moc"
