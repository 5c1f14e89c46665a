#include "Pipeline.h"

#include "llm/LlmBlocking.h"
#include "llm/LlmPrompt.h"
#include "report/LlmFindings.h"

#include <QElapsedTimer>

namespace fd {

AnalysedJob loadAndAnalyse(const LoadOptions& options, const std::function<void(Job&)>& amend)
{
    AnalysedJob out;
    QElapsedTimer timer;
    timer.start();
    std::shared_ptr<Job> job = loadJob(options);
    if (job && amend)
        amend(*job);
    out.loadMs = timer.restart();
    if (!job)
        return out;
    out.analysis = analyzeJob(*job);
    out.analyseMs = timer.elapsed();
    out.job = std::move(job);
    return out;
}

ReportLlm askLlmAbout(const Analysis& analysis, const LlmSettings& settings)
{
    const LlmResult result = askLlmBlocking(settings, buildLlmMessages(llmFindings(analysis)));
    if (!result.ok()) {
        ReportLlm section;
        section.model = settings.model;
        section.baseUrl = settings.baseUrl;
        section.error = result.error ? result.error->message : QStringLiteral("no answer");
        return section;
    }
    LlmAnswer answer = *result.answer;
    answer.model.clear(); // the CLI's report names the model it asked for
    answer.parsedRanks = parseHangingRanks(answer.text);
    const std::vector<int> ours = analysis.hangingRanks();
    return llmSection(answer, compareWithVerdict(std::set<int>(ours.begin(), ours.end()), answer.parsedRanks), settings);
}

ReportLlm llmSection(const LlmAnswer& answer, const RankAgreement& agreement, const LlmSettings& settings)
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
