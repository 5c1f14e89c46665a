#pragma once

#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace fd {

// Options of a synthetic Megatron-like job. Defaults give a realistic dump size per rank (2000 entries,
// the low end of TORCH_NCCL_TRACE_BUFFER_SIZE in the wild).
struct SyntheticJobOptions
{
    int ranks = 8;
    int entriesPerRank = 2000;
    bool withStackTraces = false;
    int framesPerEntry = 20;
    int framePoolSize = 300; // distinct frames; entries reference shared frame dicts, as real dumps do
    // Requested parallel sizes; each is reduced to a divisor of what is left so any rank count works.
    int tensorParallel = 8;
    int pipelineParallel = 4;
    int expertParallel = 4;
    bool timing = false; // TORCH_NCCL_ENABLE_TIMING: `started` state and duration_ms
    std::uint64_t seed = 1;
    int stuckRank = -1; // this rank stops issuing: its last stuckEntries entries are absent (which may cut a
                        // coalesced group after its inner ops, before its terminator)
    int stuckEntries = 4;
    int missingRank = -1; // this rank crashed (or its host died): it stops issuing like stuckRank, at the
                          // same point, and writes no file
    int threads = 0;      // 0: one per core
    // A straggler: this rank issues every op slowMs later than the others, and (with timing) every collective
    // it is in completes that much later on all its members, as they wait for it (docs/attribution.md,
    // "Stragglers"). Collectives then complete at one moment on all members, as on NCCL.
    int slowRank = -1;
    double slowMs = 0;
    // A rank whose clock is skewMs ahead of the others: every time it records is shifted, nothing else.
    int skewRank = -1;
    double skewMs = 0;
    bool latenessModel() const { return slowRank >= 0 || skewRank >= 0; }
};

struct SyntheticGroup
{
    std::string name; // key of pg_config: the creation index, as torch names groups by default
    std::string desc;
    std::vector<int> ranks; // global ranks, sorted
    std::string ranksText;  // "[0, 1, 2]", as pg_config stores it
    std::int64_t timeoutMs = 600000;
};

// Generates Flight Recorder dumps (schema 2.10, C++ pickler bytes) for every rank of a synthetic job:
// default PG, TP groups of consecutive ranks, PP, DP and EP groups laid out like Megatron
// (rank = tp + TP * (dp + DP * pp)); per training step TP all_gather/reduce_scatter, EP all_to_all, PP
// send/recv between neighbouring stages, a DP coalesced all_gather (inner ops stay `scheduled` as since 2.7)
// and a DP all_reduce, plus a default-PG all_reduce every 10 steps. Every rank keeps the last
// entriesPerRank entries, so ring buffers roll over at different points on different ranks, as in real jobs.
// With a stuck rank, which entries stay pending comes from a small simulation of the hang (see
// computePendingFrom()): a rank's ops complete up to the first one that transitively waits on the stuck rank.
class SyntheticJob
{
public:
    explicit SyntheticJob(const SyntheticJobOptions& options);

    const SyntheticJobOptions& options() const { return m_options; }
    const std::vector<SyntheticGroup>& groups() const { return m_groups; }
    int tensorParallel() const { return m_tp; }
    int pipelineParallel() const { return m_pp; }
    int dataParallel() const { return m_dp; }
    int expertParallel() const { return m_ep; }

    // The pickle of one rank's dump.
    std::string dumpRank(int rank) const;

    struct WriteResult
    {
        int files = 0;
        std::int64_t bytes = 0;
        QString error; // empty on success
    };
    // Writes _dump_<rank> for every rank except missingRank into dir (created if needed), in parallel.
    WriteResult writeTo(const QString& dir) const;

private:
    struct Event;
    std::vector<int> memberGroups(int rank) const;
    std::vector<Event> generateEvents(int rank, const std::vector<int>& member) const;
    void computePendingFrom();
    void applyLatenessModel(Event& e, int rank) const;

    SyntheticJobOptions m_options;
    int m_tp = 1, m_pp = 1, m_dp = 1, m_ep = 1;
    int m_defaultGroup = 0;
    std::vector<int> m_tpGroupOf, m_ppGroupOf, m_dpGroupOf, m_epGroupOf; // per rank: index into m_groups
    std::vector<SyntheticGroup> m_groups;
    // Per rank: slot of its first op that never completes (INT64_MAX: everything it issued completes), and
    // how many of its events it issued (the stuck and the crashed rank lack their last stuckEntries).
    std::vector<std::int64_t> m_pendingFrom;
    std::vector<std::size_t> m_issued;
    struct Frame
    {
        std::string name, filename;
        std::int64_t line;
    };
    std::vector<Frame> m_frames;
    std::vector<std::vector<int>> m_stacks; // frame ids, innermost first
};

} // namespace fd
