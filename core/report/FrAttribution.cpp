#include "FrAttribution.h"

#include "LlmFindings.h"

#include "ReportJson.h"
#include "TextReport.h"
#include "io/JobLoader.h"
#include "llm/HangingRanks.h"
#include "llm/LlmBlocking.h"
#include "llm/LlmPrompt.h"
#include "llm/LlmSettings.h"

#include <QElapsedTimer>

namespace fd {

std::pair<Report, AttributionState> FrAttribution::run()
{
    LoadOptions options;
    options.frPath = frPath;
    options.pattern = pattern;
    QElapsedTimer timer;
    timer.start();
    std::shared_ptr<Job> job = loadJob(options);
    m_loadMs = timer.restart();
    m_job = job;
    m_usable = job && !job->dumps.empty();
    Report report = job ? makeReport(*job) : Report{};
    m_analyseMs = timer.elapsed();
    report.healthCheck = healthCheck;
    if (llmAnalyze && m_usable)
        askLlm(report);
    return {report, report.state()};
}

void FrAttribution::askLlm(Report& report) const
{
    const LlmSettings settings = resolveLlmSettings(model, baseUrl);
    ReportLlm section;
    section.model = settings.model;
    section.baseUrl = settings.baseUrl;
    if (!report.analysis) {
        section.error = QStringLiteral("no analysis to explain");
        report.llm = section;
        return;
    }
    // Only findings leave the machine (llmFindings: the analysis and node health, never the dumps).
    const LlmResult result = askLlmBlocking(settings, buildLlmMessages(llmFindings(*report.analysis)));
    if (!result.ok()) {
        section.error = result.error ? result.error->message : QStringLiteral("no answer");
    } else {
        section.answer = result.answer->text;
        const auto theirs = parseHangingRanks(section.answer);
        if (theirs)
            section.hangingRanks = std::vector<int>(theirs->begin(), theirs->end());
        const std::vector<int> oursList = report.analysis->hangingRanks();
        const RankAgreement agreement = compareWithVerdict(std::set<int>(oursList.begin(), oursList.end()), theirs);
        section.agrees = agreement.agree;
        section.agreement = agreement.message;
    }
    report.llm = section;
}

} // namespace fd
