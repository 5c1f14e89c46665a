// libFuzzer entry point: every input goes through both decoders and, when one accepts it, through the JSON
// writer (see DecoderChecks.h; tst_fuzzinputs runs the same checks over the corpus and past findings), and
// the typed pickle and JSON readers must read whatever they accept as the general path does
// (TypedReaderCheck.h, TypedJsonReaderCheck.h).

#include "DecoderChecks.h"
#include "TypedJsonReaderCheck.h"
#include "TypedReaderCheck.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    (void)fd::fuzz::checkDecoders(bytes);
    fd::fuzz::checkTypedReader(bytes);
    fd::fuzz::checkTypedJsonReader(bytes);
    return 0;
}
