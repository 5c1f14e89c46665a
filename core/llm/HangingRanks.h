#pragma once

#include <QString>

#include <optional>
#include <set>

namespace fd {

// Reads the "hanging ranks: {1, 2}" line the prompt asks the model to end with. Accepts braces or brackets,
// any case, an optional ':' or '=', markdown emphasis around the label, and "{}" for "none". The last
// well-formed occurrence wins (models restate their conclusion at the end). nullopt when there is none.
std::optional<std::set<int>> parseHangingRanks(const QString& answer);

// How the LLM's ranks compare with the deterministic verdict. The narrative is shown next to the verdict,
// never instead of it; a disagreement is shown so the user knows to trust the analysis over the prose.
struct RankAgreement
{
    bool llmNamedRanks = false; // false: no parsable "hanging ranks" line
    bool agree = false;         // llmNamedRanks and both sets equal
    std::set<int> onlyInOurs;   // the analysis flags these, the LLM does not
    std::set<int> onlyInLlm;    // the LLM names these, the analysis does not
    QString message;            // one line for the GUI banner and the CLI
};

RankAgreement compareWithVerdict(const std::set<int>& ours, const std::optional<std::set<int>>& theirs);

} // namespace fd
