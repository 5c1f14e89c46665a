#include "LlmSection.h"

namespace fd {

ReportLlm reportLlmSection(const LlmAnswer& answer, const RankAgreement& agreement, const LlmSettings& settings)
{
    ReportLlm section;
    // The server's own model name when it reports one: that is what actually answered.
    section.model = answer.model.isEmpty() ? settings.model : answer.model;
    section.baseUrl = settings.baseUrl;
    section.answer = answer.text;
    if (answer.parsedRanks)
        section.hangingRanks = std::vector<int>(answer.parsedRanks->begin(), answer.parsedRanks->end());
    section.agrees = agreement.agree;
    section.agreement = agreement.message;
    return section;
}

} // namespace fd
