#pragma once

#include <cstdint>

namespace fd {

// How much of each entry a reader keeps beyond what the analysis reads (docs/performance.md, "What a job
// holds per entry"). An entry's origin (op id, thread, stack, timeout) is only ever read by a person, one
// entry at a time, and its stack is most of a dump's bytes: so the GUI leaves origins in the file and reads
// one rank's again when its details view asks (io/RankOrigins.h).
enum class DetailLevel : std::uint8_t
{
    None,  // Entry only: flightdeck-cli, whose reports read neither times nor origins
    Times, // Entry and EntryTimes; origins stay in the file (RankDump::originsInFile): the GUI
    Full,  // Entry, EntryTimes and EntryOrigin, stacks interned into the job's pools
};

} // namespace fd
