#pragma once

#include "Report.h"

#include <nlohmann/json.hpp>

#include <QString>

namespace fd {

// The versioned JSON report (docs/report-schema.md), written by the CLI and the GUI export. Nothing reads it
// back: tests compare it with the committed expected reports (tests/data/reports).
nlohmann::json reportToJson(const Report& report);
// The report as writeReportFile() writes it: reportToJson(report).dump(2), without building the tree.
std::string reportJsonText(const Report& report);
// Only the analysis part (verdict, frontier, culprits, ...), e.g. as the LLM prompt's findings.
nlohmann::json analysisToJson(const Analysis& analysis);

// Writes atomically (exporting/OutputFile.h: whole or not at all); "-" writes to stdout. Returns an error
// line naming the file and the reason (e.g. "No space left on device"), or an empty string.
QString writeReportFile(const Report& report, const QString& path);

} // namespace fd
