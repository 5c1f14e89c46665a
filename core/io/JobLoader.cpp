#include "JobLoader.h"

#include "ArchiveDumps.h"
#include "DumpRank.h"
#include "DumpReader.h"
#include "JobAssembler.h"
#include "ParallelFor.h"

#include <QFileInfo>
#include <QLoggingCategory>

#include <algorithm>
#include <mutex>
#include <optional>

Q_LOGGING_CATEGORY(lcLoader, "fd.io.loader", QtWarningMsg)

namespace fd {

namespace {

std::vector<DumpReadResult> readFiles(const std::vector<DumpFile>& files, JobPools& pools, int threads,
                                      DetailLevel details, WindowRule window, const std::atomic<bool>* cancel,
                                      const ProgressCallback& progress)
{
    std::vector<DumpReadResult> results(files.size());
    std::atomic<int> done{0};
    const int total = int(files.size());
    if (progress)
        progress(0, total);
    // Largest first: the threads take the next file as they free up, so a few big dumps (a rank that kept
    // more entries) read last would leave the other threads idle at the end.
    std::vector<std::pair<qint64, std::size_t>> order(files.size());
    for (std::size_t i = 0; i < files.size(); ++i)
        order[i] = {-QFileInfo(files[i].path).size(), i};
    std::stable_sort(order.begin(), order.end());
    parallelFor(files.size(), threads, cancel, [&](std::size_t k) {
        const std::size_t i = order[k].second;
        results[i] = readDumpFile(files[i].path, files[i].rank, pools, details, window);
        const int n = done.fetch_add(1) + 1;
        if (progress)
            progress(n, total);
    });
    return results;
}

// Reads the files (from disk, or from `archive` when it is set) into `inputs` and assembles the job.
std::shared_ptr<const Job> loadFiles(JobInputs inputs, const std::vector<DumpFile>& files,
                                     const LoadOptions& options, const std::atomic<bool>* cancel,
                                     const ProgressCallback& progress, const QString& archive = QString())
{
    // Known before any file is read: discovery lists them (an archive's members too) first.
    const WindowRule window = options.window.forJobOf(files.size(), options.windowPerJob);
    std::vector<DumpReadResult> results =
        archive.isEmpty()
            ? readFiles(files, *inputs.pools, options.threads, options.details, window, cancel, progress)
            : readArchiveDumps(archive, files, *inputs.pools, options.threads, options.details, window,
                               cancel, progress);
    if (cancel && cancel->load())
        return nullptr;
    for (auto& r : results) {
        if (!r)
            continue;
        if (auto* dump = std::get_if<RankDump>(&*r))
            inputs.dumps.push_back(std::move(*dump));
        else
            inputs.errors.push_back(std::get<LoadError>(*r));
    }
    inputs.facts = options.facts;
    auto job = assembleJob(std::move(inputs));
    for (const LoadError& e : job->errors)
        qCDebug(lcLoader) << e.toString();
    return job;
}

} // namespace

std::shared_ptr<const Job> loadJob(const LoadOptions& options, const std::atomic<bool>* cancel,
                                   const ProgressCallback& progress)
{
    Discovery found = discoverDumps(options.frPath, options.pattern);
    JobInputs inputs;
    inputs.source = options.frPath;
    inputs.pattern = found.pattern;
    inputs.prefix = found.prefix;
    inputs.errors = std::move(found.errors);
    for (const QString& note : std::as_const(found.notes))
        inputs.warnings.push_back(note);
    inputs.considered = std::move(found.considered);
    inputs.spares = std::move(found.spares);
    inputs.listingGaps = std::move(found.listingGaps);
    return loadFiles(std::move(inputs), found.files, options, cancel, progress, found.archive);
}

std::shared_ptr<const Job> loadJobFromFiles(const std::vector<DumpFile>& files, const LoadOptions& options,
                                            const std::atomic<bool>* cancel, const ProgressCallback& progress)
{
    JobInputs inputs;
    if (!options.frPath.isEmpty())
        inputs.source = options.frPath;
    else if (!files.empty())
        inputs.source = files.front().path;
    for (const DumpFile& f : files)
        inputs.considered.push_back(
            {f.path, QFileInfo(f.path).fileName(), f.rank, QFileInfo(f.path).size(), FileUse::Used, {}, {}});
    return loadFiles(std::move(inputs), files, options, cancel, progress);
}

} // namespace fd
