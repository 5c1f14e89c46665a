#pragma once

#include "CoalescedFold.h"
#include "CollectiveIndex.h"
#include "Stragglers.h"
#include "core/model/ProcessGroup.h"
#include "core/model/RankDump.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <vector>

namespace fd {

class Job;

// The result of analysing one Job: where the ranks diverged, who is responsible, and whether a restart can
// help. Ranks are global ranks; PGs are indices into Job::processGroups. The Analysis holds the Job it was
// computed from (Analysis::job): the job's facts (world size, dumps, missing and unreadable ranks, PGs) are
// read there, never copied; the Analysis holds only what it derives. Immutable once built and shared
// read-only: std::shared_ptr<const Analysis>. Stability: the GUI builds views against these types. Add
// fields; never rename or reorder enumerators.

inline constexpr std::uint32_t kNoPg = Entry::kNoPgIndex;
inline constexpr std::int64_t kNoSeq = -1;

// The overall answer, the one verdict type of the program. Continue/Stop mirror the attribution_state
// ("CONTINUE"/"STOP") of NVRx's fr_attribution.py (Report::attributionState()).
enum class Verdict : std::uint8_t
{
    NoHang,   // every collective every dump knows about completed (or nothing is pending anywhere)
    Continue, // the hang is explained by specific ranks: isolate them and restart
    Stop,     // a restart would hang again (mismatch, order deadlock) or nothing can be isolated
    Unknown,  // no hang seen, but too few ranks could be judged to rule one out (analysis/Coverage.h)
};

// How one collective (one collective_seq_id in one PG, or one p2p pair) looks across its members.
enum class CollectiveStatus : std::uint8_t
{
    Completed,     // every member completed it
    NotEntered,    // some members entered it, others have not yet (see CollectiveFinding::missingRanks)
    InProgress,    // every member entered it, not all finished (see stuckRanks)
    TypeMismatch,  // members disagree on the op (all_reduce vs all_gather, ...)
    SizeMismatch,  // members disagree on sizes (all_gather/reduce_scatter/all_to_all rules respected)
    DtypeMismatch, // members disagree on dtypes
    Undecided,     // not enough evidence (rolled out of some ring buffers, only active entries, ...)
    Queued,        // some members queued it behind an earlier collective of this PG they are still in; the
                   // others are still in that earlier one too: nobody waits here yet
};

// Where one member rank is with respect to one collective.
enum class MemberState : std::uint8_t
{
    NotEntered, // no entry and pg_status says it never enqueued this seq
    Scheduled,  // enqueued, not started (or no timing)
    Started,    // kernel started (timing on), not completed
    Completed,  // completed (own entry, or pg_status.last_completed >= seq)
    NoDump,     // the rank wrote no (readable) dump
    Unknown,    // no entry and no pg_status for this PG (rolled over, PG not listed)
};

// What is wrong with a rank, as far as the evidence goes.
enum class RankKind : std::uint8_t
{
    Healthy,        // nothing pending that others do not also wait for
    MissingDump,    // no file at all: crashed, host died, or never got the dump signal
    UnreadableDump, // a file was there but could not be decoded
    StoppedIssuing, // no pending entry where peers wait on it: its CPU never issued the next collective
                    // (hung process, held GIL, stuck dataloader)
    BrokenGpu,      // its own entries stay pending although every peer completed the same collectives:
                    // GPU or completion tracking broke
    StuckInKernel,  // entered a collective (started, timing on) every peer also entered, never finished
    Mismatch,       // the odd one out in a type/size/dtype mismatch
    Deadlocked,     // on a collective-order cycle
    Behind,         // waited on, but the dump does not tell why
    Victim,         // blocked behind a culprit
    GpuStalled,     // issued a collective that every peer is already inside (timing on), but its GPU never
                    // started it: stuck in earlier GPU work
    NoDump,         // wrote no dump and no peer waits on it: not judged, not a culprit (its state is unknown)
};

// Why a culprit is a culprit: the rank's kind, one enum for both (a culprit's kind is what its RankFinding
// says).
using CulpritKind = RankKind;

struct MemberStatus
{
    int rank = -1;
    MemberState state = MemberState::Unknown;
    QString opType;         // this member's profiling name without the backend prefix, when it has an entry
    QString sizes;          // input sizes as Python prints them
    QString dtypes;         // input dtypes, comma separated
    bool oddOneOut = false; // disagrees with the majority in a mismatch
};

// One collective (one collective_seq_id in one PG, or one p2p op) as the analysis sums it up.
struct CollectiveSummary
{
    std::uint32_t pgIndex = kNoPg;
    std::int64_t seqId = kNoSeq; // collective_seq_id; for p2p the p2p_seq_id
    bool isP2p = false;
    CollectiveStatus status = CollectiveStatus::Undecided;
    QString opType;                   // majority op, e.g. "all_reduce", "_all_gather_base", "send 0->1"
    QString sizes;                    // majority input sizes
    QString dtypes;                   // majority input dtypes
    std::vector<int> missingRanks;    // members that have not entered it (at the frontier: root-cause ranks)
    std::vector<int> stuckRanks;      // members that entered it and did not finish
    std::vector<int> mismatchedRanks; // odd ones out of a type/size/dtype mismatch
    QString detail;                   // one line a human can check
};

// A collective of a PG's findings, with every member's state.
struct CollectiveFinding : CollectiveSummary
{
    bool coalesced = false;            // a coalesced group (state taken from its terminator)
    std::vector<MemberStatus> members; // one per member, in rank order
};

// A rank's position in one PG: pg_status plus its own entries.
struct RankPgProgress
{
    std::uint32_t pgIndex = kNoPg;
    int localPgId = -1;
    std::int64_t lastEnqueued = -1;
    std::int64_t lastStarted = -1;
    std::int64_t lastCompleted = -1;
    std::int64_t firstPendingSeq = kNoSeq; // oldest own collective entry not completed
    int pendingEntries = 0;                // own entries not completed (coalesced inner entries excluded)
    bool hasStatus = false;                // pg_status had this PG
};

struct RankFinding
{
    int rank = -1;
    RankKind kind = RankKind::Healthy;
    bool hasDump = false;
    int pendingEntries = 0;
    std::vector<RankPgProgress> progress;  // by pgIndex
    std::int64_t lastCompletedRecord = -1; // record_id of its newest completed entry: how far it got overall
    std::vector<HealthCheck> health;       // NVRx health_check_results, when present
    QString reason;
};

struct PgFinding
{
    std::uint32_t pgIndex = kNoPg;
    std::int64_t collectivesSeen = 0;      // distinct collective seq ids seen in entries or pg_status ranges
    std::int64_t collectivesCompleted = 0; // of those, completed on every member that knows them
    std::int64_t maxEnqueued = -1;         // over members' pg_status / entries
    std::int64_t minCompleted = -1;
    std::vector<int>
        missingRanks; // members behind the PG's furthest member (fr_attribution.py's "Missing Ranks")
    std::vector<int> stuckRanks;
    std::vector<int> noDumpRanks;
    bool hasHang = false; // something pending in this PG
    bool isFrontier = false;
    std::vector<CollectiveFinding> collectives; // only the interesting ones: not completed, or mismatched
    // The collective fr_attribution.py's table row shows: the first one some member is missing, else the
    // first pending.
    std::int64_t headSeq = kNoSeq;
    QString headOpType;
    QString headSizes;
    QString headDtypes;

