#include "CaptureCommand.h"

#include "CliOptions.h"
#include "CliPrint.h"

#include "core/buildinfo/Translations.h"
#include "core/capture/CaptureRequest.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>

#include <cstdio>

namespace fd::cli {

namespace {

struct CaptureCommandText
{
    Q_DECLARE_TR_FUNCTIONS(fd::cli)
};

} // namespace

bool isCaptureCommand(const QStringList& arguments)
{
    return arguments.size() > 1 && arguments.at(1) == QLatin1String("capture");
}

namespace {

// Captures once and says on stderr what each rank gave.
CaptureRun captureAndSay(const CaptureRequest& request)
{
    CaptureRun run = runCapture(request);
    for (const QString& e : run.sourceErrors)
        printLine(stderr, QStringLiteral("capture: ") + e);
    for (const QString& n : run.sourceNotes)
        printLine(stderr, QStringLiteral("capture: ") + n);
    if (run.refused)
        return run;
    const CaptureResult& result = run.result;
    for (const RankCapture& r : result.ranks)
        printLine(stderr, QStringLiteral("capture: ") + describeRankCapture(r));
    if (!result.fatalError.isEmpty())
        printLine(stderr, QStringLiteral("capture: ") + result.fatalError);
    if (!result.folder.isEmpty())
        printLine(stderr, CaptureCommandText::tr("capture: %1 of %2 rank(s) into %3")
                              .arg(result.captured())
                              .arg(result.ranks.size())
                              .arg(result.folder));
    else if (result.fatalError.isEmpty())
        printLine(stderr,
                  CaptureCommandText::tr("capture: no rank gave a dump; no capture folder was left in %1")
                      .arg(request.options.outDir));
    return run;
}

} // namespace

CaptureCommand runCaptureCommand(const QStringList& arguments)
{
    CaptureCommand res;
    QCommandLineParser p;
    p.setApplicationDescription(
        CaptureCommandText::tr("Capture a fresh Flight Recorder dump from every rank of a running "
                               "job, through torch's worker servers "
                               "(--store, --socket, --hosts) or NCCL's dump pipes (--pipe), into a "
                               "new <out>/capture-<UTC time>/ folder, "
                               "then analyse it like --fr-path. --again-after S captures a second "
                               "time and says whether the job is hung "
                               "or only slow."));
    p.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  CaptureCommandText::tr("Show this help and exit."));
    const QCommandLineOption socket(
        QStringLiteral("socket"),
        CaptureCommandText::tr("Glob of the ranks' Unix sockets (TORCH_WORKER_SERVER_SOCKET of "
                               "each rank), e.g. '/tmp/job/worker_*.sock'."),
        CaptureCommandText::tr("glob"));
    const QCommandLineOption store(
        QStringLiteral("store"),
        CaptureCommandText::tr(
            "The job's TCPStore, MASTER_ADDR:MASTER_PORT: where torch.distributed.debug.start_debug_server() "
            "lists every rank's worker server (read only)."),
        CaptureCommandText::tr("host:port"));
    const QCommandLineOption storePrefix(
        QStringLiteral("store-prefix"),
        CaptureCommandText::tr(
            "With --store: the prefix of the workers' keys, <prefix>/rank<N> (default: debug_server)."),
        CaptureCommandText::tr("prefix"), QStringLiteral("debug_server"));
    const QCommandLineOption worldSize(
        QStringLiteral("world-size"),
        CaptureCommandText::tr(
            "With --store: the job's number of ranks (default: up to the last rank with a key)."),
        CaptureCommandText::tr("N"));
    const QCommandLineOption hosts(
        QStringLiteral("hosts"),
        CaptureCommandText::tr(
            "Comma-separated host:port list of the ranks' worker servers, in rank order (a dump that names "
            "its rank overrides the order)."),
        CaptureCommandText::tr("list"));
    const QCommandLineOption pipe(
        QStringLiteral("pipe"),
        CaptureCommandText::tr(
            "NCCL jobs: the TORCH_NCCL_DEBUG_INFO_PIPE_FILE of the ranks on this node; writes to every "
            "<stem><rank>.pipe and copies each new dump <prefix><rank>."),
        CaptureCommandText::tr("stem"));
    const QCommandLineOption dumpPrefix(
        QStringLiteral("dump-prefix"),
        CaptureCommandText::tr(
            "With --pipe: the ranks' TORCH_FR_DUMP_TEMP_FILE (default: that variable, else "
            "TORCH_NCCL_DEBUG_INFO_TEMP_FILE, from this environment)."),
        CaptureCommandText::tr("prefix"));
    const QCommandLineOption out(
        QStringLiteral("out"),
        CaptureCommandText::tr("Folder that receives the capture folder (default: .)."),
        CaptureCommandText::tr("DIR"), QStringLiteral("."));
    const QCommandLineOption timeout(QStringLiteral("timeout"),
                                     CaptureCommandText::tr("Seconds each rank has to answer (default: 10)."),
                                     CaptureCommandText::tr("seconds"), QStringLiteral("10"));
    const QCommandLineOption maxMb(
        QStringLiteral("max-dump-mb"),
        CaptureCommandText::tr("Largest dump accepted from one rank, in MiB (default: 512)."),
        CaptureCommandText::tr("MiB"), QStringLiteral("512"));
    const QCommandLineOption againAfter(
        QStringLiteral("again-after"),
        CaptureCommandText::tr(
            "Capture a second time after S seconds and compare: hung (no rank completed a collective in "
            "between) or advancing (with the slow ranks)."),
        CaptureCommandText::tr("seconds"));
    const QCommandLineOption allowRemote(
        QStringLiteral("allow-remote"),
        CaptureCommandText::tr("Allow worker servers on other hosts (default: loopback only)."));
    const QCommandLineOption verbose({QStringLiteral("v"), QStringLiteral("verbose")},
                                     CaptureCommandText::tr("Verbose output: per-rank tables."));
    const QCommandLineOption json(QStringLiteral("json"),
                                  CaptureCommandText::tr("Write the JSON report to FILE ('-' for stdout)."),
                                  CaptureCommandText::tr("FILE"));
    const QCommandLineOption format(
        QStringLiteral("format"),
        CaptureCommandText::tr("Output format on stdout: text or json (default: text)."),
        QStringLiteral("text|json"), QStringLiteral("text"));
    const QCommandLineOption exitCode(
        QStringLiteral("exit-code"),
        CaptureCommandText::tr(
            "Exit with 1 when a hang was found and 5 when the verdict is unknown, like git diff "
            "--exit-code (default: 0 whenever the analysis ran)."));
    p.addOptions({help, store, storePrefix, worldSize, socket, hosts, pipe, dumpPrefix, out, timeout, maxMb,
                  againAfter, allowRemote, verbose, json, format, exitCode, fd::languageOption()});

