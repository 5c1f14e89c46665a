#pragma once

#include "core/io/ValueTree.h"

#include <nanobind/nanobind.h>

#include <string>

namespace fd::py {

namespace nb = nanobind;

// A decoded dump as Python objects, by the rules of docs/dump-json.md: what json.loads() gives for the
// --debug JSON of the same dump (tuples as lists, bytes as {"__bytes__": base64}, a key that is not a string
// as its compact JSON text, NaN and infinities as the strings "NaN", "Infinity", "-Infinity", invalid UTF-8
// as surrogate escapes). Values the pickle shares through its memo stay shared, as with pickle.load, so a
// hostile file of containers nested into each other costs what it holds rather than what it expands to;
// nesting is bounded by ValueTree::kMaxDepth as in the JSON writer, which also stops a container that
// contains itself.
struct TreeObject
{
    nb::object value;  // null when `error` is set
    std::string error; // e.g. "values nest deeper than 256 levels (or a container contains itself)"
};

// Call with the GIL held. `tree` must be a successfully (or partially) decoded tree with a valid root.
TreeObject treeToPython(const ValueTree& tree);

} // namespace fd::py
