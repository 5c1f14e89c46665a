#pragma once

#include "session/Session.h"

namespace fd {

// Builds Megatron-like jobs in memory, without files: for model and view tests, the painting benchmark and
// screenshots. Every rank runs the same program (TP all_gather/reduce_scatter, DP all_reduce, a PP
// send/recv, an occasional default_pg barrier); `hangRank` stops before collective `hangStep` of the
// default PG, which every other rank has entered and waits in.
struct SyntheticJobSpec
{
    int worldSize = 16;
    int tp = 2;
    int pp = 2;
    int entriesPerRank = 200;   // ring buffer size: only the newest ones are kept
    int hangRank = 5;           // -1: no hang, everything completes
    bool timing = true;         // entries reach "started" and carry durations
    bool stackTraces = true;
};

struct SyntheticUiJob
{
    std::shared_ptr<Job> job;
    // The highlights the analysis is expected to produce for this job (frontier, culprit), so views can be
    // tested before and independently of core/analysis.
    std::shared_ptr<Highlights> expected;
};

SyntheticUiJob makeSyntheticJob(const SyntheticJobSpec& spec = {});

// A Session around a synthetic job with its expected highlights.
Session makeSyntheticSession(const SyntheticJobSpec& spec = {});

} // namespace fd
