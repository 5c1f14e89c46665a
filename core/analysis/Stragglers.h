#pragma once

#include "CollectiveIndex.h"
#include "core/model/Entry.h"
#include "core/model/EntryWindow.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace fd {

// Which of an entry's times a lateness is measured on (docs/attribution.md, "Stragglers"): the CPU's enqueue
// (time_created_ns, every dump) or the GPU's start (time_discovered_started_ns, TORCH_NCCL_ENABLE_TIMING).
enum class LatenessBasis : std::uint8_t
{
    Enqueue,
    Start
};

const char* latenessBasisName(LatenessBasis b); // "enqueue", "start"
bool parseLatenessBasis(const QString& text, LatenessBasis* out);

// How late one rank joins the collectives of one PG against the PG's other members, over the dumps' history:
// per collective its time minus the median of its peers' times (clock offsets removed where the dumps allow),
// summed up as a distribution. pgIndex is kNoPg for a rank's collectives of every PG together.
struct RankLateness
{
    int rank = -1;
    std::uint32_t pgIndex = Entry::kNoPgIndex;
    LatenessBasis basis = LatenessBasis::Enqueue;
    int collectives = 0; // collectives this rank and at least one peer have the time of
    double medianMs = 0;
    double p90Ms = 0;
    bool straggler = false; // the rule of docs/attribution.md holds for this rank
};

// A rank that joins a PG's collectives late, as the report lists it.
struct Straggler
{
    int rank = -1;
    std::uint32_t pgIndex = Entry::kNoPgIndex;
    LatenessBasis basis = LatenessBasis::Enqueue;
    double medianLateMs = 0;
    double p90LateMs = 0;
    int collectives = 0;
    QString host; // RankDump::host: what the file's name or folder says; empty when they name none
};

struct StragglerAnalysis
{
    std::vector<Straggler> stragglers; // latest first (median, then p90, then rank and PG)
    std::vector<RankLateness> perPg;   // every (rank, PG, basis) with collectives, by rank, PG, basis
    std::vector<RankLateness> perRank; // every rank with collectives, all its PGs together, by rank, basis
    std::vector<double> clockOffsetMs; // by rank (world size): what was subtracted from its times; 0 unknown
    bool clocksAligned = false;        // offsets were estimated from completion times
};

// Minimum collectives of a rank in a PG before it is judged: fewer say nothing about "always late".
inline constexpr int kStragglerMinCollectives = 20;
// The load's window keeps a PG at least this many done entries of every rank, however many ranks share the
// job's budget (docs/performance.md, "The window of interest").
static_assert(WindowRule::kMinCompletedPerPg >= 2 * kStragglerMinCollectives);

// Lateness of every rank in every PG, and the stragglers among them. Reads the entries' times
// (RankDump::times): a job loaded without them (DetailLevel::None) has none to read, and gets an empty
// result.
StragglerAnalysis analyzeStragglers(const Job& job);

// One entry's lateness against the peers that recorded the same collective (`index`), on `basis`, in ms, with
// the analysis' clock offsets (by rank) removed; NaN when it or every peer lacks that time, or for a p2p op.
// For a view that shows one entry; analyzeStragglers does the whole job at once.
double entryLatenessMs(const Job& job, const CollectiveIndex& index, std::uint32_t dump, std::uint32_t entry,
                       LatenessBasis basis, const std::vector<double>& clockOffsetMs);

} // namespace fd
