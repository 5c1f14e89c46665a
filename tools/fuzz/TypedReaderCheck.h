#pragma once

#include "core/model/Job.h"

#include <QString>

#include <string_view>
#include <variant>

namespace fd::fuzz {

// A reader's result as text: every field of the RankDump (strings and stacks resolved through `pools`), or
// the error with its offset.
QString describe(const std::variant<RankDump, LoadError>& result, const JobPools& pools);

// What each pickle reader makes of the same bytes, as text: the RankDump (every field, strings and stacks
// resolved) or the error with its offset. Both are empty when the typed reader (core/io/PickleDumpReader.h)
// left the bytes to the general one (decodePickle + DumpFields): there is nothing to compare then.
struct PickleReadings
{
    QString typed;
    QString general;
    // The same without the entries' origins (DetailLevel::Times, the GUI) and without their times either
    // (DetailLevel::None, flightdeck-cli): the typed reader then skips what only those hold, and must still
    // accept the same bytes and read the rest alike.
    QString typedTimes;
    QString generalTimes;
    QString typedBare;
    QString generalBare;
};
PickleReadings readBothWays(std::string_view bytes);

// What a reading of everything (DetailLevel::Full) would be at each level, as text: `full` as it is, `times`
// with the origins dropped, `bare` with the times dropped too. An error reads the same at every level.
void describeAtEachLevel(std::variant<RankDump, LoadError> result, const JobPools& pools, QString& full,
                         QString& times, QString& bare);

// The fuzz target's check: aborts when the typed reader accepts bytes and reads them differently, with or
// without details.
void checkTypedReader(std::string_view bytes);

// Aborts, printing both sides, unless a typed reader's readings at the three detail levels (full, times,
// bare) equal the general path's.
void abortUnlessAlike(const char* reader, const QString (&typed)[3], const QString (&general)[3]);

} // namespace fd::fuzz
