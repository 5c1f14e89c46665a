#pragma once

// Loads one committed scenario job (tests/data/scenarios, written by tools/synth/Scenarios.cpp) through the
// real loader and analysis, for tests that check what the analysis hands the views.
#include "core/analysis/Analyzer.h"
#include "core/io/JobLoader.h"
#include "core/model/Job.h"

#include <QString>

#include <memory>

namespace fd::test {

struct AnalysedJob
{
    std::shared_ptr<const Job> job;
    std::shared_ptr<const Analysis> analysis;

    // The job-wide index of the PG named `name` (scenario PG names are unique), or kNoPg.
    std::uint32_t pg(const char* name) const
    {
        for (std::uint32_t p = 0; p < job->processGroups.size(); ++p)
            if (job->processGroups[p].name == QLatin1String(name))
                return p;
        return kNoPg;
    }
    // The index into Job::dumps of `rank`'s dump, or -1.
    int dumpOf(int rank) const
    {
        for (std::size_t d = 0; d < job->dumps.size(); ++d)
            if (job->dumps[d].rank == rank)
                return int(d);
        return -1;
    }
};

inline AnalysedJob loadScenario(const QString& dir)
{
    LoadOptions options;
    options.frPath = dir;
    AnalysedJob out;
    out.job = loadJob(options);
    if (out.job)
        out.analysis = analyzeJob(out.job);
    return out;
}

inline AnalysedJob loadScenario(const char* name)
{
    return loadScenario(QStringLiteral(FD_TEST_DATA "/scenarios/") + QLatin1String(name));
}

} // namespace fd::test
