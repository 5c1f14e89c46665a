#pragma once

#include "core/analysis/Analysis.h"
#include "core/analysis/SnapshotProgress.h"
#include "core/model/Job.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace fd {

inline constexpr int kReportSchemaVersion = 1;

// The optional LLM section (-l): the model's narrative next to the verdict, never instead of it.
struct ReportLlm
{
    QString model;
    QString baseUrl;
    QString answer;                               // the model's text
    std::optional<std::vector<int>> hangingRanks; // parsed "hanging ranks: {..}", when the model gave one
    bool agrees = false;                          // its ranks equal the analysis' culprits
    QString agreement;                            // one line comparing both
    QString error;                                // why there is no answer
};

// Everything flightdeck-cli reports and the GUI exports: the job as loaded, the analysis, the LLM section.
// Written by ReportJson (docs/report-schema.md). The job's facts (source, pattern, load errors, ...) are read
// from the Job the analysis was computed from (Analysis::job), never copied here.
struct Report
{
    int schemaVersion = kReportSchemaVersion;
    QString generator;                        // "flightdeck 0.1.0"
    QString createdAt;                        // ISO 8601, UTC
    bool healthCheck = false;                 // -c was given: the text output shows health
    std::shared_ptr<const Analysis> analysis; // null: nothing was loaded
    std::optional<ReportLlm> llm;
    // Two snapshots of the job compared (compare OLD NEW, capture --again-after): hung or advancing. The
    // report is the newer snapshot's.
    std::optional<SnapshotProgress> progress;

    // What an orchestrator should do next, as NVRx's fr_attribution.py names it: "STOP" when the verdict is
    // Verdict::Stop, else "CONTINUE" (fr_attribution.py always says CONTINUE; we stop when a restart would
    // hang again or nothing can be isolated). Verdict::Unknown stays "CONTINUE" with no hanging rank: an
    // orchestrator that knows only these two values does what fr_attribution.py always did; analysis.verdict
    // tells the rest.
    const char* attributionState() const;
    // The job the report is about (analysis->job); null without an analysis.
    const Job* job() const;
    // The loader's notes on the job (loaderNotes(), LoadNotes.h): the report's job.warnings.
    QStringList warnings() const;
};

} // namespace fd