    QStringList args = arguments;
    args.removeAt(1); // "capture"
    if (!p.parse(args)) {
        printLine(stderr, p.errorText() + CaptureCommandText::tr("\nTry capture --help."));
        res.exitNow = ExitUsage;
        return res;
    }
    if (p.isSet(help)) {
        printLine(stdout, p.helpText());
        res.exitNow = ExitRan;
        return res;
    }
    bool okTimeout = false, okMb = false, okAgain = true, okWorld = true;
    const double seconds = p.value(timeout).toDouble(&okTimeout);
    const qint64 mb = p.value(maxMb).toLongLong(&okMb);
    const double again = p.isSet(againAfter) ? p.value(againAfter).toDouble(&okAgain) : 0;
    const int world = p.isSet(worldSize) ? p.value(worldSize).toInt(&okWorld) : 0;
    const QString prefix = p.isSet(dumpPrefix) ? p.value(dumpPrefix) : dumpPrefixFromEnvironment();
    QString usage;
    if (!okTimeout || seconds <= 0 || seconds > 3600)
        usage = CaptureCommandText::tr("--timeout must be a number of seconds between 0 and 3600.");
    else if (!okMb || mb <= 0 || mb > (1 << 20))
        usage = CaptureCommandText::tr("--max-dump-mb must be a number between 1 and 1048576.");
    else if (!okAgain || (p.isSet(againAfter) && (again <= 0 || again > 86400)))
        usage = CaptureCommandText::tr("--again-after must be a number of seconds between 0 and 86400.");
    else if (!okWorld || (p.isSet(worldSize) && (world <= 0 || world > (1 << 20))))
        usage = CaptureCommandText::tr("--world-size must be a positive number of ranks.");
    else if (int(p.isSet(store)) + int(p.isSet(socket)) + int(p.isSet(hosts)) + int(p.isSet(pipe)) != 1)
        usage = CaptureCommandText::tr(
            "Give exactly one of --store HOST:PORT, --socket GLOB, --hosts LIST or --pipe STEM.");
    else if (p.isSet(pipe) && prefix.isEmpty())
        usage = CaptureCommandText::tr(
            "--pipe needs the ranks' dump file prefix: --dump-prefix or TORCH_FR_DUMP_TEMP_FILE.");
    if (!usage.isEmpty()) {
        printLine(stderr, usage);
        res.exitNow = ExitUsage;
        return res;
    }

