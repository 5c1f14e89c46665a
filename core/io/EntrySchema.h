#pragma once

#include "model/Entry.h"
#include "model/RankDump.h"

#include <cstdint>
#include <string_view>

namespace fd {

class JobPools;

// Keys of an entry dict, every schema version (docs/dump-format.md section 2). Shared by the general reader
// (DumpFields) and the typed pickle reader (PickleDumpReader) so that both map a key the same way.
enum class EntryField : std::uint8_t {
    Frames, RecordId, PgId, ProcessGroup, ThreadName, ThreadId, CollectiveSeqId, P2pSeqId, OpId, ProfilingName,
    TimeCreatedNs, DurationMs, InputSizes, InputDtypes, OutputSizes, OutputDtypes, State,
    TimeDiscoveredStartedNs, TimeDiscoveredCompletedNs, Retired, TimeoutMs, IsP2p,
    SeqId, TimeCreatedUs, // before 2.0 / 1.1
    Unknown,
    NotCached = 0xff,
};

EntryField entryFieldFor(std::string_view key);

// "completed" / "scheduled" / "started"; anything else is Unknown.
EntryState entryStateFor(std::string_view text);

// What a finished entry tells about its dump (timing, stacks). Called once per entry by both readers.
void finishEntry(const Entry& e, const EntryDetails& d, RankDump& dump);

// The PG an entry named (pg_id, process_group) as the loader reads it: pre-2.0 entries carry only the pg id,
// which is also the pg_config key, so it stands for the name. Both readers intern entries' PGs through
// DumpInterner::entryPg(), which applies this once per distinct PG of a file.
EntryPg withPgName(EntryPg named, JobPools& pools);

} // namespace fd
