#pragma once

#include "CliOptions.h"

#include "core/report/Report.h"
#include "core/report/TextReport.h"

namespace fd::cli {

// Whether the report's text goes to stdout (neither --format json nor --json -).
bool printsText(const CliOptions& options);
TextOptions textOptions(const CliOptions& options);

// The report on stdout (text or JSON) and in --json FILE; returns the exit code it implies. An output that
// could not be written whole is named on stderr and wins over the verdict: a script must not take a missing
// report for an answer. With --exit-code, 1 for a hang and 4 for an unknown verdict; two snapshots that show
// the job advancing are no hang, whatever the newer one shows pending. With `analysisShown`, the text up to
// the verdict's reason is on stdout already (printed before the LLM step).
int printReport(const Report& report, const CliOptions& options, bool outputsOk = true,
                bool analysisShown = false);

} // namespace fd::cli
