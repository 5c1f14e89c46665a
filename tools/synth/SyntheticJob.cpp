#include "SyntheticJob.h"

#include "DumpPieces.h"
#include "SplitMix64.h"

#include <QDir>
#include <QFile>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <map>
#include <mutex>
#include <numeric>
#include <thread>
#include <tuple>

namespace fd {

namespace synth {

// Named, not anonymous: SyntheticJob::Event, a class with linkage, holds them.
enum Kind : std::int16_t
{
    TpAllGather,
    EpAllToAll,
    TpReduceScatter,
    PpRecv,
    PpSend,
    DpCoalescedInner,
    DpCoalescedEnd,
    DpAllReduce,
    DefaultAllReduce,
};

enum State : std::uint8_t
{
    Scheduled,
    Started,
    Completed
};

} // namespace synth

namespace {

using synth::Kind;
using synth::State;
using enum synth::Kind;
using enum synth::State;

constexpr std::int64_t kT0Ns =
    1'760'000'000'000'000'000; // fixed wall clock: the same seed gives the same bytes
constexpr std::int64_t kSlotNs = 2'000'000;
constexpr int kSlotsPerStep = 16;
constexpr int kStackVariants = 64;

using Rng = fd::synth::SplitMix64;

int largestDivisorAtMost(int n, int limit)
{
    for (int d = std::max(1, std::min(n, limit)); d > 1; --d)
        if (n % d == 0)
            return d;
    return 1;
}

} // namespace

struct SyntheticJob::Event
{
    std::int64_t slot = 0; // step * kSlotsPerStep + position: orders ops the same way on every rank
    std::int64_t created = 0;
    std::int64_t recordId = 0;
    std::int64_t collSeq = 0;
    std::int64_t p2pSeq = 0;
    std::int64_t opId = 0;
    double durationMs = 0;
    std::int64_t completed = 0; // with the lateness model: when the op ends on every member
    int group = 0;
    int localPg = 0;
    int peerLocal = 0;
    int selfLocal = 0;
    int stack = 0;
    Kind kind = TpAllGather;
    State state = Completed;
};

SyntheticJob::SyntheticJob(const SyntheticJobOptions& options) : m_options(options)
{
    const int n = std::max(1, m_options.ranks);
    m_options.ranks = n;
    m_tp = largestDivisorAtMost(n, m_options.tensorParallel);
    m_pp = largestDivisorAtMost(n / m_tp, m_options.pipelineParallel);
    m_dp = n / (m_tp * m_pp);
    m_ep = largestDivisorAtMost(m_dp, m_options.expertParallel);

    auto addGroup = [this](std::string desc, std::vector<int> ranks, std::int64_t timeoutMs) {
        SyntheticGroup g;
        g.name = std::to_string(m_groups.size());
        g.desc = std::move(desc);
        std::sort(ranks.begin(), ranks.end());
        g.ranksText = ranksText(ranks);
        g.ranks = std::move(ranks);
        g.timeoutMs = timeoutMs;
        m_groups.push_back(std::move(g));
        return static_cast<int>(m_groups.size() - 1);
    };
    auto rankOf = [this](int tp, int dp, int pp) { return tp + m_tp * (dp + m_dp * pp); };

    std::vector<int> all(n);
    std::iota(all.begin(), all.end(), 0);
    m_defaultGroup = addGroup("default_pg", all, 600000);
    m_tpGroupOf.assign(n, -1);
    m_ppGroupOf.assign(n, -1);
    m_dpGroupOf.assign(n, -1);
    m_epGroupOf.assign(n, -1);
    // Groups are created in the same order on every rank, so names (creation indexes) agree across ranks.
    // One family of groups per parallelism: a group for every (outer, inner) pair, its members from
    // `members`.
    auto addFamily = [&](const char* desc, int timeoutMs, std::vector<int>& groupOf, int outer, int inner,
                         const auto& members) {
        for (int a = 0; a < outer; ++a)
            for (int b = 0; b < inner; ++b) {
                const std::vector<int> r = members(a, b);
                const int g = addGroup(desc, r, timeoutMs);
                for (int x : r)
                    groupOf[x] = g;
            }
    };
    auto span = [](int count, const auto& rankAt) {
        std::vector<int> r;
        for (int i = 0; i < count; ++i)
            r.push_back(rankAt(i));
        return r;
    };
    addFamily("TENSOR_MODEL_PARALLEL_GROUP", 180000, m_tpGroupOf, m_pp, m_dp,
              [&](int pp, int dp) { return span(m_tp, [&](int tp) { return rankOf(tp, dp, pp); }); });
    addFamily("PIPELINE_MODEL_PARALLEL_GROUP", 600000, m_ppGroupOf, m_dp, m_tp,
              [&](int dp, int tp) { return span(m_pp, [&](int pp) { return rankOf(tp, dp, pp); }); });
    addFamily("DATA_PARALLEL_GROUP", 600000, m_dpGroupOf, m_pp, m_tp,
              [&](int pp, int tp) { return span(m_dp, [&](int dp) { return rankOf(tp, dp, pp); }); });
    // Expert parallelism splits each DP group into blocks of m_ep ranks.
    addFamily("EXPERT_MODEL_PARALLEL_GROUP", 600000, m_epGroupOf, m_pp * m_tp, m_dp / m_ep,
              [&](int ppTp, int block) {
                  return span(m_ep,
                              [&](int e) { return rankOf(ppTp % m_tp, block * m_ep + e, ppTp / m_tp); });
              });

    if (m_options.withStackTraces) {
        Rng rng{m_options.seed * 0x51ed27f1ULL + 17};
        static const char* const modules[] = {"megatron/core/transformer/transformer_layer.py",
                                              "megatron/core/transformer/moe/moe_layer.py",
                                              "megatron/core/tensor_parallel/mappings.py",
                                              "megatron/core/pipeline_parallel/schedules.py",
                                              "megatron/core/distributed/param_and_grad_buffer.py",
                                              "torch/distributed/distributed_c10d.py",
                                              "torch/nn/modules/module.py",
                                              "megatron/training/training.py"};
        static const char* const funcs[] = {"forward",
                                            "backward",
                                            "_gather_along_first_dim",
                                            "all_to_all",
                                            "forward_backward_pipelining_without_interleaving",
                                            "start_param_sync",
                                            "_call_impl",
                                            "train_step"};
        const int pool = std::max(8, m_options.framePoolSize);
        for (int i = 0; i < pool; ++i) {
            Frame f;
            f.name = std::string(funcs[i % 8]) + "_" + std::to_string(i);
            f.filename = "/opt/pytorch/" + std::string(modules[(i / 8) % 8]);
            f.line = 20 + rng.below(2000);
            m_frames.push_back(std::move(f));
        }
        const int depth = std::max(1, m_options.framesPerEntry);
        const int outer = std::min(depth, 8); // the training loop: the same outermost frames everywhere
        for (int s = 0; s < kStackVariants; ++s) {
            std::vector<int> stack;
            for (int i = 0; i < depth - outer; ++i)
                stack.push_back(8 + rng.below(pool - 8));
            for (int i = outer - 1; i >= 0; --i)
                stack.push_back(i);
            m_stacks.push_back(std::move(stack));
        }
    }
    computePendingFrom();
}

// What a real job looks like once the stuck rank stops (or the missing rank crashes): a rank's GPU runs its
// ops in the order it enqueued them, and an op completes only when every participant issued it and finished
// everything it enqueued before. So a rank keeps completing ops until its first op that (transitively) waits
// on a stopped rank, and from there on everything it enqueued stays pending, also collectives in groups
// without the stopped rank that all their members issued. Ranks whose work never meets the missing ops
// complete everything. Steps before the earliest cut complete on every rank (all participants issued them),
// so only the steps from there on are simulated.
void SyntheticJob::computePendingFrom()
{
    const int n = m_options.ranks;
    m_pendingFrom.assign(static_cast<std::size_t>(n), INT64_MAX);
    m_issued.assign(static_cast<std::size_t>(n), SIZE_MAX);
    std::vector<int> stopped;
    for (int r : {m_options.stuckRank, m_options.missingRank})
        if (r >= 0 && r < n && std::find(stopped.begin(), stopped.end(), r) == stopped.end())
            stopped.push_back(r);
    if (stopped.empty() || m_options.stuckEntries <= 0)
        return;
    std::int64_t cutStep = INT64_MAX;
    for (int r : stopped) {
        const std::vector<Event> events = generateEvents(r, memberGroups(r));
        const std::size_t k =
            std::min<std::size_t>(static_cast<std::size_t>(m_options.stuckEntries), events.size());
        m_issued[static_cast<std::size_t>(r)] = events.size() - k;
        if (k > 0)
            cutStep = std::min(cutStep, events[events.size() - k].slot / kSlotsPerStep);
    }
    if (cutStep == INT64_MAX)
        return;

    // One op per collective (a coalesced group is its terminator: inner ops launch nothing on their own) or
    // per send/recv pair. Keys: (group, collective seq, -1, -1) or (group, step, sender, receiver).
    struct Op
    {
        std::size_t needed = 0;
        std::vector<int> arrived;
    };
    std::map<std::tuple<int, std::int64_t, int, int>, std::size_t> index;
    std::vector<Op> table;
    std::vector<std::vector<std::pair<std::size_t, std::int64_t>>> queue(
        static_cast<std::size_t>(n)); // op, slot
    for (int r = 0; r < n; ++r) {
        const std::vector<Event> events = generateEvents(r, memberGroups(r));
        const std::size_t end = std::min(events.size(), m_issued[static_cast<std::size_t>(r)]);
        for (std::size_t i = 0; i < end; ++i) {
            const Event& e = events[i];
            const std::int64_t step = e.slot / kSlotsPerStep;
            if (step < cutStep || e.kind == DpCoalescedInner)
                continue;
            const SyntheticGroup& group = m_groups[static_cast<std::size_t>(e.group)];
            std::tuple<int, std::int64_t, int, int> key{e.group, e.collSeq, -1, -1};
            std::size_t needed = group.ranks.size();
            if (e.kind == PpSend || e.kind == PpRecv) {
                const int peer = group.ranks[static_cast<std::size_t>(e.peerLocal)];
                const bool send = e.kind == PpSend;
                key = {e.group, step, send ? r : peer, send ? peer : r};
                needed = 2;
            }
            auto [it, fresh] = index.try_emplace(key, table.size());
            if (fresh)
                table.push_back({needed, {}});
            queue[static_cast<std::size_t>(r)].emplace_back(it->second, e.slot);
        }
    }

    // Event-driven: a rank arrives at its next op; when the last participant arrives the op completes and
    // every participant moves on to its next one.
    std::vector<std::size_t> next(static_cast<std::size_t>(n), 0);
    std::vector<int> work(static_cast<std::size_t>(n));
    std::iota(work.begin(), work.end(), 0);
    while (!work.empty()) {
        const auto r = static_cast<std::size_t>(work.back());
        work.pop_back();
        if (next[r] >= queue[r].size())
            continue;
        Op& op = table[queue[r][next[r]].first];
        op.arrived.push_back(static_cast<int>(r));
        if (op.arrived.size() < op.needed)
            continue;
        for (int q : op.arrived) {
            ++next[static_cast<std::size_t>(q)];
            work.push_back(q);
        }
    }
    for (std::size_t r = 0; r < queue.size(); ++r)
        if (next[r] < queue[r].size())
            m_pendingFrom[r] = queue[r][next[r]].second;
}

std::vector<int> SyntheticJob::memberGroups(int rank) const
{
    std::vector<int> out;
    for (int g = 0; g < static_cast<int>(m_groups.size()); ++g)
        if (std::binary_search(m_groups[g].ranks.begin(), m_groups[g].ranks.end(), rank))
            out.push_back(g);
    return out;
}

std::vector<SyntheticJob::Event> SyntheticJob::generateEvents(int rank, const std::vector<int>& member) const
{
    const int groupCount = static_cast<int>(m_groups.size());
    std::vector<int> localPg(groupCount, -1);
    for (int i = 0; i < static_cast<int>(member.size()); ++i)
        localPg[member[i]] = i;
    std::vector<std::int64_t> coll(groupCount, 0), p2p(groupCount, 0), ops(groupCount, 0);

    // Every rank runs the same number of steps, so a collective has the same seq id on all its members.
    const int perStepMin = (m_tp > 1 ? 2 : 0) + (m_ep > 1 ? 2 : 0) + (m_pp > 1 ? 1 : 0) + (m_dp > 1 ? 4 : 0);
    const int perStep = std::max(1, perStepMin);
    const std::int64_t steps = (m_options.entriesPerRank + m_options.stuckEntries) / perStep + 2;

    Rng rng{m_options.seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(rank) * 7919 + 1};
    std::vector<Event> events;
    events.reserve(static_cast<std::size_t>(steps * (perStep + 3)));
    std::int64_t record = 0;
    const int stage = m_pp > 1 ? (rank / m_tp) / m_dp : 0;

    for (std::int64_t step = 0; step < steps; ++step) {
        int position = 0;
        // bump: this op starts a new collective (p2p ops and the later members of a coalesced group don't).
        auto emit = [&](Kind kind, int group, bool isP2p, bool bump, int peerLocal = 0, int selfLocal = 0) {
            Event e;
            e.slot = step * kSlotsPerStep + position++;
            e.created = kT0Ns + e.slot * kSlotNs + rng.below(200'000);
            e.recordId = record++;
            e.group = group;
            e.localPg = localPg[group];
            e.kind = kind;
            // A coalesced group's inner ops and its terminator share one collective seq id.
            if (bump)
                ++coll[group];
            if (isP2p)
                ++p2p[group];
            e.collSeq = coll[group];
            e.p2pSeq = p2p[group];
            e.opId = ++ops[group];
            e.peerLocal = peerLocal;
            e.selfLocal = selfLocal;
            e.durationMs = 0.05 + rng.below(8000) / 1000.0;
            if (m_options.latenessModel())
                applyLatenessModel(e, rank);
            e.stack = m_stacks.empty() ? 0 : static_cast<int>((kind * 7 + step) % kStackVariants);
            e.state = kind == DpCoalescedInner ? Scheduled : Completed;
            events.push_back(e);
        };
        if (m_tp > 1)
            emit(TpAllGather, m_tpGroupOf[rank], false, true);
        if (m_ep > 1) {
            emit(EpAllToAll, m_epGroupOf[rank], false, true);
            emit(EpAllToAll, m_epGroupOf[rank], false, true);
        }
        if (m_tp > 1)
            emit(TpReduceScatter, m_tpGroupOf[rank], false, true);
        if (m_pp > 1) {
            if (stage > 0)
                emit(PpRecv, m_ppGroupOf[rank], true, false, stage - 1, stage);
            if (stage < m_pp - 1)
                emit(PpSend, m_ppGroupOf[rank], true, false, stage + 1, stage);
        }
        if (m_dp > 1) {
            emit(DpCoalescedInner, m_dpGroupOf[rank], false, true);
            emit(DpCoalescedInner, m_dpGroupOf[rank], false, false);
            emit(DpCoalescedEnd, m_dpGroupOf[rank], false, false);
            emit(DpAllReduce, m_dpGroupOf[rank], false, true);
        }
        if (step % 10 == 9 || perStepMin == 0)
            emit(DefaultAllReduce, m_defaultGroup, false, true);
    }
    return events;
}

void SyntheticJob::applyLatenessModel(Event& e, int rank) const
{
    const SyntheticGroup& group = m_groups[std::size_t(e.group)];
    const bool waitsForSlow = m_options.slowRank >= 0 &&
                              std::binary_search(group.ranks.begin(), group.ranks.end(), m_options.slowRank);
    const auto slowNs = std::llround(m_options.slowMs * 1e6);
    if (rank == m_options.slowRank)
        e.created += slowNs;
    // The op's own time is the same on every member (a hash of its slot and group): it ends when the last
    // member's arrival (jitter below 0.2 ms, the slow rank's delay) plus that time has passed.
    const auto key =
        static_cast<std::uint64_t>(e.slot) * 0x9e3779b97f4a7c15ULL + std::uint64_t(e.group) * 7919;
    const std::int64_t own = 50'000 + std::int64_t(key % 8'000'000);
    e.completed = kT0Ns + e.slot * kSlotNs + 200'000 + 30'000 + (waitsForSlow ? slowNs : 0) + own;
    e.durationMs = double(e.completed - (e.created + 30'000)) / 1e6;
}

std::string SyntheticJob::dumpRank(int rank) const
{
    const std::vector<int> member = memberGroups(rank);
    std::vector<Event> events = generateEvents(rank, member);

    // The stuck (and the crashed) rank never issued its last entries; every rank's ops stay pending from its
    // first op that waits on them (computePendingFrom()). With timing, the op its GPU is blocked in has
    // started.
    if (events.size() > m_issued[static_cast<std::size_t>(rank)])
        events.resize(m_issued[static_cast<std::size_t>(rank)]);
    const std::int64_t pendingFrom = m_pendingFrom[static_cast<std::size_t>(rank)];
    bool blockedOp = true;
    for (Event& e : events) {
        if (e.slot < pendingFrom || e.kind == DpCoalescedInner)
            continue; // inner ops are `scheduled` whatever happens to their group
        e.state = (blockedOp && m_options.timing) ? Started : Scheduled;
        blockedOp = false;
    }

    // pg_status covers everything the rank enqueued, also what the ring buffer has already dropped.
    struct Status
    {
        std::int64_t enqueued = -1, started = -1, completed = -1;
    };
    std::vector<Status> status(member.size());
    for (const Event& e : events) {
        if (e.kind == PpSend || e.kind == PpRecv)
            continue;
        // A coalesced group's inner ops are only recorded; the group is enqueued (and pg_status moves) with
        // its terminator, so a rank stopped inside the group still shows the previous seq as enqueued.
        if (e.kind == DpCoalescedInner)
            continue;
        Status& s = status[e.localPg];
        s.enqueued = std::max(s.enqueued, e.collSeq);
        if (m_options.timing && e.state != Scheduled)
            s.started = std::max(s.started, e.collSeq);
        if (e.state == Completed)
            s.completed = std::max(s.completed, e.collSeq);
    }
    const std::size_t keep = static_cast<std::size_t>(std::max(0, m_options.entriesPerRank));
    const std::size_t first = events.size() > keep ? events.size() - keep : 0;

    PickleWriter w;
    w.reserve(keep * (m_options.withStackTraces ? 260 : 170) + 4096);
    w.beginDict();
    w.string("version");
    w.string("2.10");
    w.string("pg_config");
    w.beginDict();
    for (int g : member)
        writePgConfigItem(w, m_groups[g].name, m_groups[g].desc, m_groups[g].ranksText);
    w.endDict();
    w.string("comm_lib_version");
    w.string("2.21.5");
    w.string("pg_status");
    w.beginDict();
    for (std::size_t i = 0; i < member.size(); ++i)
        writePgStatusItem(w, int(i), status[i].enqueued, status[i].started, status[i].completed);
    w.endDict();

    std::vector<std::int64_t> frameMemo(m_frames.size(), -1);
    const std::string threadId = std::to_string(140'000'000'000'000LL + rank * 4096LL);
    const std::int64_t hidden = 5120, tokens = 4096;
    auto shape = [&w](std::initializer_list<std::int64_t> dims) {
        w.beginList();
        for (std::int64_t d : dims)
            w.integer(d);
        w.endList();
    };
    auto sizes = [&w, &shape](std::initializer_list<std::int64_t> dims, bool empty) {
        w.beginList();
        if (!empty)
            shape(dims);
        w.endList();
    };
    auto dtypes = [&w](const char* dtype, bool empty) {
        w.beginList();
        if (!empty)
            w.string(dtype);
        w.endList();
    };

    w.string("entries");
    w.beginList();
    std::string name;
    for (std::size_t i = first; i < events.size(); ++i) {
        const Event& e = events[i];
        const SyntheticGroup& group = m_groups[e.group];
        const auto groupSize = static_cast<std::int64_t>(group.ranks.size());
        w.beginDict();
        if (!m_stacks.empty()) {
            w.string("frames");
            w.beginList();
            for (int f : m_stacks[e.stack]) {
                if (frameMemo[f] >= 0) {
                    w.get(static_cast<std::uint32_t>(frameMemo[f]));
                    continue;
                }
                w.beginDict();
                w.string("name");
                w.string(m_frames[f].name);
                w.string("filename");
                w.string(m_frames[f].filename);
                w.string("line");
                w.integer(m_frames[f].line);
                w.endDict();
                frameMemo[f] = w.memoize();
            }
            w.endList();
        }
        w.string("record_id");
        w.integer(e.recordId);
        w.string("pg_id");
        w.integer(e.localPg);
        w.string("process_group");
        w.beginTuple(2);
        w.string(group.name);
        w.string(group.desc);
        w.endTuple(2);
        w.string("thread_name");
        w.string(e.kind == TpReduceScatter || e.kind == EpAllToAll ? "pt_autograd_0" : "pt_main_thread");
        w.string("thread_id");
        w.string(threadId);
        w.string("collective_seq_id");
        w.integer(e.collSeq);
        w.string("p2p_seq_id");
        w.integer(e.p2pSeq);
        w.string("op_id");
        w.integer(e.opId);
        w.string("profiling_name");
        const bool isP2p = e.kind == PpSend || e.kind == PpRecv;
        const bool terminator = e.kind == DpCoalescedEnd;
        const char* dtype = "BFloat16";
        switch (e.kind) {
        case TpAllGather:
            name = "nccl:_all_gather_base";
            break;
        case EpAllToAll:
            name = "nccl:all_to_all";
            break;
        case TpReduceScatter:
            name = "nccl:_reduce_scatter_base";
            break;
        case PpRecv:
            name = "nccl:recv " + std::to_string(e.selfLocal) + "<-" + std::to_string(e.peerLocal);
            break;
        case PpSend:
            name = "nccl:send " + std::to_string(e.selfLocal) + "->" + std::to_string(e.peerLocal);
            break;
        case DpCoalescedInner:
            name = "nccl:all_gather";
            break;
        case DpCoalescedEnd:
            name = "nccl:ALLGATHER_coalesced";
            break;
        case DpAllReduce:
        case DefaultAllReduce:
            name = "nccl:all_reduce";
            dtype = "Float";
            break;
        }
        w.string(name);
        // The skewed rank's clock is ahead: every time it writes, not when things happen.
        const std::int64_t skew = rank == m_options.skewRank ? std::llround(m_options.skewMs * 1e6) : 0;
        w.string("time_created_ns");
        w.integer(e.created + skew);
        if (m_options.timing && e.state == Completed) {
            w.string("duration_ms");
            w.floating(e.durationMs);
        }
        // One op's input or output shapes: all_gather's output and reduce_scatter's input are the group's
        // worth.
        auto opSizes = [&](bool output) {
            switch (e.kind) {
            case TpAllGather:
                sizes({output ? tokens : tokens / groupSize, 1, hidden}, false);
                break;
            case TpReduceScatter:
                sizes({output ? tokens / groupSize : tokens, 1, hidden}, false);
                break;
            case EpAllToAll:
                sizes({tokens, hidden}, false);
                break;
            case PpRecv:
            case PpSend:
                sizes({1, tokens, hidden}, false);
                break;
            case DpCoalescedInner:
                sizes({output ? (1 << 20) * groupSize : (1 << 20)}, false);
                break;
            case DpCoalescedEnd:
                sizes({}, true);
                break;
            case DpAllReduce:
                sizes({25'165'824}, false);
                break;
            case DefaultAllReduce:
                sizes({1}, false);
                break;
            }
        };
        w.string("input_sizes");
        opSizes(false);
        w.string("input_dtypes");
        dtypes(dtype, terminator);
        w.string("output_sizes");
        opSizes(true);
        w.string("output_dtypes");
        dtypes(dtype, terminator);
        w.string("state");
        w.string(e.state == Completed ? "completed" : e.state == Started ? "started" : "scheduled");
        w.string("time_discovered_started_ns");
        if (e.state == Started || (e.state == Completed && m_options.timing))
            w.integer(e.created + 30'000 + skew);
        else
            w.none();
        w.string("time_discovered_completed_ns");
        if (e.state == Completed)
            w.integer(m_options.latenessModel()
                          ? e.completed + skew
                          : e.created + 30'000 + static_cast<std::int64_t>(e.durationMs * 1e6));
        else
            w.none();
        w.string("retired");
        w.boolean(e.state == Completed);
        w.string("timeout_ms");
        w.integer(group.timeoutMs);
        w.string("is_p2p");
        w.boolean(isP2p);
        w.endDict();
    }
    w.endList();
    w.endDict();
    w.memoize(); // the C++ side holds the top-level dict twice, so it is memoized after being written
    return w.finish();
}

SyntheticJob::WriteResult SyntheticJob::writeTo(const QString& dir) const
{
    WriteResult result;
    if (!QDir().mkpath(dir)) {
        result.error = QStringLiteral("cannot create directory %1").arg(dir);
        return result;
    }
    std::atomic<int> nextRank{0};
    std::atomic<int> files{0};
    std::atomic<std::int64_t> bytes{0};
    std::mutex errorMutex;
    auto worker = [&]() {
        for (int rank = nextRank++; rank < m_options.ranks; rank = nextRank++) {
            if (rank == m_options.missingRank)
                continue;
            const std::string data = dumpRank(rank);
            QFile file(QDir(dir).filePath(QStringLiteral("_dump_%1").arg(rank)));
            const bool ok =
                file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
                file.write(data.data(), static_cast<qint64>(data.size())) == static_cast<qint64>(data.size());
            if (!ok) {
                const std::lock_guard lock(errorMutex);
                if (result.error.isEmpty())
                    result.error =
                        QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString());
                continue;
            }
            ++files;
            bytes += static_cast<std::int64_t>(data.size());
        }
    };
    int threads =
        m_options.threads > 0 ? m_options.threads : static_cast<int>(std::thread::hardware_concurrency());
    threads = std::clamp(threads, 1, std::max(1, m_options.ranks));
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i)
        pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool)
        t.join();
    result.files = files;
    result.bytes = bytes;
    return result;
}

} // namespace fd
