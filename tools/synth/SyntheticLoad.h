#pragma once

#include "SyntheticJob.h"
#include "core/io/JobInputs.h"
#include "core/model/Job.h"

#include <functional>
#include <memory>

namespace fd {

// A synthetic job's dumps (fr-synth's pickle bytes) read through the real path in memory: decode, convert and
// assemble as the loader does for files, without writing any. For ui tests and benchmarks that need a job the
// real analysis then runs on. The missing rank, if any, has no dump. `adjust`, when given, changes what was
// read before it is assembled (a test's slow op, an extra load error): the Job itself stays immutable.
std::shared_ptr<const Job> loadSyntheticJob(const SyntheticJobOptions& options,
                                            const std::function<void(JobInputs&)>& adjust = {});

} // namespace fd
