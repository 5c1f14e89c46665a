#include "AttributionEval.h"

#include "core/analysis/Analyzer.h"
#include "core/io/DumpReader.h"
#include "core/io/JobAssembler.h"
#include "tools/synth/RandomJob.h"

#include <variant>

namespace fd {

std::shared_ptr<const Job> loadJobFromMemory(const std::vector<DumpInMemory>& files, WindowRule window)
{
    JobInputs inputs;
    inputs.prefix = QStringLiteral("_dump_");
    for (const DumpInMemory& f : files) {
        auto dump = readDumpBytes(f.bytes, QString::fromStdString(f.name), f.rank, *inputs.pools,
                                  DetailLevel::Full, window);
        if (auto* error = std::get_if<LoadError>(&dump))
            inputs.errors.push_back(std::move(*error));
        else
            inputs.dumps.push_back(std::move(std::get<RankDump>(dump)));
    }
    return assembleJob(std::move(inputs));
}

EvalOutcome evaluate(const RandomJob& job, WindowRule window)
{
    EvalOutcome out;
    out.seed = job.seed();
    out.faultKind = static_cast<int>(job.truth().fault);
    out.wantVerdict = job.truth().verdict;
    out.wantRanks = job.truth().culprits;
    out.undecidable = job.truth().undecidable;

    std::vector<DumpInMemory> files;
    for (RandomDumpFile& f : job.files())
        files.push_back({f.rank, std::move(f.name), std::move(f.bytes)});
    const auto loaded = loadJobFromMemory(files, window);
    if (!loaded->errors.empty()) {
        out.loadProblem = loaded->errors.front().toString(); // a writer bug, not an engine miss
        return out;
    }
    const auto analysis = analyzeJob(loaded);
    out.gotVerdict = verdictName(analysis->verdict);
    out.gotRanks = analysis->hangingRanks();
    out.exact = out.gotVerdict == out.wantVerdict && out.gotRanks == out.wantRanks;
    return out;
}

} // namespace fd
