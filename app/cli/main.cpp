#include "CaptureCommand.h"
#include "CliOptions.h"
#include "CliPrint.h"
#include "CompareCommand.h"
#include "ReportOutput.h"
#include "WatchCommand.h"

#include "core/buildinfo/BuildInfo.h"
#include "core/buildinfo/Translations.h"
#include "core/capture/CaptureAnalysis.h"
#include "core/exporting/DumpExporter.h"
#include "core/io/HeapRetention.h"
#include "core/model/Job.h"
#include "core/pipeline/Pipeline.h"
#include "core/report/TraceExport.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>
#include <optional>

using namespace fd;
using namespace fd::cli;

namespace {

// --debug: the dumps as JSON files, the replacement for fr_attribution.py writing <dump>.json. Returns false
// when an output could not be written (the analysis runs and prints all the same; the exit code says so).
bool runDebugExport(const CliOptions& o)
{
    const DumpExportSummary s = exportDumpsToJson(o.frPath, o.pattern, o.debugDir);
    if (!s.fatalError.isEmpty()) {
        print(stderr, QStringLiteral("debug: %1\n").arg(s.fatalError));
        return !s.outputRefused; // no dump found: the analysis says so, with exit code 2
    }
    for (const LoadError& e : s.discoveryErrors)
        print(stderr, e.toString() + QLatin1Char('\n'));
    int written = 0;
    for (const DumpExportItem& item : s.items) {
        if (item.error.isEmpty()) {
            ++written;
            print(stderr, QStringLiteral("debug: %1 -> %2\n").arg(item.dumpPath, item.jsonPath));
        } else {
            print(stderr, QStringLiteral("debug: %1\n").arg(item.error));
        }
    }
    print(stderr,
          QStringLiteral("debug: wrote %1 JSON file(s) to %2").arg(written).arg(s.outputDir) +
              (s.writeFailures() > 0 ? QStringLiteral("; %1 could not be written\n").arg(s.writeFailures())
                                     : QStringLiteral("\n")));
    return s.writeFailures() == 0;
}

} // namespace

