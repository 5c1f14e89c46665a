#pragma once

#include "JobInputs.h"
#include "core/model/Job.h"

#include <vector>

namespace fd {

// The steps of assembleJob() (JobAssembler.h) that decide which ranks a job has, in the order it runs them.
// Only the assembler calls them: a Job is written there alone.

// The world size: widened to every LoadError's rank, to the user's word (with a warning when a dump names a
// rank outside it) and to the ranks the caller asked for that sent no dump, whose errors it adds.
void widenWorld(Job& job, JobFacts& facts);

// missingRanks (no file) and unreadableRanks (a LoadError with that rank and no dump, or a dump cut short,
// which gets an error of its own); a PG no pg_config listed (gloo) gets the members its entries and pg_status
// show (the default PG: the world), with ranksKnown still false.
void findRankGaps(Job& job);

// A rank the job calls missing while a skipped file may hold its dump becomes an unreadable rank, with an
// error naming that file and why it was not read.
void claimMissingRanks(Job& job, const std::vector<DumpFile>& spares, const std::vector<JobFile>& considered);

// While the listing had gaps (Discovery::listingGaps), a rank the job would call missing may have its file
// where the listing did not reach. It becomes an unreadable rank (not judged, never a missing_dump culprit),
// with an error naming the gap.
void claimUnlistedRanks(Job& job, const std::vector<LoadError>& listingGaps);

// Job::files from what discovery considered and what loading made of it (format, unreadable).
void recordFiles(Job& job, std::vector<JobFile> considered);

} // namespace fd
