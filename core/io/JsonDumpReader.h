#pragma once

#include "DetailLevel.h"
#include "TypedDump.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fd {

class JobPools;

// A JSON dump read by the typed reader, as PickleDumpReader reads pickles.
struct TypedJsonDump : TypedDump
{
    // The entry keys the schema does not know, in the order they first appear: DumpFields warns about each
    // once, after the top-level warnings (DumpFields::unknownEntryKeyWarning).
    std::vector<std::string> unknownEntryKeys;
};

// The fast path for JSON dumps (docs/dump-format.md section 4: _dump_nccl_trace_json(), NVRx's collector):
// one pass over the bytes that knows the schema, instead of nlohmann's lexer building a string per token and
// a generic node per value. It reads a top-level object whose "entries" hold entry objects with the value
// types a genuine dump uses (frames too, should a dump carry them). Anything else (a truncated or malformed
// file, a top-level list, an escape or number it does not take, a value of another type) returns nullopt, and
// the caller decodes the file with decodeJson() + DumpFields, which read every file this reader reads to the
// same result and report precise errors for the rest.
//
// The tree's strings point into `bytes`, which must outlive it.
// Below DetailLevel::Full, `origins` stays empty and stacks are checked but not interned (sawFrames says
// there were some); below Times, `times` stays empty too.
std::optional<TypedJsonDump> readJsonDumpTyped(std::string_view bytes, JobPools& pools,
                                               DetailLevel level = DetailLevel::Full);

} // namespace fd
