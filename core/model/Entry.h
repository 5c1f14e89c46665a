#pragma once

#include "StringTable.h"

#include <cstdint>
#include <limits>

namespace fd {

// Ids into the job's pools (see JobPools): 0 means "empty / absent".
using ShapesId = std::uint32_t;  // a list of tensor shapes, e.g. [[4096, 1, 5120]]
using DtypesId = std::uint32_t;  // a list of dtype names, e.g. ["BFloat16"]
using StackId = std::uint32_t;   // a stack trace, innermost frame first
using EntryPgId = std::uint32_t; // a PG as a dump names it (EntryPg)

struct StackFrame
{
    StrId name = 0;
    StrId filename = 0;
    std::int32_t line = 0;
};

// The PG an entry names, as its dump names it: pg_id (the rank-local id, which keys pg_status) and
// process_group's (name, desc). Only the loader reads it, to resolve Entry::pgIndex and pg_status; a rank
// names a dozen PGs, so an entry holds an interned EntryPgId (JobPools::entryPg) instead of the three fields.
struct EntryPg
{
    std::int32_t localId = -1;
    StrId name = 0;
    StrId desc = 0;

    bool operator==(const EntryPg&) const = default;
};

enum class EntryState : std::uint8_t
{
    Scheduled,
    Started,
    Completed,
    Unknown
};

const char* entryStateName(EntryState s);

// One Flight Recorder record: a collective (or p2p op, or coalesced group terminator) as one rank issued it,
// as far as the analysis needs it. Fields follow docs/dump-format.md section 2; older schemas are mapped onto
// them when the job is loaded (seq_id -> collectiveSeqId, time_created_us -> ns). Absent integers are
// kAbsent. The rest of the record is kept beside it by the detail level (DetailLevel): its times
// (RankDump::times) and its origin, thread and stack (RankDump::origins). The CLI keeps neither, so a job
// with hundreds of thousands of entries holds half the memory (docs/performance.md).
struct Entry
{
    static constexpr std::int64_t kAbsent = std::numeric_limits<std::int64_t>::min();
    static constexpr std::int64_t kNoTime = std::numeric_limits<std::int64_t>::min();
    // pgIndex of an entry (or pg_status item) whose PG is not resolved.
    static constexpr std::uint32_t kNoPgIndex = 0xffffffffu;

    std::int64_t recordId = kAbsent;
    std::int64_t collectiveSeqId = kAbsent;
    std::int64_t p2pSeqId = kAbsent;

    std::uint32_t pgIndex = kNoPgIndex; // index into Job::processGroups(), resolved at load from `pg`
    EntryPgId pg = 0;                   // the PG as the dump names it (JobPools::entryPg); 0: none named
    StrId profilingName = 0;            // "nccl:all_reduce", "nccl:send 1->0", "nccl:coalesced", ...
    ShapesId inputSizes = 0;
    ShapesId outputSizes = 0;
    DtypesId inputDtypes = 0;
    DtypesId outputDtypes = 0;

    EntryState state = EntryState::Unknown;
    bool retired = false;
    bool isP2p = false;
};
// A job holds every entry of every rank (half a million at 256 ranks): each byte here is half a megabyte
// there (docs/performance.md). 55 bytes of fields, padded to the 8-byte alignment of the ids.
static_assert(sizeof(Entry) == 56, "Entry grew: keep what only a person reads in EntryDetails");

// When an entry happened, as its dump says: what the views draw for every entry (the timeline by wall clock,
// the duration chart, the details table). The analysis never reads it. Absent times are kNoTime.
struct EntryTimes
{
    std::int64_t timeCreatedNs = Entry::kNoTime;
    std::int64_t timeDiscoveredStartedNs = Entry::kNoTime; // None in pickle, 0 in JSON: both become kNoTime
    std::int64_t timeDiscoveredCompletedNs = Entry::kNoTime;
    double durationMs = std::numeric_limits<double>::quiet_NaN(); // only with TORCH_NCCL_ENABLE_TIMING

    bool hasDuration() const { return durationMs == durationMs; }
};
static_assert(sizeof(EntryTimes) == 32, "the GUI keeps one per entry: docs/performance.md");

// Who issued an entry and from where: its op id, thread and stack, and its timeout. Only the details view
// reads it, one entry at a time, so the GUI leaves it in the file and reads a rank's again when asked
// (io/RankOrigins.h).
struct EntryOrigin
{
    std::int64_t opId = Entry::kAbsent;
    std::int64_t timeoutMs = Entry::kAbsent;
    StrId threadName = 0;
    StrId threadId = 0;
    StackId frames = 0;
};

// Everything of a record beyond Entry, as a reader reads it; stored as EntryTimes and EntryOrigin (RankDump).
struct EntryDetails
{
    std::int64_t opId = Entry::kAbsent;
    std::int64_t timeCreatedNs = Entry::kNoTime;
    std::int64_t timeDiscoveredStartedNs = Entry::kNoTime; // None in pickle, 0 in JSON: both become kNoTime
    std::int64_t timeDiscoveredCompletedNs = Entry::kNoTime;
    double durationMs = std::numeric_limits<double>::quiet_NaN(); // only with TORCH_NCCL_ENABLE_TIMING
    std::int64_t timeoutMs = Entry::kAbsent;
    StrId threadName = 0;
    StrId threadId = 0;
    StackId frames = 0;

    bool hasDuration() const { return durationMs == durationMs; }
    EntryTimes times() const
    {
        return {timeCreatedNs, timeDiscoveredStartedNs, timeDiscoveredCompletedNs, durationMs};
    }
    EntryOrigin origin() const { return {opId, timeoutMs, threadName, threadId, frames}; }
};

} // namespace fd
