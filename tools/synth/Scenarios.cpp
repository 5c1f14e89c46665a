#include "Scenarios.h"

#include "ScenarioBuilder.h"

#include <QDir>
#include <QFile>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <functional>
#include <optional>
#include <utility>

namespace fd::scenario {

namespace {

using nlohmann::json;
constexpr State Scheduled = State::Scheduled;
constexpr State Started = State::Started;
constexpr State Completed = State::Completed;
constexpr std::nullopt_t NotIssued = std::nullopt;

const Op kAllReduce{"nccl:all_reduce"};

struct Culprit
{
    int rank;
    const char* kind;
};

// A frontier item the report must contain: its PG, its seq (null for p2p) and the fields that matter.
struct Frontier
{
    const char* pg;
    std::optional<std::int64_t> seq;
    json fields;
};

struct Expected
{
    const char* verdict;
    std::vector<Culprit> culprits;
    std::vector<int> victims;
    std::vector<Frontier> frontier;
    std::vector<std::vector<int>> deadlocks;
};

// `reasonHas`: words the verdict's reason must hold (the values that disagree, why the dumps cannot tell,
// ...).
std::string expectedReport(const std::string& name, const Expected& e,
                           const std::vector<std::string>& reasonHas)
{
    json j = json::object(); // keys sorted, like the rest of the report's tests compare them
    j["case"] = name;
    j["verdict"] = e.verdict;
    j["culprits"] = json::array();
    for (const Culprit& c : e.culprits)
        j["culprits"].push_back({{"rank", c.rank}, {"kind", c.kind}});
    std::vector<int> victims = e.victims;
    std::sort(victims.begin(), victims.end());
    j["victims"] = victims;
    j["frontier"] = json::array();
    for (const Frontier& f : e.frontier) {
        json item = f.fields.is_null() ? json::object() : f.fields;
        item["pg_name"] = f.pg;
        item["seq"] = f.seq ? json(*f.seq) : json();
        j["frontier"].push_back(item);
    }
    j["deadlocks"] = json::array();
    for (std::vector<int> d : e.deadlocks) {
        std::sort(d.begin(), d.end());
        j["deadlocks"].push_back(d);
    }
    // The ranks analysis.stragglers names: none, these jobs are too short to judge (docs/attribution.md).
    j["stragglers"] = json::array();
    if (!reasonHas.empty())
        j["reason_contains"] = reasonHas;
    return j.dump(2) + "\n";
}

// Four ranks: the default PG and two TP pairs.
ScenarioBuilder world4(bool timing = false, std::array<const char*, 3> names = {"0", "1", "2"})
{
    ScenarioBuilder j(4, timing);
    j.group(names[0], "default_pg", {0, 1, 2, 3});
    j.group(names[1], "TENSOR_MODEL_PARALLEL_GROUP", {0, 1});
    j.group(names[2], "TENSOR_MODEL_PARALLEL_GROUP", {2, 3});
    return j;
}

// `steps` training steps that complete: both TP all_reduces, then the default PG's.
void warmup(ScenarioBuilder& j, int steps, std::array<const char*, 3> names = {"0", "1", "2"})
{
    for (int s = 0; s < steps; ++s) {
        j.collective(names[1], kAllReduce, Completed);
        j.collective(names[2], kAllReduce, Completed);
        j.collective(names[0], kAllReduce, Completed);
    }
}

ScenarioBuilder::WriteOptions onlyActive()
{
    ScenarioBuilder::WriteOptions o;
    o.onlyActive = true;
    return o;
}

Scenario make(const std::string& name, const ScenarioBuilder& j, const ScenarioBuilder::WriteOptions& options,
              const Expected& expected, const std::vector<std::string>& reasonHas = {})
{
    return {j.dumps(options), expectedReport(name, expected, reasonHas)};
}

Scenario healthy(const std::string& name)
{
    ScenarioBuilder j = world4();
    warmup(j, 8);
    return make(name, j, {}, {"no_hang", {}, {}, {}, {}});
}

Scenario stopsIssuing(const std::string& name)
{
    ScenarioBuilder j = world4();
    warmup(j, 5);
    j.collective("0", kAllReduce, {{0, Scheduled}, {1, Scheduled}, {2, NotIssued}, {3, Scheduled}});
    return make(name, j, onlyActive(),
                {"continue", {{2, "stopped_issuing"}}, {0, 1, 3}, {{"0", 6, {{"missing_ranks", {2}}}}}, {}});
}

Scenario missingDump(const std::string& name)
{
    ScenarioBuilder j = world4();
    warmup(j, 5);
    j.collective("0", kAllReduce, {{0, Scheduled}, {1, Scheduled}, {2, Scheduled}, {3, NotIssued}});
    ScenarioBuilder::WriteOptions rank3Crashed;
    rank3Crashed.missing = {3};
    return make(name, j, rank3Crashed,
                {"continue", {{3, "missing_dump"}}, {0, 1, 2}, {{"0", 6, {{"missing_ranks", {3}}}}}, {}});
}

Scenario brokenGpu(const std::string& name)
{
    ScenarioBuilder j = world4();
    warmup(j, 5);
    j.collective("0", kAllReduce, {{2, Scheduled}});
    j.collective("0", kAllReduce, Scheduled);
    return make(name, j, {},
                {"continue", {{2, "broken_gpu"}}, {0, 1, 3}, {{"0", 6, {{"stuck_ranks", {2}}}}}, {}});
}

// A correct pending all_gather (out = in x 4, must not be flagged), then an all_reduce on which `odd`
// differs.
Scenario mismatch(const std::string& name, int odd, const Op& oddOp, const char* status,
                  const std::string& values)
{
    ScenarioBuilder j = world4();
    warmup(j, 5);
    j.collective("0", {"nccl:_all_gather_base", {{8}}, "BFloat16", Sizes{{32}}}, Scheduled);
    j.collective("0", {"nccl:all_reduce", {{2048}}}, Scheduled, {{odd, oddOp}});
    std::vector<int> others;
    for (int r = 0; r < 4; ++r)
        if (r != odd)
            others.push_back(r);
    return make(name, j, {},
                {"stop",
                 {{odd, "mismatch"}},
                 others,
                 {{"0", 7, {{"mismatched_ranks", {odd}}, {"status", status}}}},
                 {}},
                {values});
}

// Within one PG: every rank all_reduces, then all_gathers; rank 2 the other way round. Each of the two seqs
// holds another op on rank 2 than on its peers; the first disagreement names it.
Scenario orderSwapInPg(const std::string& name)
{
    ScenarioBuilder j = world4();
    warmup(j, 5);
    const Op allReduce{"nccl:all_reduce", {{2048}}};
    const Op allGather{"nccl:_all_gather_base", {{2048}}, "BFloat16", Sizes{{8192}}};
    j.collective("0", allReduce, Scheduled, {{2, allGather}});
    j.collective("0", allGather, Scheduled, {{2, allReduce}});
    return make(name, j, {},
                {"stop",
                 {{2, "mismatch"}},
                 {0, 1, 3},
                 {{"0", 6, {{"mismatched_ranks", {2}}, {"status", "type_mismatch"}}}},
                 {}},
                {"rank 2 issued all_gather, its peers all_reduce"});
}

Scenario orderDeadlock(const std::string& name)
{
    ScenarioBuilder j(4);
    j.group("0", "default_pg", {0, 1, 2, 3});
    j.group("10", "DATA_PARALLEL_GROUP", {0, 1});
    j.group("11", "EXPERT_MODEL_PARALLEL_GROUP", {0, 1});
    const Op allToAll{"nccl:all_to_all"};
    for (int s = 0; s < 3; ++s) {
        j.collective("10", kAllReduce, Completed);
        j.collective("11", allToAll, Completed);
        j.collective("0", kAllReduce, Completed);
    }
    // Rank 0 enters PG 10 first, rank 1 enters PG 11 first: each waits for the other.
    j.collective("10", kAllReduce, {{0, Scheduled}, {1, NotIssued}});
    j.collective("11", allToAll, {{0, NotIssued}, {1, Scheduled}});
    // Ranks 2 and 3 wait in the next default_pg collective for ranks 0 and 1.
    j.collective("0", kAllReduce, {{0, NotIssued}, {1, NotIssued}, {2, Scheduled}, {3, Scheduled}});
    return make(
        name, j, {},
        {"stop",
         {{0, "deadlocked"}, {1, "deadlocked"}},
         {2, 3},
         {{"10", 4, {{"missing_ranks", {1}}}}, {"11", 4, {{"missing_ranks", {0}}}}},
         {{0, 1}}},
        {"ambiguous: rank 0 issued PG 10 (DATA_PARALLEL_GROUP) collective 4 first and rank 1 issued PG 11 "
         "(EXPERT_MODEL_PARALLEL_GROUP) collective 4 first"});
}

// Eight ranks, the default PG and two halves: every rank all_reduces in its half, then in the world, except
// rank 5, which does it the other way round. Its half waits for it in the half's all_reduce, it waits for
// them in the world's: a cycle of the upper half, whose odd rank is 5 alone.
ScenarioBuilder halves8()
{
    ScenarioBuilder j(8);
    j.group("0", "default_pg", {0, 1, 2, 3, 4, 5, 6, 7});
    j.group("1", "DATA_PARALLEL_GROUP", {0, 1, 2, 3});
    j.group("2", "DATA_PARALLEL_GROUP", {4, 5, 6, 7});
    for (int s = 0; s < 3; ++s)
        for (const char* pg : {"1", "2", "0"})
            j.collective(pg, kAllReduce, Completed);
    return j;
}

Scenario orderSwapAcrossPgs(const std::string& name)
{
    ScenarioBuilder j = halves8();
    j.collective("1", kAllReduce, Completed);
    j.collective("0", kAllReduce,
                 {{0, Scheduled},
                  {1, Scheduled},
                  {2, Scheduled},
                  {3, Scheduled},
                  {4, NotIssued},
                  {5, Scheduled},
                  {6, NotIssued},
                  {7, NotIssued}});
    j.collective("2", kAllReduce, {{4, Scheduled}, {5, NotIssued}, {6, Scheduled}, {7, Scheduled}});
    return make(
        name, j, {},
        {"stop",
         {{5, "deadlocked"}},
         {0, 1, 2, 3, 4, 6, 7},
         {{"2", 4, {{"missing_ranks", {5}}}}},
         {{4, 5, 6, 7}}},
        {"rank 5 (deadlocked): it issued PG 0 (default_pg) collective 4 before PG 2 (DATA_PARALLEL_GROUP) "
         "collective 4, while ranks 4, 6, 7"});
}

// Rank 2 issues one all_reduce more in its half than its peers before the world's: they wait for it in the
// world all_reduce, it waits for them in the half's next one.
Scenario extraCollective(const std::string& name)
{
    ScenarioBuilder j = halves8();
    j.collective("1", kAllReduce, Completed);
    j.collective("2", kAllReduce, Completed);
    j.collective("1", kAllReduce, {{0, NotIssued}, {1, NotIssued}, {2, Scheduled}, {3, NotIssued}});
    j.collective("0", kAllReduce,
                 {{0, Scheduled},
                  {1, Scheduled},
                  {2, NotIssued},
                  {3, Scheduled},
                  {4, Scheduled},
                  {5, Scheduled},
                  {6, Scheduled},
                  {7, Scheduled}});
    return make(
        name, j, {},
        {"stop",
         {{2, "deadlocked"}},
         {0, 1, 3, 4, 5, 6, 7},
         {{"0", 4, {{"missing_ranks", {2}}}}},
         {{0, 1, 2, 3}}},
        {"rank 2 (deadlocked): it issued PG 1 (DATA_PARALLEL_GROUP) collective 5 before PG 0 (default_pg) "
         "collective 4"});
}

// TP 4 x DP 2 (Megatron's layout: TP groups of consecutive ranks, DP groups of stride 4). Rank 6 died before
// a step's TP all_reduce and wrote no dump: its TP peers wait for it there, its DP peer 2 in the DP
// all_reduce after it, and the other DP groups wait for ranks 4, 5, 7. `noMembers`: pg_config lists no
// members (as gloo's dumps), so that rank 6's place in PG 2 and PG 5 must be learnt from the other TP and DP
// groups.
Scenario gridDeadRank(const std::string& name, bool noMembers)
{
    ScenarioBuilder j(8);
    j.group("0", "default_pg", {0, 1, 2, 3, 4, 5, 6, 7});
    j.group("1", "TENSOR_MODEL_PARALLEL_GROUP", {0, 1, 2, 3});
    j.group("2", "TENSOR_MODEL_PARALLEL_GROUP", {4, 5, 6, 7});
    for (int first = 0; first < 4; ++first)
        j.group(std::to_string(3 + first), "DATA_PARALLEL_GROUP", {first, first + 4});
    const std::vector<const char*> all = {"1", "2", "3", "4", "5", "6", "0"};
    for (int s = 0; s < 3; ++s)
        for (const char* pg : all)
            j.collective(pg, kAllReduce, Completed);
    j.collective("1", kAllReduce, Completed);
    j.collective("2", kAllReduce, {{4, Scheduled}, {5, Scheduled}, {6, NotIssued}, {7, Scheduled}});
    for (int first = 0; first < 4; ++first)
        j.collective(std::to_string(3 + first), kAllReduce, {{first, Scheduled}, {first + 4, NotIssued}});
    ScenarioBuilder::WriteOptions options;
    options.missing = {6};
    options.noMembers = noMembers;
    return make(name, j, options,
                {"continue",
                 {{6, "missing_dump"}},
                 {0, 1, 2, 3, 4, 5, 7},
                 {{"2", 4, {{"missing_ranks", {6}}}}, {"5", 4, {{"missing_ranks", {6}}}}},
                 {}});
}

// TP 4 x DP 4, no member lists: ranks 5 and 10 died before a step's TP all_reduce. Each short TP and DP group
// completes to a run of four in one way only, with the rank that wrote no dump.
Scenario gridTwoDeadNoMembers(const std::string& name)
{
    ScenarioBuilder j(16);
    std::vector<int> world(16);
    for (int r = 0; r < 16; ++r)
        world[static_cast<std::size_t>(r)] = r;
    j.group("0", "default_pg", world);
    for (int t = 0; t < 4; ++t)
        j.group(std::to_string(1 + t), "TENSOR_MODEL_PARALLEL_GROUP",
                {4 * t, 4 * t + 1, 4 * t + 2, 4 * t + 3});
    for (int d = 0; d < 4; ++d)
        j.group(std::to_string(5 + d), "DATA_PARALLEL_GROUP", {d, d + 4, d + 8, d + 12});
    for (int s = 0; s < 3; ++s) {
        for (int pg = 1; pg <= 8; ++pg)
            j.collective(std::to_string(pg), kAllReduce, Completed);
        j.collective("0", kAllReduce, Completed);
    }
    // TP groups 2 (ranks 4-7) and 3 (8-11) wait for their dead member; the others enter their DP all_reduce.
    j.collective("1", kAllReduce, Completed);
    j.collective("2", kAllReduce, {{4, Scheduled}, {5, NotIssued}, {6, Scheduled}, {7, Scheduled}});
    j.collective("3", kAllReduce, {{8, Scheduled}, {9, Scheduled}, {10, NotIssued}, {11, Scheduled}});
    j.collective("4", kAllReduce, Completed);
    for (int d = 0; d < 4; ++d)
        j.collective(std::to_string(5 + d), kAllReduce,
                     {{d, Scheduled}, {d + 4, NotIssued}, {d + 8, NotIssued}, {d + 12, Scheduled}});
    ScenarioBuilder::WriteOptions options;
    options.missing = {5, 10};
    options.noMembers = true;
    return make(name, j, options,
                {"continue",
                 {{5, "missing_dump"}, {10, "missing_dump"}},
                 {0, 1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 15},
                 {{"2", 4, {{"missing_ranks", {5}}}}, {"3", 4, {{"missing_ranks", {10}}}}},
                 {}});
}

Scenario p2pPipelineHang(const std::string& name)
{
    ScenarioBuilder j(4);
    j.group("0", "default_pg", {0, 1, 2, 3});
    j.group("pp", "PIPELINE_MODEL_PARALLEL_GROUP", {0, 1, 2, 3});
    for (int step = 0; step < 3; ++step) {
        for (int s = 0; s < 3; ++s)
            j.sendRecv("pp", s, s + 1);
        for (int s = 3; s > 0; --s)
            j.sendRecv("pp", s, s - 1);
        j.collective("0", kAllReduce, Completed);
    }
    // The next micro-batch: stage 2 never issues its recv from 1 nor its send to 3.
    j.sendRecv("pp", 0, 1);
    j.sendRecv("pp", 1, 2, Scheduled, NotIssued);
    j.sendRecv("pp", 2, 3, NotIssued, Scheduled);
    j.sendRecv("pp", 1, 0, NotIssued, Scheduled);
    return make(name, j, onlyActive(),
                {"continue",
                 {{2, "stopped_issuing"}},
                 {0, 1, 3},
                 {{"pp", std::nullopt, {{"missing_ranks", {2}}, {"p2p", true}}}},
                 {}});
}

Scenario coalescedHealthy(const std::string& name)
{
    ScenarioBuilder j = world4();
    warmup(j, 3);
    j.coalesced("0", "nccl:all_gather", 3);
    j.p2pBatch("1", {{0, 1}, {1, 0}});
    j.collective("0", kAllReduce, Completed);
    j.coalesced("2", "nccl:reduce_scatter", 2, Completed, "nccl:REDUCE_SCATTER_coalesced");
    return make(name, j, {}, {"no_hang", {}, {}, {}, {}});
}

Scenario rolledOverHealthy(const std::string& name)
{
    ScenarioBuilder j = world4();
    warmup(j, 12);
    // A busy rank holds fewer steps: each rank's ring buffer starts at a different point.
    ScenarioBuilder::WriteOptions rolled;
    rolled.rolledOut = {{0, 3}, {1, 9}, {2, 14}, {3, 20}};
    return make(name, j, rolled, {"no_hang", {}, {}, {}, {}});
}

Scenario timingStartedStuck(const std::string& name)
{
    ScenarioBuilder j = world4(true);
    warmup(j, 5);
    j.collective("0", kAllReduce, {{0, Started}, {1, Started}, {2, Scheduled}, {3, Started}});
    return make(name, j, {},
                {"continue", {{2, "gpu_stalled"}}, {0, 1, 3}, {{"0", 6, {{"stuck_ranks", {2}}}}}, {}});
}

Scenario nonIntegerPgNames(const std::string& name)
{
    const std::array<const char*, 3> names = {"world", "tp:a", "tp:b"};
    ScenarioBuilder j = world4(false, names);
    j.group("dp/replica", "DATA_PARALLEL_GROUP", {1, 3});
    warmup(j, 4, names);
    j.collective("dp/replica", kAllReduce, Completed);
    j.collective("dp/replica", kAllReduce, {{1, NotIssued}, {3, Scheduled}});
    j.collective("world", kAllReduce, {{0, Scheduled}, {1, NotIssued}, {2, Scheduled}, {3, NotIssued}});
    // Rank 2's pg_status lacks its TP group, where nothing is pending: it must not be blamed.
    j.dropStatus(2, "tp:b");
    return make(
        name, j, onlyActive(),
        {"continue", {{1, "stopped_issuing"}}, {0, 2, 3}, {{"dp/replica", 2, {{"missing_ranks", {1}}}}}, {}});
}

// Three data-parallel pairs each run a coalesced all_gather (3 inner ops + ALLGATHER_coalesced). In the last
// one ranks 3 and 4 stopped inside the coalescing region (3 recorded 2 inner ops, 4 recorded 1, no
// terminator: nothing was launched) and rank 5 stopped before it. Their partners 0, 1, 2 closed the group and
// wait in it. Inner ops are not a collective of their own: 3, 4, 5 have not entered collective 4 of their PG,
// which is no type mismatch (all_gather against ALLGATHER_coalesced) and no rank inside a collective. Rank
// 4's writer counts inner ops in last_enqueued_collective (PyTorch does not): the missing terminator must
// still win.
Scenario stuckMidCoalesced(const std::string& name)
{
    ScenarioBuilder j(6);
    j.group("0", "default_pg", {0, 1, 2, 3, 4, 5});
    j.group("1", "DATA_PARALLEL_GROUP", {0, 3});
    j.group("2", "DATA_PARALLEL_GROUP", {1, 4});
    j.group("3", "DATA_PARALLEL_GROUP", {2, 5});
    for (int step = 0; step < 3; ++step) {
        for (const char* pg : {"1", "2", "3"})
            j.coalesced(pg, "nccl:all_gather", 3);
        j.collective("0", kAllReduce, Completed);
    }
    j.coalesced("1", "nccl:all_gather", 3, Scheduled, "nccl:ALLGATHER_coalesced", {{3, 2}});
    j.coalesced("2", "nccl:all_gather", 3, Scheduled, "nccl:ALLGATHER_coalesced", {{4, 1}});
    j.coalesced("3", "nccl:all_gather", 3, Scheduled, "nccl:ALLGATHER_coalesced", {{5, 0}});
    j.countInnerOps(4);
    return make(name, j, {},
                {"continue",
                 {{3, "stopped_issuing"}, {4, "stopped_issuing"}, {5, "stopped_issuing"}},
                 {0, 1, 2},
                 {{"1", 4, {{"missing_ranks", {3}}, {"status", "not_entered"}}},
                  {"2", 4, {{"missing_ranks", {4}}, {"status", "not_entered"}}},
                  {"3", 4, {{"missing_ranks", {5}}, {"status", "not_entered"}}}},
                 {}});
}

// Rank 0 stops before step 4 (timing on). CPUs enqueue asynchronously, so the others go on issuing while
// their GPUs block, and a GPU blocked in one op never runs the ops enqueued after it:
//   rank 1: TP [0,1] step 4 waits on 0 (started); its DP [1,3,5] step 4 queues behind it (scheduled)
//   rank 2: DP [0,2] step 4 waits on 0 (started)
//   ranks 3, 5: DP [1,3,5] step 4 is their first pending op and every member entered it (started), but member
//     1's GPU is still in TP step 4: they wait on 1
//   rank 4: TP [4,5] step 5, every member entered, is its first pending op (started); member 5's GPU is still
//   in
//     DP step 4: it waits on 5 (chain 4 -> 5 -> 1 -> 0)
//   TP [2,3] step 5 and TP [4,5] step 5 wait behind earlier ops on both members.
// Nothing but rank 0 explains the hang: exactly 0 is the culprit, everyone else a victim.
Scenario cascadeAcrossPgs(const std::string& name)
{
    ScenarioBuilder j(6, true);
    j.group("0", "default_pg", {0, 1, 2, 3, 4, 5});
    j.group("1", "TENSOR_MODEL_PARALLEL_GROUP", {0, 1});
    j.group("2", "TENSOR_MODEL_PARALLEL_GROUP", {2, 3});
    j.group("3", "TENSOR_MODEL_PARALLEL_GROUP", {4, 5});
    j.group("4", "DATA_PARALLEL_GROUP", {0, 2});
    j.group("5", "DATA_PARALLEL_GROUP", {1, 3, 5});
    for (int step = 0; step < 3; ++step)
        for (const char* pg : {"1", "2", "3", "4", "5", "0"})
            j.collective(pg, kAllReduce, Completed);
    // Step 4.
    j.collective("1", kAllReduce, {{0, NotIssued}, {1, Started}});
    j.collective("2", kAllReduce, Completed);
    j.collective("3", kAllReduce, Completed);
    j.collective("4", kAllReduce, {{0, NotIssued}, {2, Started}});
    j.collective("5", kAllReduce, {{1, Scheduled}, {3, Started}, {5, Started}});
    // Step 5: the CPUs that are not stuck issued the next TP all_reduce.
    j.collective("1", kAllReduce, {{0, NotIssued}, {1, Scheduled}});
    j.collective("2", kAllReduce, Scheduled);
    j.collective("3", kAllReduce, {{4, Started}, {5, Scheduled}});
    return make(name, j, {},
                {"continue",
                 {{0, "stopped_issuing"}},
                 {1, 2, 3, 4, 5},
                 {{"1", 4, {{"missing_ranks", {0}}}}, {"4", 4, {{"missing_ranks", {0}}}}},
                 {}});
}

using Maker = std::function<Scenario(const std::string&)>;

const std::vector<std::pair<std::string, Maker>>& scenarios()
{
    static const std::vector<std::pair<std::string, Maker>> all = {
        {"healthy", healthy},
        {"stops-issuing", stopsIssuing},
        {"missing-dump", missingDump},
        {"broken-gpu", brokenGpu},
        {"size-mismatch",
         [](const std::string& n) {
             return mismatch(n, 1, {"nccl:all_reduce", {{1024}}}, "size_mismatch",
                             "rank 1 passed sizes [[1024]], its peers [[2048]]");
         }},
        {"dtype-mismatch",
         [](const std::string& n) {
             return mismatch(n, 3, {"nccl:all_reduce", {{2048}}, "Float"}, "dtype_mismatch",
                             "rank 3 passed input dtype Float, its peers BFloat16");
         }},
        {"type-mismatch",
         [](const std::string& n) {
             return mismatch(n, 0, {"nccl:_all_gather_base", {{2048}}, "BFloat16", Sizes{{8192}}},
                             "type_mismatch", "rank 0 issued all_gather, its peers all_reduce");
         }},
        {"order-swap-across-pgs", orderSwapAcrossPgs},
        {"order-swap-in-pg", orderSwapInPg},
        {"extra-collective", extraCollective},
        {"grid-dead-rank", [](const std::string& n) { return gridDeadRank(n, false); }},
        {"grid-dead-rank-no-members", [](const std::string& n) { return gridDeadRank(n, true); }},
        {"grid-two-dead-no-members", gridTwoDeadNoMembers},
        {"order-deadlock", orderDeadlock},
        {"p2p-pipeline-hang", p2pPipelineHang},
        {"coalesced-healthy", coalescedHealthy},
        {"rolled-over-healthy", rolledOverHealthy},
        {"timing-started-stuck", timingStartedStuck},
        {"non-integer-pg-names", nonIntegerPgNames},
        {"stuck-mid-coalesced", stuckMidCoalesced},
        {"cascade-across-pgs", cascadeAcrossPgs},
    };
    return all;
}

} // namespace

std::vector<std::string> scenarioNames()
{
    std::vector<std::string> names;
    for (const auto& [name, maker] : scenarios())
        names.push_back(name);
    return names;
}

Scenario makeScenario(const std::string& name)
{
    for (const auto& [n, maker] : scenarios())
        if (n == name)
            return maker(n);
    return {};
}

QString writeScenarios(const QString& dir)
{
    auto write = [](const QString& path, const std::string& bytes) {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            f.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()))
            return QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
        return QString();
    };
    for (const auto& [name, maker] : scenarios()) {
        QDir out(QDir(dir).filePath(QString::fromStdString(name)));
        if ((out.exists() && !out.removeRecursively()) || !QDir().mkpath(out.path()))
            return QStringLiteral("cannot create directory %1").arg(out.path());
        const Scenario s = maker(name);
        for (const auto& [rank, bytes] : s.dumps)
            if (QString error = write(out.filePath(QStringLiteral("_dump_%1").arg(rank)), bytes);
                !error.isEmpty())
                return error;
        if (QString error = write(out.filePath(QStringLiteral("expected-report.json")), s.expectedReport);
            !error.isEmpty())
            return error;
    }
    return {};
}

} // namespace fd::scenario
