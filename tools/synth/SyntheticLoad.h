#pragma once

#include "SyntheticJob.h"
#include "model/Job.h"

#include <memory>

namespace fd {

// A synthetic job's dumps (fr-synth's pickle bytes) read through the real path in memory: decode, convert and
// assemble as the loader does for files, without writing any. For ui tests and benchmarks that need a job the
// real analysis then runs on. The missing rank, if any, has no dump.
std::shared_ptr<Job> loadSyntheticJob(const SyntheticJobOptions& options);

} // namespace fd
