#pragma once

#include "core/model/RankDump.h"

#include <cstdint>
#include <span>
#include <vector>

namespace fd {

class StringTable;

// The activity summary (RankActivity) of a rank's entries, from their times (all of the file's, before the
// window is cut).
RankActivity summarizeActivity(std::span<const EntryTimes> times);

// The window `rule` keeps of a file's entries, per PG the entries name (in the order they first appear): the
// PG's entries from firstKept on hold all its pending and queued entries (neither completed nor retired; the
// inner ops of a coalesced group whose terminator is done are neither) and its quota of done ones: those of
// the rank's newest rule.completedPerRank done entries that are the PG's, but at least rule.completedPerPg,
// or all of its entries when it has fewer; a coalesced group is kept whole. `strings` names
// the entries' ops (a group's terminator is told by its name); it may still be growing (loader threads).
std::vector<EntryWindow::Pg> windowOfPgs(std::span<const Entry> entries, WindowRule rule,
                                         const StringTable& strings);

// Describes the file's entries in dump.window and dump.activity (from dump.times, when the reader kept them),
// then drops the entries, times and origins that windowOfPgs() leaves out. A dump cut short
// (RankDump::partial) keeps everything: it is shown, not judged.
void keepWindowOfInterest(RankDump& dump, WindowRule rule, const StringTable& strings);

} // namespace fd
