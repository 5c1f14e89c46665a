#include "CliOptions.h"

#include "core/buildinfo/BuildInfo.h"
#include "core/buildinfo/Translations.h"
#include "core/llm/LlmSettings.h"
#include "core/pipeline/JobOptions.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace fd::cli {

namespace {

// Help texts go through translations/ (context "fd::cli"); option names and literal values stay English.
struct CliOptionsText
{
    Q_DECLARE_TR_FUNCTIONS(fd::cli)
};

const char* const kExitCodes = QT_TRANSLATE_NOOP(
    "fd::cli",
    "Exit codes:\n"
    "  0  the analysis ran, whatever it found, as fr_attribution.py (also --help, --version, --debug)\n"
    "  1  only with --exit-code: the analysis found a hang (verdict CONTINUE or STOP)\n"
    "  2  no usable dump (nothing found or nothing could be read)\n"
    "  3  usage error\n"
    "  4  an output could not be written (--json, --debug, capture's dumps, stdout), e.g. a full disk; the\n"
    "     analysis still ran and was printed\n"
    "  5  only with --exit-code: verdict unknown, too few ranks could be judged to rule a hang out\n"
    "Environment: FR_DEBUG=1 prints debug logging to stderr; NVRX_LLM_MODEL, NVRX_LLM_BASE_URL, "
    "LLM_API_KEY,\n"
    "LLM_API_KEY_FILE for -l.");

} // namespace

