#pragma once

#include <cstddef>
#include <string_view>

namespace fd::fuzz {

// What one input cost the decoder checks (per decoder that accepted it).
struct DecoderCheckCost
{
    std::size_t jsonCap = 0;   // the JSON allowed for this input, in bytes
    std::size_t jsonBytes = 0; // the most JSON one decoder's tree was written as (0 when capped or refused)
    bool capped = false;       // a tree expanded past jsonCap and was not written in full
};

// The fuzz target's body: decodes `bytes` as pickle and as JSON and, for each decoder that accepts them,
// writes the tree as JSON and checks that reading that JSON back and writing it again gives the same text.
// Aborts on a violation. The JSON is capped in proportion to the input, so every input costs little time.
DecoderCheckCost checkDecoders(std::string_view bytes);

} // namespace fd::fuzz
