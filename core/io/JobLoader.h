#pragma once

#include "DetailLevel.h"
#include "DumpDiscovery.h"
#include "JobInputs.h"
#include "WindowOfInterest.h"
#include "core/model/Job.h"

#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

namespace fd {

struct LoadOptions
{
    QString frPath;
    QString pattern = QLatin1String(kDefaultPattern);
    int threads = 0; // 0: one per core
    // What to keep of each entry beyond what the analysis reads (docs/performance.md). The analysis and the
    // reports never read times or origins: the CLI keeps neither, which halves what a big job holds. The GUI
    // keeps only the times, and reads a rank's origins (thread, stack) again when its details view asks
    // (io/RankOrigins.h).
    DetailLevel details = DetailLevel::Full;
    // How much of a long history each rank keeps (RankDump::window, docs/performance.md "The window of
    // interest"): at most `window`, and the job's `windowPerJob` done entries shared out among its dump
    // files (WindowRule::forJobOf(), 0: no job-wide budget). A dump of torch's default ring buffer is kept
    // whole in a job of up to 2097 files.
    WindowRule window = {};
    std::uint64_t windowPerJob = WindowRule::kDefaultCompletedPerJob;
    JobFacts facts =
        {}; // what the caller knows that the dumps do not say (the user's world size, a capture's ranks)
};

// (files done, files total); called from worker threads.
using ProgressCallback = std::function<void(int done, int total)>;

// Loads every dump that `options` names, in parallel, into one Job (assembleJob(), JobAssembler.h). Never
// throws for bad input: each file that cannot be read becomes a LoadError naming the file, the byte offset
// and the reason, and the other files still load. Returns nullptr only when `cancel` was set.
std::shared_ptr<const Job> loadJob(const LoadOptions& options, const std::atomic<bool>* cancel = nullptr,
                                   const ProgressCallback& progress = {});

// The same for an explicit list of files (GUI drag-and-drop of several files, a watched folder's arrivals):
// no discovery, and options.pattern is not used. The job's source is options.frPath when given (the folder
// the files came from), else the first file.
std::shared_ptr<const Job> loadJobFromFiles(const std::vector<DumpFile>& files,
                                            const LoadOptions& options = {},
                                            const std::atomic<bool>* cancel = nullptr,
                                            const ProgressCallback& progress = {});

} // namespace fd
