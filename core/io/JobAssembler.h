#pragma once

#include "model/Job.h"

namespace fd {

// Turns the per-file results into one consistent Job: sorts dumps by rank, builds the job-wide list of
// process groups (by name and member ranks), resolves every entry's and pg_status item's PG, and works out
// the world size and which ranks have no dump or an unreadable one.
void assembleJob(Job& job);

// The last step of assembleJob(), for callers that add what they know after loading (a live capture adds the
// ranks that did not answer): widens worldSize to every LoadError's rank and recomputes missingRanks (no
// file) and unreadableRanks (a LoadError with that rank and no dump). A PG no pg_config listed (gloo) gets
// the members its entries and pg_status show (the default PG: the world), with ranksKnown still false.
void findRankGaps(Job& job);

// The user's word for the world size, where the dumps do not name it (gloo dumps list no PG members): ranks up
// to `worldSize` - 1 without a file become missing. A dump of a rank outside it is kept, with a warning.
void setWorldSize(Job& job, int worldSize);

} // namespace fd
