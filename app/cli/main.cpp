#include "CliOptions.h"

#include "buildinfo/BuildInfo.h"
#include "buildinfo/Translations.h"
#include "exporting/DumpExporter.h"
#include "model/Job.h"
#include "pipeline/Pipeline.h"
#include "report/ReportJson.h"
#include "report/TextReport.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>

using namespace fd;
using namespace fd::cli;

namespace {

void print(FILE* f, const QString& text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), f);
    std::fflush(f);
}

// --debug: the dumps as JSON files, the replacement for fr_attribution.py writing <dump>.json.
int runDebugExport(const CliOptions& o)
{
    const DumpExportSummary s = exportDumpsToJson(o.frPath, o.pattern, o.debugDir);
    if (!s.fatalError.isEmpty()) {
        print(stderr, s.fatalError + QLatin1Char('\n'));
        return ExitNoUsableDump;
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
    print(stderr, QStringLiteral("debug: wrote %1 JSON file(s) to %2\n").arg(written).arg(s.outputDir));
    return written > 0 ? ExitRan : ExitNoUsableDump;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("flightdeck-cli"));
    QCoreApplication::setApplicationVersion(BuildInfo::applicationVersion());
    // Before parsing: the option descriptions are translated when parseCommandLine builds them.
    installTranslations(app, languageFromArguments(QCoreApplication::arguments()));

    const ParseResult parsed = parseCommandLine(QCoreApplication::arguments());
    if (parsed.exitNow >= 0) {
        print(parsed.exitNow == ExitRan ? stdout : stderr, parsed.message + QLatin1Char('\n'));
        return parsed.exitNow;
    }
    const CliOptions& o = parsed.options;
    if (o.frDebugEnv)
        print(stderr, QStringLiteral("args: fr_path=%1 pattern=%2 verbose=%3 health_check=%4 llm_analyze=%5 debug=%6\n")
                          .arg(o.frPath, o.pattern).arg(o.verbose).arg(o.healthCheck).arg(o.llmAnalyze).arg(o.debug));
    if (o.debug) {
        const int rc = runDebugExport(o);
        if (rc != ExitRan)
            return rc;
    }

    QElapsedTimer timer;
    timer.start();
    LoadRequest load;
    load.options.frPath = o.frPath;
    load.options.pattern = o.pattern;
    const AnalysedJob run = loadAndAnalyse(load);
    Report report = run.job ? makeReport(*run.job, run.analysis) : Report{};
    report.healthCheck = o.healthCheck;
    if (o.frDebugEnv)
        print(stderr, QStringLiteral("loaded in %1 ms, analysed in %2 ms, %3 ms in all\n")
                          .arg(run.loadMs).arg(run.analyseMs).arg(timer.elapsed()));

    if (!run.usable()) {
        for (const LoadError& e : report.loadErrors)
            print(stderr, QStringLiteral("%1: %2\n").arg(e.filePath, e.message));
        // A single error about --fr-path itself (a refused archive, an empty folder) says it all.
        const bool saidItAll = report.loadErrors.size() == 1 && report.loadErrors.front().filePath == o.frPath;
        if (!saidItAll)
            print(stderr, QStringLiteral("No files at %1 (pattern %2) were processed successfully.\n").arg(o.frPath, o.pattern));
        return ExitNoUsableDump;
    }
    if (o.llmAnalyze)
        report.llm = askLlmAbout(*run.analysis, resolveLlmSettings(o.model, o.baseUrl));

    if (!o.jsonPath.isEmpty()) {
        const QString err = writeReportFile(report, o.jsonPath);
        if (!err.isEmpty())
            print(stderr, err + QLatin1Char('\n'));
    }
    if (o.format == QLatin1String("json")) {
        writeReportFile(report, QStringLiteral("-"));
    } else if (o.jsonPath != QLatin1String("-")) {
        TextOptions text;
        text.verbose = o.verbose;
        text.healthCheck = o.healthCheck;
        print(stdout, textReport(report, text));
    }
    const bool hang = report.analysis && report.analysis->verdict != Verdict::NoHang;
    return o.exitCode && hang ? ExitHangFound : ExitRan;
}
