#include "CompareCommand.h"

#include "CliPrint.h"

#include "core/analysis/SnapshotProgress.h"
#include "core/buildinfo/Translations.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <algorithm>

namespace fd::cli {

namespace {

struct CompareCommandText
{
    Q_DECLARE_TR_FUNCTIONS(fd::cli)
};

} // namespace

bool isCompareCommand(const QStringList& arguments)
{
    return arguments.size() > 1 && arguments.at(1) == QLatin1String("compare");
}

AnalysedJob loadSnapshot(const QString& folder, const QString& pattern, int worldSize,
                         std::vector<RankWithoutDump> ranksWithoutDump)
{
    LoadRequest load;
    load.options.frPath = folder;
    load.options.pattern = pattern;
    load.options.details = DetailLevel::Times; // the entries' creation times tell two jobs apart
    load.options.facts.worldSize = worldSize;
    load.options.facts.ranksWithoutDump = std::move(ranksWithoutDump);
    load.analysis.collectiveIndex = false;
    return loadAndAnalyse(load);
}

QString addProgress(Report& report, const AnalysedJob& older, const AnalysedJob& newer,
                    double intervalSeconds)
{
    const double interval = intervalSeconds >= 0 ? intervalSeconds
                                                 : snapshotTimeSeconds(newer.job->source, *newer.job) -
                                                       snapshotTimeSeconds(older.job->source, *older.job);
    SnapshotComparison c =
        compareSnapshots(*older.job, *older.analysis, *newer.job, *newer.analysis, std::max(0.0, interval));
    if (!c.progress)
        return c.error;
    report.progress = std::move(c.progress);
    return {};
}

CompareCommand runCompareCommand(const QStringList& arguments)
{
    CompareCommand res;
    QCommandLineParser p;
    p.setApplicationDescription(CompareCommandText::tr(
        "Compare two dump folders of one job, older first (two captures, or two dumps on timeout): for every "
        "process group and rank, did it complete collectives in between? The job is hung when no rank did, "
        "advancing otherwise; ranks the others waited on in both while it advanced are slow. Prints the "
        "newer "
        "folder's report with a progress line (JSON: \"progress\")."));
    p.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  CompareCommandText::tr("Show this help and exit."));
    const QCommandLineOption pattern(
        {QStringLiteral("p"), QStringLiteral("pattern")},
        CompareCommandText::tr("File pattern to match in a directory (default: _dump_*)."),
        CompareCommandText::tr("pattern"), QStringLiteral("_dump_*"));
    const QCommandLineOption worldSize(
        QStringLiteral("world-size"),
        CompareCommandText::tr("The job's number of ranks, where the dumps do not say."),
        CompareCommandText::tr("N"));
    const QCommandLineOption verbose({QStringLiteral("v"), QStringLiteral("verbose")},
                                     CompareCommandText::tr("Verbose output: per-rank tables."));
    const QCommandLineOption json(QStringLiteral("json"),
                                  CompareCommandText::tr("Write the JSON report to FILE ('-' for stdout)."),
                                  CompareCommandText::tr("FILE"));
    const QCommandLineOption format(
        QStringLiteral("format"),
        CompareCommandText::tr("Output format on stdout: text or json (default: text)."),
        QStringLiteral("text|json"), QStringLiteral("text"));
    const QCommandLineOption exitCode(
        QStringLiteral("exit-code"),
        CompareCommandText::tr(
            "Exit with 1 when the job is hung and 5 when the newer snapshot's verdict is unknown; 0 when it "
            "advanced."));
    p.addOptions({help, pattern, worldSize, verbose, json, format, exitCode, fd::languageOption()});
    p.addPositionalArgument(QStringLiteral("OLD"), CompareCommandText::tr("The older dump folder."));
    p.addPositionalArgument(QStringLiteral("NEW"), CompareCommandText::tr("The newer dump folder."));

    QStringList args = arguments;
    args.removeAt(1); // "compare"
    if (!p.parse(args)) {
        printLine(stderr, p.errorText() + CompareCommandText::tr("\nTry compare --help."));
        res.exitNow = ExitUsage;
        return res;
    }
    if (p.isSet(help)) {
        printLine(stdout, p.helpText());
        res.exitNow = ExitRan;
        return res;
    }
    CliOptions& o = res.options;
    o.pattern = p.value(pattern);
    o.verbose = p.isSet(verbose);
    o.jsonPath = p.value(json);
    o.format = p.value(format);
    o.exitCode = p.isSet(exitCode);
    bool worldOk = true;
    if (p.isSet(worldSize)) {
        o.worldSize = p.value(worldSize).toInt(&worldOk);
        worldOk = worldOk && o.worldSize > 0;
    }
    QString usage;
    if (p.positionalArguments().size() != 2)
        usage = CompareCommandText::tr("compare takes two dump folders, OLD and NEW. Try compare --help.");
    else if (!worldOk)
        usage = CompareCommandText::tr("--world-size must be a positive number of ranks.");
    else if (o.format != QLatin1String("text") && o.format != QLatin1String("json"))
        usage = CompareCommandText::tr("--format must be text or json, not '%1'.").arg(o.format);
    if (!usage.isEmpty()) {
        printLine(stderr, usage);
        res.exitNow = ExitUsage;
        return res;
    }
    if (o.format == QLatin1String("json") && o.jsonPath == QLatin1String("-"))
        o.jsonPath.clear();
    const QString oldPath = p.positionalArguments().at(0), newPath = p.positionalArguments().at(1);
    const AnalysedJob older = loadSnapshot(oldPath, o.pattern, o.worldSize);
    const AnalysedJob newer = loadSnapshot(newPath, o.pattern, o.worldSize);
    for (const auto& [path, run] : {std::pair{oldPath, &older}, std::pair{newPath, &newer}}) {
        if (!run->usable()) {
            printLine(stderr, CompareCommandText::tr("compare: no dump in %1 could be read (pattern %2)")
                                  .arg(path, o.pattern));
            res.exitNow = ExitNoUsableDump;
            return res;
        }
    }
    res.report = makeReport(newer.analysis);
    if (const QString error = addProgress(res.report, older, newer); !error.isEmpty()) {
        printLine(stderr, QStringLiteral("compare: ") + error);
        res.exitNow = ExitNoUsableDump;
        return res;
    }
    return res;
}

} // namespace fd::cli
