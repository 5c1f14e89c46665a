#pragma once

#include "Report.h"

#include <nlohmann/json.hpp>

#include <QString>

namespace fd {

// The versioned JSON report (docs/report-schema.md). Written by the CLI and the GUI export, read back by the
// GUI and the tests: reportFromJson(reportToJson(r)) keeps every field the schema names.
nlohmann::json reportToJson(const Report& report);
// The report as writeReportFile() writes it: reportToJson(report).dump(2), without building the tree.
std::string reportJsonText(const Report& report);
// Only the analysis part (verdict, frontier, culprits, ...), e.g. as the LLM prompt's findings.
nlohmann::json analysisToJson(const Analysis& analysis);

struct ReportReadResult
{
    std::optional<Report> report;
    QString error; // names the key that was wrong, or the newer schema version
};
ReportReadResult reportFromJson(const nlohmann::json& json);
ReportReadResult readReportFile(const QString& path);
// Writes atomically (exporting/OutputFile.h: whole or not at all); "-" writes to stdout. Returns an error line
// naming the file and the reason (e.g. "No space left on device"), or an empty string.
QString writeReportFile(const Report& report, const QString& path);

} // namespace fd
