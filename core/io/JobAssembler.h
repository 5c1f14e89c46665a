#pragma once

#include "JobInputs.h"
#include "core/model/Job.h"

#include <memory>

namespace fd {

// Turns what was gathered of a job into one consistent, immutable Job; nothing writes a Job after it:
// - sorts dumps by rank and builds the job-wide list of process groups (by name and member ranks), resolving
//   every entry's and pg_status item's PG;
// - works out the world size: the largest rank any pg_config, file or error names, widened to the user's word
//   (JobFacts::worldSize; a dump of a rank outside it is kept, with a warning) and to the ranks the caller
//   asked for (JobFacts::ranksWithoutDump);
// - works out which ranks have no dump (missing) or an unreadable one; a rank that would be missing while a
//   skipped file may hold its dump (JobInputs::spares) is unreadable, with an error naming that file;
// - gives a PG no pg_config listed (gloo) the members its entries and pg_status show (the default PG: the
//   world), with ranksKnown still false;
// - records every file discovery considered, with what became of it (Job::files).
std::shared_ptr<const Job> assembleJob(JobInputs inputs);

} // namespace fd
