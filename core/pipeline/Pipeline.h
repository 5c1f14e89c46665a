#pragma once

#include "core/analysis/Analyzer.h"
#include "core/io/JobLoader.h"
#include "core/llm/HangingRanks.h"
#include "core/llm/LlmSettings.h"
#include "core/llm/LlmTypes.h"
#include "core/report/Report.h"

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace fd {

// The program's data path in one place, for flightdeck-cli and flightdeck alike:
//   load (core/io) -> analyse (core/analysis; node health travels in the analysis) -> LLM narrative
//   (core/llm, optional) -> report (core/report, which only formats what it is handed).
// The CLI calls these functions in order; the GUI runs loadAndAnalyse() on a worker (PipelineRunner.h),
// streams the LLM narrative itself (ui/explain) and hands its answer to llmSection().

// What to open: what --fr-path and --pattern name, or exactly these files (several files dropped together).
struct LoadRequest
{
    LoadOptions options; // options.facts: what the dumps cannot say (world size, a capture's silent ranks)
    std::vector<DumpFile>
        files; // when not empty, these files and no discovery: options.frPath only names them
    AnalysisOptions analysis;
};

// How a caller that runs the pipeline on a worker follows and stops it. The CLI passes none.
struct PipelineControl
{
    const std::atomic<bool>* cancel = nullptr; // checked while files load and before the analysis starts
    ProgressCallback progress;                 // (files read, files in all), from loader threads
    std::function<void()> analysing;           // every file is read, the analysis starts
};

// A loaded job and its analysis, with how long each took.
struct AnalysedJob
{
    std::shared_ptr<const Job> job;           // null only when the run was cancelled
    std::shared_ptr<const Analysis> analysis; // set whenever job is
    qint64 loadMs = 0;
    qint64 analyseMs = 0;

    // Whether any dump could be read: without one there is nothing to attribute.
    bool usable() const { return job && !job->dumps.empty(); }
};

// Loads what `request` names and analyses it. Blocking: call it off the GUI thread.
AnalysedJob loadAndAnalyse(const LoadRequest& request, const PipelineControl& control = {});

// The analyse stage alone, for a job assembled elsewhere (tests and benchmarks assemble fr-synth's bytes in
// memory, tools/synth/SyntheticLoad.h). Blocking.
AnalysedJob runAnalysis(std::shared_ptr<const Job> job, const AnalysisOptions& options = {});

// The report of an analysed job: its analysis, and through it the job as loaded (source, errors, warnings).
Report makeReport(std::shared_ptr<const Analysis> analysis);

// Asks the LLM for its narrative of `analysis` (blocking; needs a QCoreApplication) and returns the report's
// "llm" section. Only findings leave the machine (report/LlmFindings.h), never the dumps.
ReportLlm askLlmAbout(const Analysis& analysis, const LlmSettings& settings);

// The report's "llm" section from an answer obtained elsewhere (the GUI's Explain panel streams it), filled
// the way askLlmAbout() fills it, so a report exported from the GUI reads like one from the CLI.
ReportLlm llmSection(const LlmAnswer& answer, const RankAgreement& agreement, const LlmSettings& settings);

} // namespace fd