    // Members behind the others or without a dump, each once: a rank without a dump is usually both.
    std::size_t absentCount() const;
};

// One place where the job diverged: a PG and the collective in it that root-cause ranks never reached.
using FrontierItem = CollectiveSummary;

struct Culprit
{
    int rank = -1;
    CulpritKind kind = RankKind::Behind;
    std::uint32_t pgIndex = kNoPg; // where it is missing / odd, when known
    std::int64_t seqId = kNoSeq;
    QString reason;
};

struct Victim
{
    int rank = -1;
    std::uint32_t pgIndex = kNoPg; // the PG it is blocked in
    std::int64_t seqId = kNoSeq;
    std::vector<int> waitsOn;    // ranks it waits for directly
    std::vector<int> rootCauses; // culprits it is (transitively) blocked behind
};

// A collective-order deadlock: ranks that entered PGs in different orders, each waiting on the next.
struct DeadlockCycle
{
    std::vector<int> ranks;
    std::vector<std::uint32_t> pgIndices;
    QString description;
};

// What one cell of an evidence panel is for: the cell the finding rests on, a peer's cell it is set against,
// or context around them.
enum class CellRole : std::uint8_t
{
    Context,
    Proof,
    Witness
};

struct EvidenceCell
{
    MemberState state = MemberState::Unknown;
    CellRole role = CellRole::Context;
    bool odd = false; // disagrees with its peers on op, sizes or dtype (a mismatch)
};

// The evidence a frontier item rests on: the PG's members (rows) x the collectives around the divergence
// (columns), each member's state, and the cells that prove it. For p2p the rows are the pair that waits on
// each other and the columns the waiting rank's ops to its peer, by its p2p_seq_id.
struct Evidence
{
    std::uint32_t pgIndex = kNoPg;
    std::int64_t seq = kNoSeq; // the diverging collective (p2p: the waiting rank's p2p_seq_id)
    bool isP2p = false;
    CollectiveStatus status = CollectiveStatus::Undecided;
    std::vector<int> culprits;       // the culprits this evidence names, sorted
    std::vector<int> members;        // rows
    std::vector<std::int64_t> seqs;  // columns, oldest first; one of them is `seq`
    std::vector<EvidenceCell> cells; // members.size() x seqs.size(), row by row
    QString caption; // what the proof cells show: "rank 13 completed 42806 while rank 12 still holds it"

