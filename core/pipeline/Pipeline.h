#pragma once

#include "io/JobLoader.h"
#include "llm/HangingRanks.h"
#include "llm/LlmSettings.h"
#include "llm/LlmTypes.h"
#include "report/Report.h"

#include <functional>
#include <memory>

namespace fd {

// The program's data path in one place, for flightdeck-cli and flightdeck alike:
//   load (core/io) -> analyse (core/analysis; node health travels in the analysis) -> LLM narrative
//   (core/llm, optional) -> report (core/report, which only formats what it is handed).

// A loaded job and its analysis, with how long each took.
struct AnalysedJob
{
    std::shared_ptr<const Job> job;           // null only when loading was cancelled
    std::shared_ptr<const Analysis> analysis; // set whenever job is
    qint64 loadMs = 0;
    qint64 analyseMs = 0;

    // Whether any dump could be read: without one there is nothing to attribute.
    bool usable() const { return job && !job->dumps.empty(); }
};

// Loads what `options` names and analyses it (blocking: off the GUI thread). `amend`, when given, adds to the
// loaded job what the loader cannot know before it is analysed (a live capture's silent ranks).
AnalysedJob loadAndAnalyse(const LoadOptions& options, const std::function<void(Job&)>& amend = {});

// Asks the LLM for its narrative of `analysis` (blocking; needs a QCoreApplication) and returns the report's
// "llm" section. Only findings leave the machine (report/LlmFindings.h), never the dumps.
ReportLlm askLlmAbout(const Analysis& analysis, const LlmSettings& settings);

// The report's "llm" section from an answer obtained elsewhere (the GUI's Explain panel streams it), filled
// the way askLlmAbout() fills it, so a report exported from the GUI reads like one from the CLI.
ReportLlm llmSection(const LlmAnswer& answer, const RankAgreement& agreement, const LlmSettings& settings);

} // namespace fd
