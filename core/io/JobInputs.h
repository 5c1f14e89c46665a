#pragma once

#include "DumpDiscovery.h"
#include "core/model/Job.h"

#include <QString>

#include <memory>
#include <vector>

namespace fd {

// A rank the caller asked for that sent no readable dump, which the files alone cannot show: a live capture's
// rank that did not answer its worker server, or answered with garbage (core/capture/CaptureAnalysis.h).
struct RankWithoutDump
{
    int rank = -1;
    // error.rank == -1: the rank has no dump at all (missing); error.rank == rank: it sent one that could not
    // be read (unreadable).
    LoadError error;
};

// What the caller knows of a job that its dumps do not say.
struct JobFacts
{
    int worldSize = 0; // the user's word (--world-size) where the dumps do not name it (gloo); 0: the dumps'
    std::vector<RankWithoutDump> ranksWithoutDump;
    std::vector<QString> warnings; // job-level warnings of the caller's (e.g. items dropped beside the job)
};

// Everything one Job is made of, gathered before assembleJob() runs, once: what discovery saw, what the
// readers made of each file, and what the caller knows. The readers intern into `pools`, which the Job takes.
struct JobInputs
{
    QString source;              // what the user asked to load
    QString pattern;             // the glob used in a directory
    QString prefix;              // the file-name prefix before the rank number
    std::vector<RankDump> dumps; // in any order
    std::vector<LoadError> errors;
    std::vector<QString> warnings;      // discovery's notes
    std::vector<JobFile> considered;    // every file discovery looked at: becomes Job::files
    std::vector<DumpFile> spares;       // skipped files that may still hold a rank's dump (Discovery::spares)
    std::vector<LoadError> listingGaps; // where discovery could not list (Discovery::listingGaps)
    JobFacts facts;
    std::unique_ptr<JobPools> pools = std::make_unique<JobPools>();
};

} // namespace fd
