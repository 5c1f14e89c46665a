#include "AttributionEval.h"

#include "RandomJob.h"
#include "analysis/Analysis.h"
#include "io/DumpReader.h"
#include "io/JobAssembler.h"

#include <variant>

namespace fd {

std::shared_ptr<Job> loadJobFromMemory(const std::vector<DumpInMemory>& files)
{
    auto job = std::make_shared<Job>();
    job->prefix = QStringLiteral("_dump_");
    for (const DumpInMemory& f : files) {
        const QString path = QString::fromStdString(f.name);
        DecodedDump decoded = decodeDumpBytes(f.bytes, path);
        if (decoded.error) {
            LoadError e = *decoded.error;
            e.rank = f.rank;
            job->errors.push_back(std::move(e));
            continue;
        }
        auto dump = convertDump(decoded.tree, path, f.rank, *job->pools);
        if (auto* error = std::get_if<LoadError>(&dump)) {
            job->errors.push_back(std::move(*error));
            continue;
        }
        RankDump& d = std::get<RankDump>(dump);
        d.format = decoded.format;
        d.fileSize = f.bytes.size();
        job->dumps.push_back(std::move(d));
    }
    assembleJob(*job);
    return job;
}

EvalOutcome evaluate(const RandomJob& job)
{
    EvalOutcome out;
    out.seed = job.seed();
    out.faultKind = static_cast<int>(job.truth().fault);
    out.wantVerdict = job.truth().verdict;
    out.wantRanks = job.truth().culprits;

    std::vector<DumpInMemory> files;
    for (RandomDumpFile& f : job.files())
        files.push_back({f.rank, std::move(f.name), std::move(f.bytes)});
    const auto loaded = loadJobFromMemory(files);
    if (!loaded->errors.empty()) {
        out.loadProblem = loaded->errors.front().toString(); // a writer bug, not an engine miss
        return out;
    }
    const auto analysis = analyzeJob(*loaded);
    out.gotVerdict = verdictName(analysis->verdict);
    out.gotRanks = analysis->hangingRanks();
    out.exact = out.gotVerdict == out.wantVerdict && out.gotRanks == out.wantRanks;
    return out;
}

} // namespace fd
