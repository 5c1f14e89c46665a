#pragma once

#include <cstdint>

namespace fd {

// How much of each entry a reader keeps beyond what the analysis reads (docs/performance.md, "What each
// program keeps"). Stack frames are most of a dump's bytes and only a person ever reads them, one entry at a
// time, so the GUI leaves them in the file and reads one rank's again when its details view asks
// (io/RankStacks.h).
enum class DetailLevel : std::uint8_t {
    None,     // no EntryDetails at all: flightdeck-cli, whose reports read none
    NoFrames, // EntryDetails without their stack (frames stays 0; RankDump::framesInFile): the GUI
    Full,     // everything, stacks interned into the job's pools
};

} // namespace fd
