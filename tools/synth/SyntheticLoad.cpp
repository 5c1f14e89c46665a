#include "SyntheticLoad.h"

#include "io/DumpReader.h"
#include "io/JobAssembler.h"

namespace fd {

std::shared_ptr<Job> loadSyntheticJob(const SyntheticJobOptions& options)
{
    const SyntheticJob synth(options);
    auto job = std::make_shared<Job>();
    job->source = QStringLiteral("synthetic");
    job->pattern = QStringLiteral("_dump_*");
    job->prefix = QStringLiteral("_dump_");
    for (int rank = 0; rank < options.ranks; ++rank) {
        if (rank == options.missingRank)
            continue;
        const std::string bytes = synth.dumpRank(rank);
        auto result = readDumpBytes(bytes, QStringLiteral("synthetic/_dump_%1").arg(rank), rank, *job->pools);
        if (auto* dump = std::get_if<RankDump>(&result))
            job->dumps.push_back(std::move(*dump));
        else
            job->errors.push_back(std::get<LoadError>(result));
    }
    assembleJob(*job);
    return job;
}

} // namespace fd
