#pragma once

#include "ValueTree.h"

#include <cstdint>
#include <optional>
#include <string>

namespace fd {

// Why a byte stream could not be decoded, and where. Offsets are from the start of the file.
struct DecodeError
{
    std::uint64_t offset = 0;
    std::string message; // e.g. "opcode GLOBAL (0x63) is refused: it would import and run code"
};

struct DecodeResult
{
    ValueTree tree;
    std::optional<DecodeError> error; // set when decoding failed; the tree is then unusable, unless `partial`
    // With `error`: the bytes end early (a dump cut off while it was written), and the tree holds what was
    // decoded before the cut, containers closed where the bytes ended (docs/dump-format.md, "Truncated
    // dumps").
    bool partial = false;
    bool ok() const { return !error.has_value(); }
};

// Bounds that keep hostile input from costing unbounded time or memory. The defaults accept every real dump.
struct DecodeLimits
{
    int maxDepth = ValueTree::kMaxDepth;
};

} // namespace fd
