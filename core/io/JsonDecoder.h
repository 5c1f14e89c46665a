#pragma once

#include "DecodeResult.h"

#include <string_view>

namespace fd {

// Decodes a JSON dump (as written by _dump_nccl_trace_json() or NVRx) into the same ValueTree a pickle gives,
// keeping key order. Integers stay exact; integers beyond int64 become BigInt.
DecodeResult decodeJson(std::string_view bytes, const DecodeLimits& limits = {});

} // namespace fd
