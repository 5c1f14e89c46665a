#pragma once

#include "session/Session.h"

namespace fd {

// Builds Megatron-like jobs in memory, without files, for the ui tests (test code, in no product target); the
// views see them only through core's analysis, as they see a loaded job. Every rank runs the same program (TP
// all_gather/reduce_scatter, DP all_reduce, a PP send/recv, an occasional default_pg barrier); `hangRank`
// stops before the last default-PG collective, which every other rank has entered and waits in.
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

std::shared_ptr<Job> makeSyntheticJob(const SyntheticJobSpec& spec = {});

// A Session around a synthetic job, analysed by core's engine.
Session makeSyntheticSession(const SyntheticJobSpec& spec = {});

// The frontier core's analysis found in `s`; an empty one (no PG) when it found none, so that comparisons
// against it fail instead of crashing.
inline FrontierItem frontierOf(const Session& s)
{
    const FrontierItem* f = s.analysis->divergence();
    return f ? *f : FrontierItem{};
}

} // namespace fd
