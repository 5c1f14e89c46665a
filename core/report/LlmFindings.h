#pragma once

#include "core/analysis/Analysis.h"

#include <nlohmann/json.hpp>

namespace fd {

// What FlightDeck sends to an LLM (CLI -l and the GUI's Explain panel alike): the structured findings —
// verdict and reason, frontier, culprits, victims, mismatches, deadlock cycles — plus fr_attribution.py's
// summary table and the node health per component. Never dump contents. The per-rank progress rows are left
// out: they repeat what the culprits and victims say and would crowd the findings out of the prompt's size
// budget.
nlohmann::json llmFindings(const Analysis& analysis);

} // namespace fd
