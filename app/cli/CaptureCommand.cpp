#include "CaptureCommand.h"

#include "CliOptions.h"

#include "buildinfo/Translations.h"
#include "capture/LiveCapture.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

namespace fd::cli {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(fd::cli)
};

void printLine(FILE* f, const QString& line)
{
    const QByteArray bytes = (line + QLatin1Char('\n')).toUtf8();
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), f);
    std::fflush(f);
}

QString rankLine(const RankCapture& r)
{
    if (!r.file.isEmpty())
        return Text::tr("capture: rank %1 (%2): %3, %4 bytes -> %5")
            .arg(r.rank).arg(r.endpoint.display(), r.handler).arg(r.bytes).arg(r.file);
    if (r.noAnswer)
        return Text::tr("capture: rank %1 (%2): did not answer (%3); a process that cannot answer its own worker "
                        "server is stuck (for example in C++ holding the GIL) or gone")
            .arg(r.rank).arg(r.endpoint.display(), r.error);
    return Text::tr("capture: rank %1 (%2): %3").arg(r.rank).arg(r.endpoint.display(), r.error);
}

} // namespace

bool isCaptureCommand(const QStringList& arguments)
{
    return arguments.size() > 1 && arguments.at(1) == QLatin1String("capture");
}

CaptureCommand runCaptureCommand(const QStringList& arguments)
{
    CaptureCommand res;
    QCommandLineParser p;
    p.setApplicationDescription(Text::tr(
        "Capture a fresh Flight Recorder dump from every rank of a running job through torch's worker "
        "servers, into a new <out>/capture-<UTC time>/ folder, then analyse it like --fr-path."));
    p.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, Text::tr("Show this help and exit."));
    const QCommandLineOption socket(QStringLiteral("socket"),
        Text::tr("Glob of the ranks' Unix sockets (TORCH_WORKER_SERVER_SOCKET of each rank), e.g. '/tmp/job/worker_*.sock'."),
        Text::tr("glob"));
    const QCommandLineOption hosts(QStringLiteral("hosts"),
        Text::tr("Comma-separated host:port list of the ranks' worker servers, in rank order."), Text::tr("list"));
    const QCommandLineOption out(QStringLiteral("out"), Text::tr("Folder that receives the capture folder (default: .)."),
                                 Text::tr("DIR"), QStringLiteral("."));
    const QCommandLineOption timeout(QStringLiteral("timeout"), Text::tr("Seconds each rank has to answer (default: 10)."),
                                     Text::tr("seconds"), QStringLiteral("10"));
    const QCommandLineOption maxMb(QStringLiteral("max-dump-mb"), Text::tr("Largest dump accepted from one rank, in MiB (default: 512)."),
                                   Text::tr("MiB"), QStringLiteral("512"));
    const QCommandLineOption allowRemote(QStringLiteral("allow-remote"), Text::tr("Allow worker servers on other hosts (default: loopback only)."));
    const QCommandLineOption verbose({QStringLiteral("v"), QStringLiteral("verbose")}, Text::tr("Verbose output: per-rank tables."));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("Write the JSON report to FILE ('-' for stdout)."), Text::tr("FILE"));
    const QCommandLineOption format(QStringLiteral("format"), Text::tr("Output format on stdout: text or json (default: text)."),
                                    QStringLiteral("text|json"), QStringLiteral("text"));
    p.addOptions({help, socket, hosts, out, timeout, maxMb, allowRemote, verbose, json, format, fd::languageOption()});

    QStringList args = arguments;
    args.removeAt(1); // "capture"
    if (!p.parse(args)) {
        printLine(stderr, p.errorText() + Text::tr("\nTry capture --help."));
        res.exitNow = ExitUsage;
        return res;
    }
    if (p.isSet(help)) {
        printLine(stdout, p.helpText());
        res.exitNow = ExitNoHang;
        return res;
    }
    bool okTimeout = false, okMb = false;
    const double seconds = p.value(timeout).toDouble(&okTimeout);
    const qint64 mb = p.value(maxMb).toLongLong(&okMb);
    QString glob = p.value(socket);
    if (glob.isEmpty() && !p.isSet(hosts))
        glob = qEnvironmentVariable("TORCH_WORKER_SERVER_SOCKET");
    QString usage;
    if (!okTimeout || seconds <= 0 || seconds > 3600)
        usage = Text::tr("--timeout must be a number of seconds between 0 and 3600.");
    else if (!okMb || mb <= 0)
        usage = Text::tr("--max-dump-mb must be a positive number.");
    else if (glob.isEmpty() == !p.isSet(hosts))
        usage = Text::tr("Give exactly one of --socket GLOB or --hosts LIST.");
    if (!usage.isEmpty()) {
        printLine(stderr, usage);
        res.exitNow = ExitUsage;
        return res;
    }

    const EndpointList endpoints = glob.isEmpty() ? endpointsFromHostList(p.value(hosts), p.isSet(allowRemote))
                                                  : endpointsFromSocketGlob(glob);
    for (const QString& e : endpoints.errors)
        printLine(stderr, QStringLiteral("capture: ") + e);
    if (endpoints.endpoints.empty() || (!endpoints.errors.isEmpty() && p.isSet(hosts))) {
        res.exitNow = p.isSet(hosts) ? ExitUsage : ExitNoUsableDump;
        return res;
    }
    CaptureOptions options;
    options.outDir = p.value(out);
    options.perRankTimeoutMs = static_cast<int>(seconds * 1000);
    options.maxDumpBytes = mb << 20;
    const CaptureResult result = captureBlocking(endpoints.endpoints, options);
    for (const RankCapture& r : result.ranks)
        printLine(stderr, rankLine(r));
    if (!result.fatalError.isEmpty())
        printLine(stderr, QStringLiteral("capture: ") + result.fatalError);
    printLine(stderr, Text::tr("capture: %1 of %2 rank(s) into %3")
                          .arg(result.captured()).arg(result.ranks.size()).arg(result.folder));
    if (result.captured() == 0) {
        res.exitNow = ExitNoUsableDump;
        return res;
    }
    res.analysisArguments = {arguments.value(0), QStringLiteral("--fr-path"), result.folder};
    if (p.isSet(verbose))
        res.analysisArguments << QStringLiteral("-v");
    if (p.isSet(json))
        res.analysisArguments << QStringLiteral("--json") << p.value(json);
    res.analysisArguments << QStringLiteral("--format") << p.value(format);
    return res;
}

} // namespace fd::cli
