#include "TypedJsonReaderCheck.h"

#include "TypedReaderCheck.h"
#include "io/DumpReader.h"
#include "io/JsonDecoder.h"
#include "io/JsonDumpReader.h"
#include "model/JobPools.h"

#include <cstdio>
#include <cstdlib>

namespace fd::fuzz {

JsonReadings readJsonBothWays(std::string_view bytes)
{
    const QString path = QStringLiteral("dump.json");
    JobPools pools; // every reading interns into it: same content, same ids
    JsonReadings out;
    for (const bool details : {true, false}) {
        if (!readJsonDumpTyped(bytes, pools, details))
            return {};
    }
    out.loaded = describe(readDumpBytes(bytes, path, 0, pools, true), pools);
    out.loadedBare = describe(readDumpBytes(bytes, path, 0, pools, false), pools);
    const DecodeResult decoded = decodeJson(bytes);
    if (!decoded.ok()) {
        out.general = QStringLiteral("general decoder: error at %1").arg(decoded.error->offset);
        out.generalBare = out.general;
        return out;
    }
    auto general = convertDump(decoded.tree, path, 0, pools);
    out.general = describe(general, pools);
    if (auto* dump = std::get_if<RankDump>(&general))
        dump->details.clear(); // as the loader drops them (LoadOptions::entryDetails)
    out.generalBare = describe(general, pools);
    return out;
}

void checkTypedJsonReader(std::string_view bytes)
{
    const JsonReadings r = readJsonBothWays(bytes);
    if (r.loaded != r.general || r.loadedBare != r.generalBare) {
        std::fprintf(stderr, "the typed JSON reader reads the dump differently:\n%s\n---\n%s\n",
                     qPrintable(r.loaded + r.loadedBare), qPrintable(r.general + r.generalBare));
        std::abort();
    }
}

} // namespace fd::fuzz
