#pragma once

#include <nlohmann/json.hpp>

#include <QString>

#include <set>

namespace fd {

struct Analysis;

// What the Explain panel sends for one analysis: the same findings flightdeck-cli -l sends
// (FrAttribution::askLlm): analysisToJson() without the per-rank progress table, plus the seed's text table
// for context. Built here so the GUI and the CLI narrate the same evidence.
nlohmann::json explainFindings(const Analysis& analysis);

// The ranks the analysis names (its culprits), for the agreement banner.
std::set<int> explainRanks(const Analysis& analysis);

// "STOP: <reason>" / "CONTINUE: <reason>" / "No hang: <reason>", for the panel's verdict line.
QString explainVerdictText(const Analysis& analysis);

} // namespace fd
