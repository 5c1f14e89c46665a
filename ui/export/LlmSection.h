#pragma once

#include "llm/HangingRanks.h"
#include "llm/LlmSettings.h"
#include "llm/LlmTypes.h"
#include "report/Report.h"

namespace fd {

// The report's "llm" section from the Explain panel's answer, filled the way flightdeck-cli -l fills it
// (FrAttribution::askLlm), so a report exported from the GUI reads like one written by the CLI.
ReportLlm reportLlmSection(const LlmAnswer& answer, const RankAgreement& agreement, const LlmSettings& settings);

} // namespace fd
