#include "SyntheticJob.h"

#include <QStringBuilder>

#include <algorithm>
#include <array>
#include <limits>
#include <string>

namespace fd {

namespace {

enum Kind : int { Default, Tp, Pp, Dp, Ep, KindCount };

constexpr std::array<const char*, KindCount> kDescs = {"default_pg", "TENSOR_MODEL_PARALLEL_GROUP",
                                                       "PIPELINE_MODEL_PARALLEL_GROUP", "DATA_PARALLEL_GROUP",
                                                       "EXPERT_MODEL_PARALLEL_GROUP"};
constexpr std::int64_t kT0 = 1758610500000000000;
constexpr std::int64_t kStepNs = 2'000'000;

// One step of the SPMD program every rank runs.
struct Step
{
    Kind kind;
    const char* op;
};
constexpr std::array<Step, 6> kProgram = {{{Tp, "nccl:_all_gather_base"},
                                           {Tp, "nccl:_reduce_scatter_base"},
                                           {Pp, "nccl:send"},
                                           {Ep, "nccl:all_to_all"},
                                           {Dp, "nccl:all_reduce"},
                                           {Default, "nccl:all_reduce"}}};

struct Builder
{
    const SyntheticJobSpec& spec;
    Job& job;
    int dp = 1;
    // groupOf[kind][rank] = pgIndex
    std::array<std::vector<std::uint32_t>, KindCount> groupOf;
    std::array<StackId, KindCount> stacks{};

    StrId s(const char* text) { return job.pools->strings.intern(text); }
    StrId s(const std::string& text) { return job.pools->strings.intern(text); }

    void addGroup(Kind kind, std::vector<int> ranks)
    {
        const auto pgIndex = static_cast<std::uint32_t>(job.processGroups.size());
        ProcessGroup pg;
        pg.name = QString::number(pgIndex * 7 + (kind == Default ? 0 : 3));
        pg.desc = QLatin1String(kDescs[kind]);
        pg.ranks = std::move(ranks);
        for (int r : pg.ranks)
            groupOf[kind][std::size_t(r)] = pgIndex;
        job.processGroups.push_back(std::move(pg));
    }

    void makeGroups()
    {
        const int world = spec.worldSize;
        for (auto& g : groupOf)
            g.assign(std::size_t(world), kNoPg);
        std::vector<int> all(static_cast<std::size_t>(world));
        for (int r = 0; r < world; ++r)
            all[std::size_t(r)] = r;
        addGroup(Default, all);
        // Megatron's default order: tp fastest, then dp, then pp.
        for (int p = 0; p < spec.pp; ++p)
            for (int d = 0; d < dp; ++d) {
                std::vector<int> ranks;
                for (int t = 0; t < spec.tp; ++t)
                    ranks.push_back(t + spec.tp * (d + dp * p));
                addGroup(Tp, ranks);
            }
        for (int t = 0; t < spec.tp; ++t)
            for (int d = 0; d < dp; ++d) {
                std::vector<int> ranks;
                for (int p = 0; p < spec.pp; ++p)
                    ranks.push_back(t + spec.tp * (d + dp * p));
                addGroup(Pp, ranks);
            }
        for (Kind kind : {Dp, Ep})
            for (int p = 0; p < spec.pp; ++p)
                for (int t = 0; t < spec.tp; ++t) {
                    std::vector<int> ranks;
                    for (int d = 0; d < dp; ++d)
                        ranks.push_back(t + spec.tp * (d + dp * p));
                    addGroup(kind, ranks);
                }
    }

    void makeStacks()
    {
        for (int k = 0; k < KindCount; ++k) {
            const std::array<StackFrame, 3> frames = {
                StackFrame{s(k == Pp ? "send" : "all_reduce"), s("torch/distributed/distributed_c10d.py"), 2400 + k},
                StackFrame{s(std::string("forward_") + kDescs[k]), s("megatron/core/parallel_state.py"), 300 + 10 * k},
                StackFrame{s("train_step"), s("megatron/training/training.py"), 712}};
            stacks[std::size_t(k)] = job.pools->stacks.intern(frames);
        }
    }

    void makeEntry(int rank, int step, const Step& st, std::int64_t seq, std::int64_t p2pSeq, Entry& e, EntryDetails& d)
    {
        const std::uint32_t pgIndex = groupOf[st.kind][std::size_t(rank)];
        const ProcessGroup& pg = job.processGroups[pgIndex];
        e.recordId = step;
        e.collectiveSeqId = seq;
        e.p2pSeqId = p2pSeq;
        d.opId = seq;
        e.pgId = st.kind;
        e.pgIndex = pgIndex;
        e.pgName = s(pg.name.toStdString());
        e.pgDesc = s(pg.desc.toStdString());
        d.threadName = s("pt_autograd_0");
        d.threadId = s("23437656749760");
        e.isP2p = st.kind == Pp;
        if (e.isP2p) {
            const auto local = std::find(pg.ranks.begin(), pg.ranks.end(), rank) - pg.ranks.begin();
            const std::string name = local % 2 == 0
                ? "nccl:send " + std::to_string(local) + "->" + std::to_string(local + 1)
                : "nccl:recv " + std::to_string(local) + "<-" + std::to_string(local - 1);
            e.profilingName = s(name);
        } else {
            e.profilingName = s(st.op);
        }
        const std::int64_t h = 4096, w = 5120;
        const std::int64_t n = std::int64_t(pg.ranks.size());
        std::vector<std::vector<std::int64_t>> in{{h, 1, w}}, out{{h, 1, w}};
        if (st.kind == Tp && step % 6 == 0)
            out = {{h * n, 1, w}};
        if (st.kind == Tp && step % 6 == 1)
            in = {{h * n, 1, w}};
        e.inputSizes = job.pools->internShapes(in);
        e.outputSizes = job.pools->internShapes(out);
        const std::array<StrId, 1> bf16 = {s("BFloat16")};
        e.inputDtypes = e.outputDtypes = job.pools->dtypeLists.intern(bf16);
        if (spec.stackTraces)
            d.frames = stacks[st.kind];
        d.timeoutMs = 600000;
        d.timeCreatedNs = kT0 + std::int64_t(step) * kStepNs + rank * 10'000;
        e.state = EntryState::Completed;
        if (spec.timing) {
            d.timeDiscoveredStartedNs = d.timeCreatedNs + 50'000;
            d.durationMs = 0.6 + 0.25 * int(st.kind) + 0.01 * (rank % 7);
            d.timeDiscoveredCompletedNs = d.timeDiscoveredStartedNs + std::int64_t(d.durationMs * 1e6);
        }
    }