int main(int argc, char** argv)
{
    keepFreedHeapForReuse();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("flightdeck-cli"));
    QCoreApplication::setApplicationVersion(BuildInfo::applicationVersion());
    // Before parsing: the option descriptions are translated when parseCommandLine builds them.
    installTranslations(app, languageFromArguments(QCoreApplication::arguments()));

    QStringList arguments = QCoreApplication::arguments();
    if (isCompareCommand(arguments)) {
        const CompareCommand compare = runCompareCommand(arguments);
        return compare.exitNow >= 0 ? compare.exitNow : printReport(compare.report, compare.options);
    }
    std::optional<CaptureCommand> capture;
    if (isCaptureCommand(arguments)) { // capture, then analyse the new folder as --fr-path
        capture = runCaptureCommand(arguments);
        if (capture->exitNow >= 0)
            return capture->exitNow;
        arguments = capture->analysisArguments;
    }
    const CaptureResult* captured = capture ? &capture->capture : nullptr;
    const ParseResult parsed = parseCommandLine(arguments);
    if (parsed.exitNow >= 0) {
        print(parsed.exitNow == ExitRan ? stdout : stderr, parsed.message + QLatin1Char('\n'));
        return parsed.exitNow;
    }
    const CliOptions& o = parsed.options;
    if (o.frDebugEnv)
        print(stderr, QStringLiteral(
                          "args: fr_path=%1 pattern=%2 verbose=%3 health_check=%4 llm_analyze=%5 debug=%6\n")
                          .arg(o.frPath, o.pattern)
                          .arg(o.verbose)
                          .arg(o.healthCheck)
                          .arg(o.llmAnalyze)
                          .arg(o.debug));
    if (!o.watchDir.isEmpty()) {
        const WatchOutcome watched = runWatch(o);
        return watched.exitNow >= 0 ? watched.exitNow : printReport(watched.report, o);
    }
    // A capture whose dumps could not all be written, or --debug output that could not be, still gets its
    // analysis printed; the exit code then says that an output is missing.
    bool outputsOk = !captured || captured->writeFailures() == 0;
    if (capture && capture->earlier)
        outputsOk = outputsOk && capture->earlier->writeFailures() == 0;
    if (o.debug)
        outputsOk = runDebugExport(o) && outputsOk;

    QElapsedTimer timer;
    timer.start();
    LoadRequest load;
    load.options.frPath = o.frPath;
    load.options.pattern = o.pattern;
    // The straggler analysis reads the entries' times; no report reads threads or stacks
    // (docs/performance.md).
    load.options.details = DetailLevel::Times;
    load.options.facts.worldSize = o.worldSize;
    load.analysis.collectiveIndex = false; // for the GUI's views only
    // A capture adds what it saw (ranks that did not answer): core/capture/CaptureAnalysis.h.
    if (captured)
        load.options.facts.ranksWithoutDump = ranksWithoutDump(*captured);
    const AnalysedJob run = loadAndAnalyse(load);
    Report report = run.job ? makeReport(run.analysis) : Report{};
    if (capture && capture->earlier && run.usable()) { // capture --again-after: hung or advancing
        const CaptureResult& first = *capture->earlier;
        const AnalysedJob older = loadSnapshot(first.folder, o.pattern, o.worldSize, ranksWithoutDump(first));
        const QString error = older.usable() ? addProgress(report, older, run, capture->intervalSeconds)
                                             : QStringLiteral("no dump of the first capture could be read");
        if (!error.isEmpty())
            print(stderr, QStringLiteral("capture: ") + error + QLatin1Char('\n'));
    }
    report.healthCheck = o.healthCheck;
    if (o.frDebugEnv)
        print(stderr, QStringLiteral("loaded in %1 ms, analysed in %2 ms, %3 ms in all\n")
                          .arg(run.loadMs)
                          .arg(run.analyseMs)
                          .arg(timer.elapsed()));

    if (!run.usable()) {
        static const std::vector<LoadError> kNone;
        const std::vector<LoadError>& errors = run.job ? run.job->errors : kNone;
        for (const LoadError& e : errors)
            print(stderr, QStringLiteral("%1: %2\n").arg(e.filePath, e.message));
        for (const QString& w : report.warnings())
            print(stderr, QStringLiteral("note: %1\n").arg(w));
        // A single error about --fr-path itself (a refused archive, an empty folder) says it all.
        const bool saidItAll = errors.size() == 1 && errors.front().filePath == o.frPath;
        if (!saidItAll)
            print(stderr, QStringLiteral("No files at %1 (pattern %2) were processed successfully.\n")
                              .arg(o.frPath, o.pattern));
        return ExitNoUsableDump;
    }
    bool traceFailed = false; // the report is still printed; the exit code says the trace is missing
    if (!o.tracePath.isEmpty()) {
        QElapsedTimer traceTimer;
        traceTimer.start();
        const TraceSummary trace = writeTraceFile(*run.job, *run.analysis, o.trace, o.tracePath);
        traceFailed = !trace.error.isEmpty();
        if (traceFailed)
            print(stderr, trace.error + QLatin1Char('\n'));
        else
            print(stderr,
                  QStringLiteral("trace: %1 slices, %2 marks, %3 flows, %4 bytes (%5) in %6 ms -> %7\n")
                      .arg(trace.slices)
                      .arg(trace.instants)
                      .arg(trace.flows)
                      .arg(trace.bytes)
                      .arg(trace.byTime ? QStringLiteral("by wall clock")
                                        : QStringLiteral("by sequence: no times"))
                      .arg(traceTimer.elapsed())
                      .arg(o.tracePath));
    }
    if (!o.llmAnalyze)
        return printReport(report, o, outputsOk && !traceFailed);
    // The analysis first: the LLM may take minutes, and its answer only comes beside the verdict.
    if (printsText(o))
        print(stdout, textAnalysis(report, textOptions(o)));
    LlmSettings llm = resolveLlmSettings(o.model, o.baseUrl);
    llm.totalTimeoutMs = o.llmTimeoutSec * 1000;
    print(stderr, QStringLiteral("asking the LLM at %1 (up to %2 s, --llm-timeout)...\n")
                      .arg(llm.endpoint().host())
                      .arg(o.llmTimeoutSec));
    report.llm = askLlmAbout(*run.analysis, llm);
    return printReport(report, o, outputsOk && !traceFailed, /*analysisShown=*/printsText(o));
}
