#pragma once

#include "core/io/ValueTree.h"

#include <optional>
#include <string>

namespace fd {

// Renders a decoded dump as JSON, losslessly (the format documented in docs/dump-json.md):
// keys in file order, tuples as arrays, integers exact (BigInt too), None as null, floats that round-trip
// (shortest form; NaN/Infinity as the strings "NaN", "Infinity", "-Infinity"), and strings that are not valid
// UTF-8 escaped reversibly: each invalid byte 0xNN becomes \udcNN (Python's "surrogateescape").
// Bytes values become {"__bytes__": "<base64>"}. Dict keys that are not strings are rendered as their JSON
// text.
struct ValueJsonOptions
{
    int indent = 1; // 0: compact
    // Stop with an error once the JSON grows past this many bytes. 0: a generous multiple of what writing
    // every value once takes (see valueTreeToJson). Callers that must stay cheap on tiny hostile inputs (the
    // fuzz target) pass a cap proportional to the input instead.
    std::size_t maxBytes = 0;
};

struct ValueJsonResult
{
    std::string json;
    std::optional<std::string> error; // e.g. nesting deeper than kMaxDepth (or a cyclic reference)
};

ValueJsonResult valueTreeToJson(const ValueTree& tree, const ValueJsonOptions& options = {});
// One value of the tree by the same rules and limits, without the final newline: how a consumer that converts
// the tree itself (the Python binding) writes a dict key that is not a string.
ValueJsonResult valueToJson(const ValueTree& tree, ValueTree::Ref ref, const ValueJsonOptions& options = {});

} // namespace fd
