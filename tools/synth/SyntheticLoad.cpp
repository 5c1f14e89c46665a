#include "SyntheticLoad.h"

#include "core/io/DumpReader.h"
#include "core/io/JobAssembler.h"
#include "core/io/ParallelFor.h"

#include <variant>

namespace fd {

std::shared_ptr<const Job> loadSyntheticJob(const SyntheticJobOptions& options,
                                            const std::function<void(JobInputs&)>& adjust)
{
    const SyntheticJob synth(options);
    JobInputs inputs;
    inputs.source = QStringLiteral("synthetic");
    inputs.pattern = QStringLiteral("_dump_*");
    inputs.prefix = QStringLiteral("_dump_");
    // Each rank's bytes are made and read on a worker, as the loader reads files; the results keep rank
    // order.
    const auto ranks = static_cast<std::size_t>(options.ranks);
    std::vector<std::variant<std::monostate, RankDump, LoadError>> read(ranks);
    parallelFor(ranks, options.threads, nullptr, [&](std::size_t rank) {
        if (int(rank) == options.missingRank)
            return;
        const std::string bytes = synth.dumpRank(int(rank));
        auto result =
            readDumpBytes(bytes, QStringLiteral("synthetic/_dump_%1").arg(rank), int(rank), *inputs.pools);
        if (auto* dump = std::get_if<RankDump>(&result))
            read[rank] = std::move(*dump);
        else
            read[rank] = std::get<LoadError>(std::move(result));
    });
    for (auto& r : read) {
        if (auto* dump = std::get_if<RankDump>(&r))
            inputs.dumps.push_back(std::move(*dump));
        else if (auto* error = std::get_if<LoadError>(&r))
            inputs.errors.push_back(std::move(*error));
    }
    if (adjust)
        adjust(inputs);
    return assembleJob(std::move(inputs));
}

} // namespace fd
