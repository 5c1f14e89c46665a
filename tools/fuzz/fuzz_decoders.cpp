// libFuzzer entry point: every input goes through both decoders and, when one accepts it, through the JSON
// writer. Beyond "no crash, no hang, no leak" it checks one property: the writer's output, read back by the
// JSON decoder and written again, is the same text (the dump JSON format is a fixed point).

#include "exporting/ValueJsonWriter.h"
#include "io/JsonDecoder.h"
#include "io/PickleDecoder.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

void checkFixedPoint(const std::string& json)
{
    // \udcNN escapes are valid for Python but refused by strict parsers; >308-digit integers and the extra
    // level that {"__bytes__": ...} adds can also stop the decoder legitimately.
    if (json.find("\\udc") != std::string::npos)
        return;
    const fd::DecodeResult again = fd::decodeJson(json);
    if (!again.ok())
        return;
    const fd::ValueJsonResult rewritten = fd::valueTreeToJson(again.tree, fd::ValueJsonOptions{0});
    if (rewritten.error || rewritten.json != json) {
        std::fprintf(stderr, "dump JSON is not a fixed point:\n%s\n---\n%s\n", json.c_str(),
                     rewritten.error ? rewritten.error->c_str() : rewritten.json.c_str());
        std::abort();
    }
}

void exercise(const fd::DecodeResult& r)
{
    if (!r.ok())
        return;
    const fd::ValueJsonResult compact = fd::valueTreeToJson(r.tree, fd::ValueJsonOptions{0});
    if (compact.error)
        return;
    (void)fd::valueTreeToJson(r.tree, fd::ValueJsonOptions{1});
    checkFixedPoint(compact.json);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    exercise(fd::decodePickle(bytes));
    exercise(fd::decodeJson(bytes));
    return 0;
}
