#pragma once

#include "JobFile.h"
#include "JobPools.h"
#include "ProcessGroup.h"
#include "RankDump.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace fd {

// Why one file did not load. The other files still load.
struct LoadError
{
    QString filePath;
    int rank = -1;            // -1 when the name carries no rank
    std::uint64_t offset = 0; // byte offset of the problem, when it has one
    bool hasOffset = false;
    QString message;
    QString toString() const; // "<file>: byte 1234: <message>"
};

// A loaded job: one dump per rank, sorted by rank, plus everything that went wrong while loading.
// Immutable once built; shared read-only (std::shared_ptr<const Job>) by the analysis and every model.
class Job
{
public:
    QString source;  // what the user asked to load (directory, file or prefix)
    QString pattern; // the glob used in a directory
    QString prefix;  // the file-name prefix before the rank number, e.g. "_dump_"
    std::vector<RankDump> dumps;
    std::vector<LoadError> errors;
    std::vector<QString> warnings; // job-level: duplicate ranks, inferred prefix, ...
    std::vector<ProcessGroup> processGroups;
    int worldSize = 0; // largest rank named by any pg_config or file, plus one
    // A pg_config listed the default PG's members, so worldSize is the job's. Gloo dumps list none
    // (docs/torch-jobs.md): worldSize is then only the largest rank seen, and a set can look complete early.
    bool worldSizeKnown = false;
    std::vector<int> missingRanks;    // in the world, but no file at all
    std::vector<int> unreadableRanks; // a file was there but could not be read
    std::vector<JobFile> files;       // every file discovery looked at: used, skipped or unreadable
    std::unique_ptr<JobPools> pools = std::make_unique<JobPools>();

    const RankDump* dumpForRank(int rank) const;
    // Every rank of a world of known size has a readable dump: what a watch waits for.
    bool holdsEveryRank() const
    {
        return worldSizeKnown && !dumps.empty() && missingRanks.empty() && unreadableRanks.empty();
    }
    QString str(StrId id) const { return pools->str(id); }
    std::size_t entryCount() const;
    std::uint64_t totalFileBytes() const;
    std::size_t memoryUsage() const; // estimate of what the job holds, for benchmarks
};

} // namespace fd
