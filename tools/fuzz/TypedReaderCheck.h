#pragma once

#include "model/Job.h"

#include <QString>

#include <string_view>
#include <variant>

namespace fd::fuzz {

// A reader's result as text: every field of the RankDump (strings and stacks resolved through `pools`), or the
// error with its offset.
QString describe(const std::variant<RankDump, LoadError>& result, const JobPools& pools);

// What each pickle reader makes of the same bytes, as text: the RankDump (every field, strings and stacks
// resolved) or the error with its offset. Both are empty when the typed reader (core/io/PickleDumpReader.h) left
// the bytes to the general one (decodePickle + DumpFields): there is nothing to compare then.
struct PickleReadings
{
    QString typed;
    QString general;
    // The same without entry details (LoadOptions::entryDetails false, flightdeck-cli): the typed reader then
    // skips what only the details hold, and must still accept the same bytes and read the rest alike.
    QString typedBare;
    QString generalBare;
};
PickleReadings readBothWays(std::string_view bytes);

// The fuzz target's check: aborts when the typed reader accepts bytes and reads them differently, with or
// without details.
void checkTypedReader(std::string_view bytes);

} // namespace fd::fuzz
