#pragma once

#include "DetailLevel.h"
#include "TypedDump.h"

#include <optional>
#include <string_view>
#include <vector>

namespace fd {

class JobPools;

using TypedPickleDump = TypedDump;

// The fast path for the pickles PyTorch's C++ pickler writes (docs/dump-format.md section 3): one pass over
// the bytes that knows the schema, so that no generic node is built per entry field and no frame dict is read
// twice. It accepts only that exact layout and only the value types a genuine dump has. Anything else (a
// truncated or corrupted file, a pickle re-saved by Python, an unknown key, an int where a string belongs,
// ...) returns nullopt, and the caller decodes the file with decodePickle() + DumpFields, which read every
// file this reader reads to the same result and report precise errors for the rest. Like decodePickle(), it
// executes nothing.
//
// The tree's strings point into `bytes`, which must outlive it.
// Below DetailLevel::Full, `origins` stays empty and stacks are checked but not interned; below Times,
// `times` stays empty too. The frame dicts are still read: later entries name them (and their strings)
// through the memo, and a malformed one sends the file to the general decoder, as at Full.
std::optional<TypedPickleDump> readPickleDumpTyped(std::string_view bytes, JobPools& pools,
                                                   DetailLevel level = DetailLevel::Full);

} // namespace fd
