#pragma once

#include "DecodeResult.h"

#include <string_view>

namespace fd {

// Decodes the safe subset of Python's pickle format (protocols 2 to 5) that Flight Recorder dumps use:
// containers, strings, numbers, None/bools, memo and framing. Every opcode that could import or call code
// (GLOBAL, STACK_GLOBAL, REDUCE, BUILD, INST, OBJ, NEWOBJ, NEWOBJ_EX, PERSID, BINPERSID, EXT1/2/4, ...) is
// refused with its name and byte offset. Nothing is ever executed.
//
// The returned tree's strings point into `bytes`, which must outlive it.
DecodeResult decodePickle(std::string_view bytes, const DecodeLimits& limits = {});

} // namespace fd
