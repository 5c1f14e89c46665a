#pragma once

#include "Report.h"

#include <QString>

namespace fd {

struct TextOptions
{
    bool verbose = false;     // -v: per-rank tables
    bool healthCheck = false; // -c: per-rank GPU/NIC health
};

// The summary table NVRx's fr_attribution.py prints, one row per frontier item:
//   PGID   | Process Group Desc        | Op Type    | Size     | Dtype    | Missing Ranks
QString frAttributionTable(const Analysis& a);
// "hanging ranks: [9, 14]", the line fr_attribution.py's parsers read.
QString hangingRanksLine(const Analysis& a);
// "stragglers: rank 3 joins a median 66.3 ms after its peers in PG 4 (...) (100 collectives, p90 97.0 ms)",
// one line per straggler (at most 8); empty without any.
QString stragglerLines(const Analysis& a);
// Per-rank tables for -v: classification, then each rank's position in each of its PGs.
QString rankTables(const Analysis& a);
// Health as fr_attribution.py prints it: healthy / unhealthy ranks per component (outputs with verbose).
QString healthSection(const Analysis& a, bool verbose);
// The whole text report: load problems, verdict and reason, tables, health, LLM, then "hanging ranks:".
// It is textAnalysis() followed by textEnding(): the CLI prints the first before it asks the LLM, so the
// analysis never waits for the LLM's answer.
QString textReport(const Report& report, const TextOptions& options);
// Load problems and notes, tables, health, verdict and reason.
QString textAnalysis(const Report& report, const TextOptions& options);
// The LLM section (when the report has one) and the final "hanging ranks:" line; empty without an analysis.
QString textEnding(const Report& report);

} // namespace fd