ParseResult parseCommandLine(const QStringList& arguments)
{
    ParseResult res;
    QCommandLineParser p;
    p.setApplicationDescription(
        CliOptionsText::tr(
            "Analyze collective operations across PyTorch Flight Recorder dump files: find where the ranks "
            "diverged, which ranks are responsible, and whether a restart can help.\n\n") +
        CliOptionsText::tr(
            "A job still running: 'flightdeck-cli capture --help' pulls fresh dumps from its ranks; --watch "
            "follows a folder while dumps land (docs/capture.md).\n\n") +
        CliOptionsText::tr(kExitCodes));
    p.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  CliOptionsText::tr("Show this help and exit."));
    const QCommandLineOption version(QStringLiteral("version"),
                                     CliOptionsText::tr("Show the version and exit."));
    const QCommandLineOption frPath(
        QStringLiteral("fr-path"),
        CliOptionsText::tr(
            "Path to the dumps: a directory (files matching --pattern), an archive (.tar, .tar.gz, "
            ".tgz, .tar.zst, .tar.xz, .zip), a single dump file, or a path prefix."),
        CliOptionsText::tr("path"));
    const QCommandLineOption pattern(
        {QStringLiteral("p"), QStringLiteral("pattern")},
        CliOptionsText::tr("File pattern to match in a directory (default: _dump_*)."),
        CliOptionsText::tr("pattern"), QStringLiteral("_dump_*"));
    const QCommandLineOption verbose({QStringLiteral("v"), QStringLiteral("verbose")},
                                     CliOptionsText::tr("Verbose output: per-rank tables."));
    const QCommandLineOption health({QStringLiteral("c"), QStringLiteral("health-check")},
                                    CliOptionsText::tr("Show node health check results."));
    const QCommandLineOption llm({QStringLiteral("l"), QStringLiteral("llm-analyze")},
                                 CliOptionsText::tr("Use an LLM to explain the findings."));
    const QCommandLineOption model(
        {QStringLiteral("m"), QStringLiteral("model")},
        CliOptionsText::tr("Model to use for LLM analysis (default: $NVRX_LLM_MODEL, else %1).")
            .arg(QLatin1String(kDefaultLlmModel)),
        CliOptionsText::tr("model"));
    const QCommandLineOption baseUrl(
        {QStringLiteral("b"), QStringLiteral("base_url")},
        CliOptionsText::tr(
            "OpenAI-compatible base URL for LLM analysis (default: $NVRX_LLM_BASE_URL, else %1).")
            .arg(QLatin1String(kDefaultLlmBaseUrl)),
        CliOptionsText::tr("url"));
    const QCommandLineOption llmTimeout(
        QStringLiteral("llm-timeout"),
        CliOptionsText::tr(
            "Seconds the whole LLM step may take, retries included, as curl's --max-time (default: %1); "
            "the analysis is printed before it starts.")
            .arg(kDefaultLlmTotalTimeoutSec),
        CliOptionsText::tr("seconds"), QString::number(kDefaultLlmTotalTimeoutSec));
    const QCommandLineOption debug(
        QStringLiteral("debug"),
        CliOptionsText::tr("Convert each dump to JSON for debugging (into --debug-dir, default <dump "
                           "folder>/flightdeck-json, or <archive>-flightdeck-json beside an archive)."));
    const QCommandLineOption emitStdout(
        QStringLiteral("emit-stdout"),
        CliOptionsText::tr("Emit the result on stdout (accepted for fr_attribution.py "
                           "compatibility: FlightDeck always does)."));
    const QCommandLineOption exitCode(
        QStringLiteral("exit-code"),
        CliOptionsText::tr(
            "Exit with 1 when a hang was found and 5 when the verdict is unknown, like git diff "
            "--exit-code (default: 0 whenever the analysis ran)."));
    const QCommandLineOption json(QStringLiteral("json"),
                                  CliOptionsText::tr("Write the JSON report to FILE ('-' for stdout)."),
                                  CliOptionsText::tr("FILE"));
    const QCommandLineOption format(
        QStringLiteral("format"),
        CliOptionsText::tr("Output format on stdout: text or json (default: text)."),
        QStringLiteral("text|json"), QStringLiteral("text"));
    const QCommandLineOption debugDir(QStringLiteral("debug-dir"),
                                      CliOptionsText::tr("Folder for --debug's JSON files."),
                                      CliOptionsText::tr("DIR"));
    const QCommandLineOption exportTrace(
        QStringLiteral("export-trace"),
        CliOptionsText::tr(
            "Write the job as Chrome trace-event JSON to FILE, for the Perfetto UI or chrome://tracing."),
        CliOptionsText::tr("FILE"));
    const QCommandLineOption traceRanks(
        QStringLiteral("trace-ranks"), CliOptionsText::tr("Only these ranks in --export-trace, e.g. 0-7,12."),
        CliOptionsText::tr("list"));
    const QCommandLineOption tracePgs(
        QStringLiteral("trace-pgs"),
        CliOptionsText::tr(
            "Only these process groups (indices of the JSON report's process_groups) in --export-trace."),
        CliOptionsText::tr("list"));
    const QCommandLineOption traceLast(
        QStringLiteral("trace-last"),
        CliOptionsText::tr("Only each rank's last N entries in --export-trace."), CliOptionsText::tr("N"));
    const QCommandLineOption watchCompare(
        QStringLiteral("watch-compare"),
        CliOptionsText::tr(
            "With --watch: once every rank's dump is there, keep watching until every rank has written "
            "its next "
            "one (a second dump set), then compare the two: hung or advancing (docs/capture.md)."));
    p.addOptions({help,   version,  frPath,      pattern,    verbose,    health,    llm,
                  model,  baseUrl,  llmTimeout,  debug,      emitStdout, exitCode,  json,
                  format, debugDir, exportTrace, traceRanks, tracePgs,   traceLast, watchCompare});
    fd::JobOptions jobOptions;
    p.addOptions(jobOptions.options());
    p.addOption(fd::languageOption());

    if (!p.parse(arguments)) {
        res.exitNow = ExitUsage;
        res.message = p.errorText() + CliOptionsText::tr("\nTry --help.");
        return res;
    }
    if (p.isSet(help)) {
        res.exitNow = ExitRan;
        res.message = p.helpText();
        return res;
    }
    if (p.isSet(version)) {
        res.exitNow = ExitRan;
        res.message = QStringLiteral("flightdeck-cli ") + fd::BuildInfo::applicationVersion();
        return res;
    }
    CliOptions& o = res.options;
    o.frPath = p.value(frPath);
    if (o.frPath.isEmpty() && !p.positionalArguments().isEmpty())
        o.frPath = p.positionalArguments().constFirst();
    o.pattern = p.value(pattern);
    o.verbose = p.isSet(verbose);
    o.healthCheck = p.isSet(health);
    o.llmAnalyze = p.isSet(llm);
    o.model = p.value(model);
    o.baseUrl = p.value(baseUrl);
    o.debug = p.isSet(debug);
    o.emitStdout = p.isSet(emitStdout);
    o.exitCode = p.isSet(exitCode);
    o.jsonPath = p.value(json);
    o.format = p.value(format);
    o.debugDir = p.value(debugDir);
    const QString jobOptionsError = jobOptions.read(p);
    o.watchDir = jobOptions.watchDir;
    o.watchTimeoutSec = jobOptions.watchTimeoutSec;
    o.worldSize = jobOptions.worldSize;
    o.watchCompare = p.isSet(watchCompare);
    bool llmTimeoutOk = false;
    o.llmTimeoutSec = p.value(llmTimeout).toInt(&llmTimeoutOk);
    o.tracePath = p.value(exportTrace);
    bool traceOk = true;
    if (p.isSet(traceRanks))
        traceOk = parseNumberList(p.value(traceRanks), &o.trace.ranks);
    std::vector<int> pgs;
    if (traceOk && p.isSet(tracePgs)) {
        traceOk = parseNumberList(p.value(tracePgs), &pgs);
        o.trace.pgs.assign(pgs.begin(), pgs.end());
    }
    if (traceOk && p.isSet(traceLast)) {
        o.trace.lastEntries = p.value(traceLast).toInt(&traceOk);
        traceOk = traceOk && o.trace.lastEntries > 0;
    }
    if (!o.watchDir.isEmpty() && o.frPath.isEmpty())
        o.frPath = o.watchDir;
    const QString frDebug = qEnvironmentVariable("FR_DEBUG").toLower();
    o.frDebugEnv =
        frDebug == QLatin1String("1") || frDebug == QLatin1String("true") || frDebug == QLatin1String("yes");
    if (o.frPath.isEmpty()) {
        res.exitNow = ExitUsage;
        res.message = CliOptionsText::tr("--fr-path is required. Try --help.");
    } else if (!jobOptionsError.isEmpty()) {
        res.exitNow = ExitUsage;
        res.message = jobOptionsError;
    } else if (!llmTimeoutOk || o.llmTimeoutSec <= 0) {
        res.exitNow = ExitUsage;
        res.message = CliOptionsText::tr("--llm-timeout must be a positive number of seconds.");
    } else if (o.watchCompare && o.watchDir.isEmpty()) {
        res.exitNow = ExitUsage;
        res.message = CliOptionsText::tr("--watch-compare goes with --watch DIR.");
    } else if (!traceOk) {
        res.exitNow = ExitUsage;
        res.message =
            CliOptionsText::tr("--trace-ranks and --trace-pgs take numbers and ranges (0-7,12); --trace-last "
                               "a positive number.");
    } else if (o.tracePath.isEmpty() && (p.isSet(traceRanks) || p.isSet(tracePgs) || p.isSet(traceLast))) {
        res.exitNow = ExitUsage;
        res.message =
            CliOptionsText::tr("--trace-ranks, --trace-pgs and --trace-last go with --export-trace FILE.");
    } else if (o.format != QLatin1String("text") && o.format != QLatin1String("json")) {
        res.exitNow = ExitUsage;
        res.message = CliOptionsText::tr("--format must be text or json, not '%1'.").arg(o.format);
    } else if (o.format == QLatin1String("json") && o.jsonPath == QLatin1String("-")) {
        o.jsonPath.clear(); // the same report once on stdout
    }
    return res;
}

} // namespace fd::cli
