#pragma once

#include "analysis/Analysis.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace fd {

class Job;

// The seed's AttributionState: what an orchestrator should do next.
enum class AttributionState : std::uint8_t { Continue, Stop };

inline constexpr int kReportSchemaVersion = 1;

struct ReportLoadError
{
    QString file;
    int rank = -1;
    qint64 offset = -1; // -1: no byte offset
    QString message;
};

// The optional LLM section (-l): the model's narrative next to the verdict, never instead of it.
struct ReportLlm
{
    QString model;
    QString baseUrl;
    QString answer;                // the model's text
    std::optional<std::vector<int>> hangingRanks; // parsed "hanging ranks: {..}", when the model gave one
    bool agrees = false;           // its ranks equal the analysis' culprits
    QString agreement;             // one line comparing both
    QString error;                 // why there is no answer
};

// Everything flightdeck-cli reports and the GUI exports: the job as loaded, the analysis, the LLM section.
// Written and read by ReportJson (docs/report-schema.md).
struct Report
{
    int schemaVersion = kReportSchemaVersion;
    QString generator;          // "flightdeck 0.1.0"
    QString createdAt;          // ISO 8601, UTC
    QString source;             // --fr-path
    QString pattern;
    QString prefix;
    std::vector<ReportLoadError> loadErrors;
    QStringList warnings;
    bool healthCheck = false;   // -c was given: the text output shows health
    std::shared_ptr<const Analysis> analysis;
    std::optional<ReportLlm> llm;

    AttributionState state() const;
};

// Builds a report from a loaded job (runs the analysis unless one is given).
Report makeReport(const Job& job, std::shared_ptr<const Analysis> analysis = {});

const char* attributionStateName(AttributionState s); // "CONTINUE" / "STOP", as the seed prints them

} // namespace fd
