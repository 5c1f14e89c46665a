#pragma once

#include <QString>

namespace fd {

struct Analysis;

// The Explain panel sends core's llmFindings() (report/LlmFindings.h), exactly what flightdeck-cli -l sends,
// so the GUI and the CLI narrate the same evidence. What it shows next to the answer:
// "STOP: <reason>" / "CONTINUE: <reason>" / "No hang: <reason>", for the panel's verdict line.
QString explainVerdictText(const Analysis& analysis);

} // namespace fd
