#pragma once

#include <QString>

#include <string_view>

namespace fd::fuzz {

// What the loader makes of JSON bytes (readDumpBytes: the typed JSON reader, core/io/JsonDumpReader.h, when
// it takes them) and what the general path makes of them (decodeJson + DumpFields), as text (describe()),
// with and without stack frames and without entry details. All empty when the typed reader left the bytes to
// the general path: the loader then takes that path itself, and there is nothing to compare.
struct JsonReadings
{
    QString loaded;
    QString general;
    QString loadedTimes; // DetailLevel::Times, the GUI
    QString generalTimes;
    QString loadedBare; // DetailLevel::None, flightdeck-cli
    QString generalBare;
    bool typed() const { return !loaded.isEmpty(); }
};
JsonReadings readJsonBothWays(std::string_view bytes);

// The fuzz target's check: aborts when the typed JSON reader accepts bytes that the general path reads
// differently (or refuses), with or without details.
void checkTypedJsonReader(std::string_view bytes);

} // namespace fd::fuzz