    const EvidenceCell& cell(std::size_t row, std::size_t column) const
    {
        return cells[row * seqs.size() + column];
    }
};

// "Ranks of PG `from` wait on ranks of PG `to`" (Analysis::pgWaits).
enum class PgWaitKind : std::uint8_t
{
    Cycle,   // `from` and `to` are consecutive PGs of a collective-order deadlock cycle
    WaitsOn, // a victim blocked in `from` waits (transitively) on a culprit missing from `to`
};

struct PgWait
{
    std::uint32_t from = kNoPg;
    std::uint32_t to = kNoPg;
    PgWaitKind kind = PgWaitKind::WaitsOn;
};

// A PG no dump lists the members of, which the analysis completed with ranks that wrote no dump
// (analysis/SilentMembers.h).
struct PlacedMembers
{
    std::uint32_t pgIndex = kNoPg;
    std::vector<int> ranks; // every member as the analysis takes them, the placed ones included; sorted
};

// Ranks the analysis says the same of: one culprit, or the ranks of one kind blocked in the same collective.
struct RankGroup
{
    RankKind kind = RankKind::Healthy;
    std::uint32_t pgIndex =
        kNoPg; // where a culprit is missing / odd, or where the group's victims are blocked
    std::int64_t seq = kNoSeq;
    std::vector<int> ranks; // sorted
};

struct Analysis
{
    Verdict verdict = Verdict::NoHang;
    QString reason; // one paragraph a human can check against the evidence

    // The Job this was computed from (analyzeJob): world size, dumps, missing and unreadable ranks, PGs.
    std::shared_ptr<const Job> job;
    std::vector<PlacedMembers> placedMembers; // by pgIndex: PGs whose members the analysis completed

    std::vector<PgFinding> pgs; // one per PG that has members, by pgIndex
    std::vector<FrontierItem> frontier;
    std::vector<Culprit> culprits; // sorted by rank; a rank appears once
    std::vector<Victim> victims;   // sorted by rank
    std::vector<DeadlockCycle> cycles;
    std::vector<PgWait> pgWaits;    // cycle edges first, then "waits on" edges by (from, to)
    std::vector<RankFinding> ranks; // one per rank in the world, by rank
    QStringList notes;              // caveats: rolled-over buffers, only active entries, ...
    // Who joins collectives late, from the entries' times (docs/attribution.md, "Stragglers"); an Analysis
    // read back from a JSON report holds only lateness.stragglers.
    StragglerAnalysis lateness;

    // For the views, built with the rest.
    CollectiveIndex collectiveIndex;   // every rank's record of each (PG, seq); empty unless asked for
                                       // (AnalysisOptions)
    CoalescedFold coalesced;           // which entries are inner ops of a coalesced group
    std::vector<Evidence> evidence;    // one per frontier item, in frontier order
    std::vector<int> pinnedRanks;      // sorted: culprits and the peers their evidence sets them against
    std::vector<RankGroup> rankGroups; // every rank once: culprits alone first, then the rest, largest first

    // fr_attribution.py's "hanging ranks: [..]": the culprits' ranks, sorted.
    std::vector<int> hangingRanks() const;
    const PgFinding* pgFinding(std::uint32_t pgIndex) const;
    const RankFinding* rankFinding(int rank) const;
    const Culprit* culprit(int rank) const;
    const Victim* victim(int rank) const;
    // A culprit's reason, else the name of its kind; empty for a rank that is not a culprit.
    QString culpritReason(int rank) const;
    // Where the views centre: the first frontier item, when it names a PG; null without one.
    const FrontierItem* divergence() const;
    std::uint32_t divergencePg() const { return divergence() ? divergence()->pgIndex : kNoPg; }
    // The evidence that names `culprit`: the one at its own PG and seq when there is one.
    const Evidence* evidenceFor(int culprit) const;
    QString pgLabel(
        std::uint32_t pgIndex) const; // "PG 35 (TENSOR_MODEL_PARALLEL_GROUP)": how every output names a PG
    // Job::processGroups[pgIndex], null past its end.
    const ProcessGroup* processGroup(std::uint32_t pgIndex) const;
    // The PG's members as the analysis takes them: the Job's, completed with placedMembers; empty past the
    // end.
    const std::vector<int>& pgMembers(std::uint32_t pgIndex) const;
    // How far `rank` got in PG `pgIndex` (pg_status where the dump has it, else its own entries): what every
    // output and view shows as its progress there. Null when the rank has no dump or nothing of that PG.
    const RankPgProgress* progress(int rank, std::uint32_t pgIndex) const;
    // The PGs the causal chain runs through: where each culprit is missing or odd, those of the frontier
    // (where the evidence is), and both ends of every PG wait: culprit -> its PGs -> the PGs blocked behind
    // them. Sorted, once each.
    std::vector<std::uint32_t> causalPgs() const;
};

const char* verdictName(Verdict v);                   // "no_hang", "continue", "stop", "unknown"
const char* collectiveStatusName(CollectiveStatus s); // "completed", "not_entered", ...
const char* memberStateName(MemberState s);
const char* rankKindName(RankKind k); // "missing_dump", "stopped_issuing", ...

} // namespace fd
