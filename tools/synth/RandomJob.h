#pragma once

#include <QString>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace fd {

// The one thing that went wrong in a random job.
enum class FaultKind : std::uint8_t
{
    NoHang,          // nothing: every op completes
    StopsIssuing,    // a rank's CPU stops before an op (held GIL, stuck input pipeline); it still dumps
    ProcessGone,     // the same, and the rank writes no dump (crashed, host lost)
    BrokenGpu,       // a rank's GPU never finishes a collective its peers completed
    SizeMismatch,    // a rank passes other sizes to a collective (or to one op of a coalesced group)
    DtypeMismatch,   // ... another dtype
    OpTypeMismatch,  // ... calls another collective at that point
    OrderMismatch,   // a rank issues two collectives of one PG in the other order
    P2pHang,         // a pipeline stage stops before a send or a receive
    CrossPgOrder,    // a rank issues two collectives of two PGs that share members in the other order (a
                     // deadlock)
    ExtraCollective, // a rank issues one collective more in a PG before its next collective of another PG
                     // that shares members with it (a deadlock, as CrossPgOrder)
    GridExit,        // one or two ranks of a TP x DP grid exit (no dump) before an op; on gloo the collective
                     // fails for their ring neighbours, which retire it and stop
};
inline constexpr int kFaultKindCount = 12;
const char* faultKindName(FaultKind kind); // "no_hang", "stops_issuing", ...

// What a correct analysis must answer for a random job, known by construction.
struct RandomJobTruth
{
    FaultKind fault = FaultKind::NoHang;
    std::string verdict;       // "no_hang", "continue" or "stop", as the JSON report spells them
    std::vector<int> culprits; // sorted global ranks: exactly the ranks to name
    std::string story;         // one line: who did what where
    // The dumps lost what would tell the fault (the ring buffers rolled the disagreeing entries out): the
    // right answer is then "stop" naming nobody, the engine's "no rank can be isolated".
    bool undecidable = false;
};

// One file of a random job as it would be on disk.
struct RandomDumpFile
{
    int rank = -1;
    std::string name; // "_dump_<rank>" (pickle) or "_dump_<rank>.json"
    std::string bytes;
};

struct RandomJobLimits
{
    int minRanks = 8;
    int maxRanks = 512;
};

// One seed gives one random job and its truth, the same on every machine (splitmix64, no std
// distributions). Randomized: the topology (TP/CP/EP/PP/DP, 8 to 512 ranks, Megatron's rank layout), the
// fault (kind, rank, op, step, inside a coalesced group), the backend (NCCL, or gloo: no pg_config member
// lists, work only `retired`, failed work too), the dump options (async queue depth 0 to 8, only
// active entries, ring-buffer rollover, timing, stack frames, JSON or pickle) and snapshot skew (a victim
// dumped before its CPU queued its last ops). The hang itself comes from simulating the job: each rank's CPU
// issues its program up to `queue depth` ops ahead of its GPU, each GPU runs its ops in order, and an op
// completes when every participant's GPU reached it and they agree on it (RandomJobSim.cpp).
class RandomJob
{
public:
    explicit RandomJob(std::uint64_t seed, const RandomJobLimits& limits = {});
    ~RandomJob();
    RandomJob(const RandomJob&) = delete;
    RandomJob& operator=(const RandomJob&) = delete;

    std::uint64_t seed() const { return m_seed; }
    int worldSize() const;
    const RandomJobTruth& truth() const { return m_truth; }
    // "128 ranks TP4 CP1 EP2 PP2 DP16; queue 3, only-active, ring 200, timing, JSON; skew rank 9"
    std::string describe() const;

    // The dump of every rank that wrote one, built on demand.
    std::vector<RandomDumpFile> files() const;
    // Writes files() and truth.json into dir (created if needed); returns an error message or "".
    QString writeTo(const QString& dir) const;

    struct Model; // RandomJobModel.h

private:
    std::uint64_t m_seed = 0;
    std::unique_ptr<Model> m_model;
    RandomJobTruth m_truth;
};

} // namespace fd
