#pragma once

#include "ValueTree.h"
#include "core/model/Entry.h"

#include <vector>

namespace fd {

// What a typed reader (PickleDumpReader.h, JsonDumpReader.h) makes of a dump: the entries straight into
// Entry, interned into the job's pools, and the rest (version, pg_config, pg_status, ...: a few hundred
// values) as a ValueTree, which DumpFields reads as it reads the general decoders' trees.
struct TypedDump
{
    ValueTree tree;                   // the top-level dict; its "entries" value is an empty list
    std::vector<Entry> entries;       // as DumpFields would have read them, before finishEntry()
    std::vector<EntryTimes> times;    // times[i] belongs to entries[i]; empty below DetailLevel::Times
    std::vector<EntryOrigin> origins; // origins[i] belongs to entries[i]; empty below DetailLevel::Full
    // What finishEntry() learns from the details, for when they (or their frames) were not kept.
    bool sawTiming = false;
    bool sawFrames = false;
    int invalidUtf8Strings = 0; // strings read that are not valid UTF-8 (RankDump::invalidUtf8Strings)
};

} // namespace fd
