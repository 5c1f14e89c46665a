// libFuzzer entry point: every input goes through both decoders and, when one accepts it, through the JSON
// writer (see DecoderChecks.h; tst_fuzzinputs runs the same checks over the corpus and past findings), and the
// typed pickle reader must read whatever it accepts as the general reader does (TypedReaderCheck.h).

#include "DecoderChecks.h"
#include "TypedReaderCheck.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    (void)fd::fuzz::checkDecoders(bytes);
    fd::fuzz::checkTypedReader(bytes);
    return 0;
}
