#include "JobLoader.h"

#include "io/ArchiveDumps.h"
#include "io/DumpRank.h"
#include "io/DumpReader.h"
#include "io/JobAssembler.h"
#include "io/ParallelFor.h"

#include <QFileInfo>
#include <QLoggingCategory>

#include <algorithm>
#include <mutex>
#include <optional>

Q_LOGGING_CATEGORY(lcLoader, "flightdeck.loader", QtWarningMsg)

namespace fd {

namespace {

std::vector<DumpReadResult> readFiles(const std::vector<DumpFile>& files, JobPools& pools, int threads,
                                      DetailLevel details, const std::atomic<bool>* cancel,
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
        results[i] = readDumpFile(files[i].path, files[i].rank, pools, details);
        const int n = done.fetch_add(1) + 1;
        if (progress)
            progress(n, total);
    });
    return results;
}

// Reads the files (from disk, or from `archive` when it is set) and assembles the job.
std::shared_ptr<Job> loadFiles(std::shared_ptr<Job> job, const std::vector<DumpFile>& files, int threads,
                               DetailLevel details, const std::atomic<bool>* cancel, const ProgressCallback& progress,
                               const QString& archive = QString())
{
    std::vector<DumpReadResult> results = archive.isEmpty()
        ? readFiles(files, *job->pools, threads, details, cancel, progress)
        : readArchiveDumps(archive, files, *job->pools, threads, details, cancel, progress);
    if (cancel && cancel->load())
        return nullptr;
    for (auto& r : results) {
        if (!r)
            continue;
        if (auto* dump = std::get_if<RankDump>(&*r))
            job->dumps.push_back(std::move(*dump));
        else
            job->errors.push_back(std::get<LoadError>(*r));
    }
    assignProvenRanks(*job);
    assembleJob(*job);
    for (const LoadError& e : job->errors)
        qCDebug(lcLoader) << e.toString();
    return job;
}

} // namespace

std::shared_ptr<Job> loadJob(const LoadOptions& options, const std::atomic<bool>* cancel,
                             const ProgressCallback& progress)
{
    Discovery found = discoverDumps(options.frPath, options.pattern);
    auto job = std::make_shared<Job>();
    job->source = options.frPath;
    job->pattern = found.pattern;
    job->prefix = found.prefix;
    job->errors = std::move(found.errors);
    for (const QString& note : std::as_const(found.notes))
        job->warnings.push_back(note);
    job = loadFiles(std::move(job), found.files, options.threads, options.details, cancel, progress,
                    found.archive);
    if (job) {
        claimMissingRanks(*job, found.spares, found.considered);
        claimUnlistedRanks(*job, found.listingGaps);
        recordFiles(*job, std::move(found.considered));
    }
    return job;
}

std::shared_ptr<Job> loadJobFromFiles(const std::vector<DumpFile>& files, const std::atomic<bool>* cancel,
                                      const ProgressCallback& progress, DetailLevel details)
{
    auto job = std::make_shared<Job>();
    if (!files.empty())
        job->source = files.front().path;
    std::vector<JobFile> considered;
    for (const DumpFile& f : files)
        considered.push_back({f.path, QFileInfo(f.path).fileName(), f.rank, QFileInfo(f.path).size(), FileUse::Used, {}, {}});
    job = loadFiles(std::move(job), files, 0, details, cancel, progress);
    if (job)
        recordFiles(*job, std::move(considered));
    return job;
}

} // namespace fd
