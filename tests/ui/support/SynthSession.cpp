#include "SynthSession.h"

namespace fd::test {

SyntheticJobOptions hungJob()
{
    SyntheticJobOptions o;
    o.ranks = 16;
    o.tensorParallel = 2;
    o.pipelineParallel = 2;
    o.expertParallel = 2;
    o.entriesPerRank = 200;
    o.timing = true;
    o.withStackTraces = true;
    o.stuckRank = kHungRank;
    o.stuckEntries = 1;
    o.threads = 1;
    return o;
}

SyntheticJobOptions jobAtScale(int ranks, int entries, int stuckRank)
{
    SyntheticJobOptions o;
    o.ranks = ranks;
    o.tensorParallel = 8;
    o.pipelineParallel = 4;
    o.expertParallel = 4;
    o.entriesPerRank = entries;
    o.timing = true;
    o.stuckRank = stuckRank;
    o.threads = 1;
    return o;
}

Session synthSession(const SyntheticJobOptions& options)
{
    return Session(runAnalysis(loadSyntheticJob(options)));
}

FrontierItem frontierOf(const Session& s)
{
    const FrontierItem* f = s.analysis->divergence();
    return f ? *f : FrontierItem{};
}

} // namespace fd::test
