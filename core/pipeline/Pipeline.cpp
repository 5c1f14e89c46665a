#include "Pipeline.h"

#include "core/analysis/Analyzer.h"
#include "core/llm/LlmBlocking.h"
#include "core/llm/LlmPrompt.h"
#include "core/report/LlmFindings.h"

#include <QDateTime>
#include <QElapsedTimer>

namespace fd {

AnalysedJob loadAndAnalyse(const LoadRequest& request, const PipelineControl& control)
{
    QElapsedTimer timer;
    timer.start();
    std::shared_ptr<const Job> job =
        request.files.empty()
            ? loadJob(request.options, control.cancel, control.progress)
            : loadJobFromFiles(request.files, request.options, control.cancel, control.progress);
    const qint64 loadMs = timer.elapsed();
    if (!job || (control.cancel && control.cancel->load()))
        return {};
    if (control.analysing)
        control.analysing();
    AnalysedJob out = runAnalysis(std::move(job), request.analysis);
    out.loadMs = loadMs;
    return out;
}

AnalysedJob runAnalysis(std::shared_ptr<const Job> job, const AnalysisOptions& options)
{
    AnalysedJob out;
    if (!job)
        return out;
    QElapsedTimer timer;
    timer.start();
    out.analysis = analyzeJob(job, options);
    out.analyseMs = timer.elapsed();
    out.job = std::move(job);
    return out;
}

Report makeReport(std::shared_ptr<const Analysis> analysis)
{
    Report r;
    r.generator = QStringLiteral("flightdeck " FLIGHTDECK_VERSION);
    r.createdAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    r.analysis = std::move(analysis);
    return r;
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
    answer.parsedRanks = parseHangingRanks(answer.text);
    const std::vector<int> ours = analysis.hangingRanks();
    return llmSection(answer, compareWithVerdict(std::set<int>(ours.begin(), ours.end()), answer.parsedRanks),
                      settings);
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
