// libFuzzer entry point: every input goes through both decoders and, when one accepts it, through the JSON
// writer (see DecoderChecks.h; tst_fuzzinputs runs the same checks over the corpus and past findings).

#include "DecoderChecks.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    (void)fd::fuzz::checkDecoders(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
