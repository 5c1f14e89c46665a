#pragma once

#include "core/model/Entry.h"
#include "core/model/RankDump.h"

#include <cstdint>
#include <string_view>

namespace fd {

class JobPools;

// Keys of an entry dict, every schema version (docs/dump-format.md section 2). Shared by the general reader
// (DumpFields) and the typed readers (PickleDumpReader, JsonDumpReader) so that all map a key the same way.
enum class EntryField : std::uint8_t
{
    Frames,
    RecordId,
    PgId,
    ProcessGroup,
    ThreadName,
    ThreadId,
    CollectiveSeqId,
    P2pSeqId,
    OpId,
    ProfilingName,
    TimeCreatedNs,
    DurationMs,
    InputSizes,
    InputDtypes,
    OutputSizes,
    OutputDtypes,
    State,
    TimeDiscoveredStartedNs,
    TimeDiscoveredCompletedNs,
    Retired,
    TimeoutMs,
    IsP2p,
    SeqId,
    TimeCreatedUs, // before 2.0 / 1.1
    Unknown,
    NotCached = 0xff,
};

EntryField entryFieldFor(std::string_view key);
// The key of `field` ("collective_seq_id"), for messages: the inverse of entryFieldFor().
const char* entryFieldName(EntryField field);

// "completed" / "scheduled" / "started"; anything else is Unknown.
EntryState entryStateFor(std::string_view text);

// time_created_us (before 1.1) in nanoseconds. Beyond int64's nanoseconds (the year 2262) it is no time:
// unknown, like an absent one (a product that overflowed would be undefined).
std::int64_t microsToNanos(std::int64_t us);

// Where each entry key's value goes, for every reader (DumpFields, PickleDumpReader, JsonDumpReader): they
// differ only in how they read a value, so that they cannot disagree on where it goes. `read` reads the next
// value as integer(), time() (kNoTime for none, or 0), real(), flag(), string() (interned), text() (the
// bytes), shapes(), dtypes(), stack() and processGroup(EntryPg&), or deals with unknown() keys. The general
// reader (DumpFields) goes through it too, with a reader that names the entry and its key in its errors.
template <typename Reader>
void readEntryField(EntryField field, Reader& read, Entry& e, EntryDetails& d, EntryPg& pg)
{
    switch (field) {
    case EntryField::Frames:
        d.frames = read.stack();
        return;
    case EntryField::RecordId:
        e.recordId = read.integer();
        return;
    case EntryField::PgId:
        pg.localId = std::int32_t(read.integer());
        return;
    case EntryField::ProcessGroup:
        read.processGroup(pg);
        return;
    case EntryField::ThreadName:
        d.threadName = read.string();
        return;
    case EntryField::ThreadId:
        d.threadId = read.string();
        return;
    case EntryField::CollectiveSeqId:
    case EntryField::SeqId:
        e.collectiveSeqId = read.integer();
        return;
    case EntryField::P2pSeqId:
        e.p2pSeqId = read.integer();
        return;
    case EntryField::OpId:
        d.opId = read.integer();
        return;
    case EntryField::ProfilingName:
        e.profilingName = read.string();
        return;
    case EntryField::TimeCreatedNs:
        d.timeCreatedNs = read.time();
        return;
    case EntryField::TimeCreatedUs:
        d.timeCreatedNs = microsToNanos(read.time());
        return;
    case EntryField::DurationMs:
        d.durationMs = read.real();
        return;
    case EntryField::InputSizes:
        e.inputSizes = read.shapes();
        return;
    case EntryField::OutputSizes:
        e.outputSizes = read.shapes();
        return;
    case EntryField::InputDtypes:
        e.inputDtypes = read.dtypes();
        return;
    case EntryField::OutputDtypes:
        e.outputDtypes = read.dtypes();
        return;
    case EntryField::State:
        e.state = entryStateFor(read.text());
        return;
    case EntryField::TimeDiscoveredStartedNs:
        d.timeDiscoveredStartedNs = read.time();
        return;
    case EntryField::TimeDiscoveredCompletedNs:
        d.timeDiscoveredCompletedNs = read.time();
        return;
    case EntryField::Retired:
        e.retired = read.flag();
        return;
    case EntryField::TimeoutMs:
        d.timeoutMs = read.integer();
        return;
    case EntryField::IsP2p:
        e.isP2p = read.flag();
        return;
    case EntryField::Unknown:
    case EntryField::NotCached:
        break;
    }
    read.unknown();
}

// What a finished entry tells about its dump (timing, stacks). Called once per entry by both readers.
void finishEntry(const Entry& e, const EntryTimes& t, StackId frames, RankDump& dump);

// The PG an entry named (pg_id, process_group) as the loader reads it: pre-2.0 entries carry only the pg id,
// which is also the pg_config key, so it stands for the name. Both readers intern entries' PGs through
// DumpInterner::entryPg(), which applies this once per distinct PG of a file.
EntryPg withPgName(EntryPg named, JobPools& pools);

} // namespace fd
