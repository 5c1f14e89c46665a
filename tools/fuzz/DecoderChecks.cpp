#include "DecoderChecks.h"

#include "core/exporting/ValueJsonWriter.h"
#include "core/io/JsonDecoder.h"
#include "core/io/PickleDecoder.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace fd::fuzz {

namespace {

// Containers shared through the pickle memo let a few hundred bytes describe megabytes of JSON
// (tests/data/fuzz/README.md). JSON bytes allowed per input byte, plus a floor for tiny inputs; dump-shaped
// inputs (the seed corpus) stay far below it.
constexpr std::size_t kJsonBytesPerInputByte = 64;
constexpr std::size_t kJsonFloorBytes = 64 * 1024;

void checkFixedPoint(const std::string& json, std::size_t cap)
{
    // \udcNN escapes are valid for Python but refused by strict parsers; >308-digit integers and the extra
    // level that {"__bytes__": ...} adds can also stop the decoder legitimately.
    if (json.find("\\udc") != std::string::npos)
        return;
    const DecodeResult again = decodeJson(json);
    if (!again.ok())
        return;
    const ValueJsonResult rewritten = valueTreeToJson(again.tree, ValueJsonOptions{0, cap});
    if (rewritten.error || rewritten.json != json) {
        std::fprintf(stderr, "dump JSON is not a fixed point:\n%s\n---\n%s\n", json.c_str(),
                     rewritten.error ? rewritten.error->c_str() : rewritten.json.c_str());
        std::abort();
    }
}

void exercise(const DecodeResult& r, DecoderCheckCost& cost)
{
    if (!r.ok())
        return;
    const ValueJsonResult compact = valueTreeToJson(r.tree, ValueJsonOptions{0, cost.jsonCap});
    if (compact.error) {
        cost.capped = cost.capped || compact.error->find("expand") != std::string::npos;
        return;
    }
    cost.jsonBytes = std::max(cost.jsonBytes, compact.json.size());
    (void)valueTreeToJson(r.tree, ValueJsonOptions{1, 2 * cost.jsonCap}); // indented: more bytes, same values
    checkFixedPoint(compact.json, cost.jsonCap);
}

} // namespace

DecoderCheckCost checkDecoders(std::string_view bytes)
{
    DecoderCheckCost cost;
    cost.jsonCap = kJsonBytesPerInputByte * bytes.size() + kJsonFloorBytes;
    exercise(decodePickle(bytes), cost);
    exercise(decodeJson(bytes), cost);
    return cost;
}

} // namespace fd::fuzz
