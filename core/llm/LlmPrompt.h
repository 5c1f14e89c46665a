#pragma once

#include "LlmTypes.h"

#include <nlohmann/json_fwd.hpp>

#include <QStringList>

#include <set>

namespace fd {

struct PromptOptions
{
    int maxListItems = 20;      // longer arrays keep their first items and a "... N more" note
    int maxStringChars = 400;   // longer strings are cut with a note
    int maxPromptChars = 24000; // the whole findings block; lists shrink further, then it is cut
    // Keys dropped wherever they appear: stack traces and raw records are large, may hold paths and source
    // names, and explain nothing the summary does not. Only findings leave the machine, never dumps.
    QStringList droppedKeys = {QStringLiteral("frames"), QStringLiteral("stack"),
                               QStringLiteral("stack_trace"), QStringLiteral("raw")};
};

// Builds the system and user messages from the analysis findings (the JSON report object: verdict,
// reason, frontier, culprits, victims, mismatches, health, ...). Any object is accepted; the output is
// deterministic (keys sorted, fixed truncation) so the same findings always send the same prompt.
LlmMessages buildLlmMessages(const nlohmann::json& findings, const PromptOptions& options = {});

// The findings rendered as they appear in the prompt (compact JSON after dropping and truncation).
QString renderFindings(const nlohmann::json& findings, const PromptOptions& options = {});

// Best effort: the hanging ranks the deterministic analysis names in `findings`, for compareWithVerdict().
// Looks at "hanging_ranks" (a list of ints), else "culprits" (ints, or objects with "rank" or "ranks").
std::set<int> verdictRanksFromFindings(const nlohmann::json& findings);

} // namespace fd