    CaptureRequest request;
    request.source = p.isSet(store)   ? CaptureRequest::Source::Store
                     : p.isSet(pipe)  ? CaptureRequest::Source::Pipe
                     : p.isSet(hosts) ? CaptureRequest::Source::HostList
                                      : CaptureRequest::Source::SocketGlob;
    request.target = p.value(p.isSet(store) ? store : p.isSet(pipe) ? pipe : p.isSet(hosts) ? hosts : socket);
    request.storePrefix = p.value(storePrefix);
    request.worldSize = world;
    request.dumpPrefix = prefix;
    request.allowRemote = p.isSet(allowRemote);
    request.options.outDir = p.value(out);
    request.options.perRankTimeoutMs = static_cast<int>(seconds * 1000);
    request.options.maxDumpBytes = mb << 20;
    std::optional<CaptureRun> first;
    QElapsedTimer sinceFirst;
    if (again > 0) {
        sinceFirst.start();
        first = captureAndSay(request);
        if (first->refused || first->result.captured() == 0) {
            res.exitNow = first->refused                      ? ExitUsage
                          : first->result.writeFailures() > 0 ? ExitOutputFailed
                                                              : ExitNoUsableDump;
            return res;
        }
        printLine(stderr, CaptureCommandText::tr("capture: again in %1 s").arg(again));
        QThread::msleep(static_cast<unsigned long>(again * 1000));
    }
    if (first)
        res.intervalSeconds =
            double(sinceFirst.elapsed()) / 1000.0; // finer than the folders' one-second names
    CaptureRun run = captureAndSay(request);
    if (run.refused) { // a bad --hosts item: the ranks after it would be misnumbered
        res.exitNow = ExitUsage;
        return res;
    }
    res.capture = std::move(run.result);
    if (res.capture.captured() == 0) {
        res.exitNow = res.capture.writeFailures() > 0 ? ExitOutputFailed : ExitNoUsableDump;
        return res;
    }
    if (first)
        res.earlier = std::move(first->result);
    res.analysisArguments = {arguments.value(0), QStringLiteral("--fr-path"), res.capture.folder};
    if (p.isSet(verbose))
        res.analysisArguments << QStringLiteral("-v");
    if (p.isSet(json))
        res.analysisArguments << QStringLiteral("--json") << p.value(json);
    if (p.isSet(exitCode))
        res.analysisArguments << QStringLiteral("--exit-code");
    if (world > 0)
        res.analysisArguments << QStringLiteral("--world-size") << QString::number(world);
    res.analysisArguments << QStringLiteral("--format") << p.value(format);
    return res;
}

} // namespace fd::cli