    void makeDump(int rank, int hangStep)
    {
        RankDump dump;
        dump.rank = rank;
        dump.filePath = QStringLiteral("synthetic/_dump_") + QString::number(rank);
        dump.version = QStringLiteral("2.10");
        dump.versionMajor = 2;
        dump.versionMinor = 10;
        dump.commLibVersion = QStringLiteral("2.27.3");
        dump.hasStackTraces = spec.stackTraces;
        dump.hasTiming = spec.timing;
        std::array<std::int64_t, KindCount> seq{}, p2pSeq{};
        std::array<std::int64_t, KindCount> completed{}, started{};
        completed.fill(-1);
        started.fill(-1);
        const int lastStep = hangStep < 0 ? spec.entriesPerRank + 30 : hangStep;
        for (int step = 0; step <= lastStep; ++step) {
            const Step& st = kProgram[std::size_t(step) % kProgram.size()];
            if (groupOf[st.kind][std::size_t(rank)] == kNoPg || (st.kind == Pp && spec.pp < 2))
                continue;
            const bool stuck = step == hangStep;
            if (stuck && rank == spec.hangRank)
                break; // the culprit never enters the hanging collective
            const bool p2p = st.kind == Pp;
            if (p2p)
                ++p2pSeq[st.kind];
            else
                ++seq[st.kind];
            Entry e;
            EntryDetails d;
            makeEntry(rank, step, st, seq[st.kind], p2pSeq[st.kind], e, d);
            if (stuck) {
                e.state = spec.timing ? EntryState::Started : EntryState::Scheduled;
                d.timeDiscoveredCompletedNs = Entry::kNoTime;
                d.durationMs = std::numeric_limits<double>::quiet_NaN();
                if (!spec.timing)
                    d.timeDiscoveredStartedNs = Entry::kNoTime;
                started[st.kind] = spec.timing ? seq[st.kind] : started[st.kind];
            } else if (!p2p) {
                completed[st.kind] = seq[st.kind];
            }
            dump.entries.push_back(e);
            dump.details.push_back(d);
        }
        if (int excess = int(dump.entries.size()) - spec.entriesPerRank; excess > 0) {
            dump.entries.erase(dump.entries.begin(), dump.entries.begin() + excess);
            dump.details.erase(dump.details.begin(), dump.details.begin() + excess);
        }
        for (int k = 0; k < KindCount; ++k) {
            const std::uint32_t pgIndex = groupOf[std::size_t(k)][std::size_t(rank)];
            if (pgIndex == kNoPg)
                continue;
            const ProcessGroup& pg = job.processGroups[pgIndex];
            dump.pgConfigs.push_back({s(pg.name.toStdString()), s(pg.desc.toStdString()),
                                      job.pools->rankLists.fromRanks(pg.ranks), pgIndex});
            PgStatus status;
            status.localPgId = k;
            status.lastEnqueued = seq[std::size_t(k)] ? seq[std::size_t(k)] : -1;
            status.lastStarted = started[std::size_t(k)];
            status.lastCompleted = completed[std::size_t(k)];
            status.pgIndex = pgIndex;
            dump.pgStatus.push_back(status);
        }
        job.dumps.push_back(std::move(dump));
    }
};

} // namespace

std::shared_ptr<Job> makeSyntheticJob(const SyntheticJobSpec& spec)
{
    auto out = std::make_shared<Job>();
    Job& job = *out;
    job.source = QStringLiteral("synthetic");
    job.pattern = QStringLiteral("_dump_*");
    job.prefix = QStringLiteral("_dump_");
    job.worldSize = spec.worldSize;

    Builder b{spec, job, 1, {}, {}};
    b.dp = std::max(1, spec.worldSize / (spec.tp * spec.pp));
    b.makeGroups();
    b.makeStacks();
    // The hang sits on the last default-PG step that still fits the program.
    const int totalSteps = spec.entriesPerRank + 30;
    int hangStep = -1;
    if (spec.hangRank >= 0)
        for (int st = totalSteps; st >= 0 && hangStep < 0; --st)
            if (kProgram[std::size_t(st) % kProgram.size()].kind == Default)
                hangStep = st;
    for (int r = 0; r < spec.worldSize; ++r)
        b.makeDump(r, hangStep);
    return out;
}

Session makeSyntheticSession(const SyntheticJobSpec& spec)
{
    return Session(runAnalysis(makeSyntheticJob(spec)));
}

} // namespace fd
