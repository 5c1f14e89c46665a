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
// Written and read by ReportJson (docs/report-schema.md).
struct Report
{
    int schemaVersion = kReportSchemaVersion;
    QString generator; // "flightdeck 0.1.0"
    QString createdAt; // ISO 8601, UTC
    QString source;    // --fr-path
    QString pattern;
    QString prefix;
    std::vector<LoadError> loadErrors; // the Job's, as loaded
    QStringList warnings;
    bool healthCheck = false; // -c was given: the text output shows health
    std::shared_ptr<const Analysis> analysis;
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
};

} // namespace fd
