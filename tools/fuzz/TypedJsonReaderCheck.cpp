#include "TypedJsonReaderCheck.h"

#include "TypedReaderCheck.h"
#include "core/io/DumpReader.h"
#include "core/io/JsonDecoder.h"
#include "core/io/JsonDumpReader.h"
#include "core/model/JobPools.h"

namespace fd::fuzz {

JsonReadings readJsonBothWays(std::string_view bytes)
{
    const QString path = QStringLiteral("dump.json");
    JobPools pools; // every reading interns into it: same content, same ids
    JsonReadings out;
    for (const DetailLevel level : {DetailLevel::Full, DetailLevel::Times, DetailLevel::None}) {
        if (!readJsonDumpTyped(bytes, pools, level))
            return {};
    }
    out.loaded = describe(readDumpBytes(bytes, path, 0, pools, DetailLevel::Full), pools);
    out.loadedTimes = describe(readDumpBytes(bytes, path, 0, pools, DetailLevel::Times), pools);
    out.loadedBare = describe(readDumpBytes(bytes, path, 0, pools, DetailLevel::None), pools);
    const DecodeResult decoded = decodeJson(bytes);
    if (!decoded.ok()) {
        out.general = QStringLiteral("general decoder: error at %1").arg(decoded.error->offset);
        out.generalTimes = out.generalBare = out.general;
        return out;
    }
    describeAtEachLevel(convertDump(decoded.tree, path, 0, pools), pools, out.general, out.generalTimes,
                        out.generalBare);
    return out;
}

void checkTypedJsonReader(std::string_view bytes)
{
    const JsonReadings r = readJsonBothWays(bytes);
    abortUnlessAlike("typed JSON reader", {r.loaded, r.loadedTimes, r.loadedBare},
                     {r.general, r.generalTimes, r.generalBare});
}

} // namespace fd::fuzz
