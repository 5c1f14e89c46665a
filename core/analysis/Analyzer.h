#pragma once

#include "Analysis.h"

#include <memory>

namespace fd {

class Job;

struct AnalysisOptions
{
    // Build Analysis::collectiveIndex, which only the views read (a walk over every entry of the job: a third
    // of the analysis at 1024 ranks). flightdeck-cli's reports leave it out (docs/performance.md).
    bool collectiveIndex = true;
};

// Analyses a loaded job. Pure function of the Job, which the Analysis keeps (Analysis::job); safe to call
// from a worker thread.
std::shared_ptr<const Analysis> analyzeJob(std::shared_ptr<const Job> job,
                                           const AnalysisOptions& options = {});

} // namespace fd
