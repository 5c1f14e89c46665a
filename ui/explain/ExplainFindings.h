#pragma once

#include <QString>

#include <set>

namespace fd {

struct Analysis;

// The Explain panel sends core's llmFindings() (report/LlmFindings.h), exactly what flightdeck-cli -l sends,
// so the GUI and the CLI narrate the same evidence. What it shows next to the answer:

// The ranks the analysis names (its culprits), for the agreement banner.
std::set<int> explainRanks(const Analysis& analysis);

// "STOP: <reason>" / "CONTINUE: <reason>" / "No hang: <reason>", for the panel's verdict line.
QString explainVerdictText(const Analysis& analysis);

} // namespace fd
