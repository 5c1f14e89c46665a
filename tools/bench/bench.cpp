// Load benchmark: generates a synthetic job with fr-synth in a separate process (so the generator's memory
// is not counted), then loads it the way the GUI and CLI do and prints throughput and memory. When python3 is
// there it also times pickle.load (json.load for JSON dumps) over the same files and prints the ratio: the
// yardstick FlightDeck's load speed is held to (docs/performance.md).

#include "CliRun.h"
#include "PythonBaseline.h"
#include "core/analysis/Analyzer.h"
#include "core/io/HeapRetention.h"
#include "core/io/JobLoader.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <cstdio>
#include <ctime>
#include <utility>

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace {

// Peak and current resident set from /proc: what the process really held, file-backed pages included.
qint64 procStatusKb(const char* key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray k(key);
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.startsWith(k))
            return line.mid(k.size()).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

// CPU time of every thread of the process so far, in ms.
double processCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

double mb(double bytes)
{
    return bytes / (1024.0 * 1024.0);
}

// The dump files of a job as --fr-path names it: a folder's _dump_* files, or the one file (an archive)
// itself.
QStringList jobFiles(const QString& path)
{
    if (!QFileInfo(path).isDir())
        return {path};
    QStringList files;
    const QDir dir(path);
    for (const QString& name : dir.entryList({QStringLiteral("_dump_*")}, QDir::Files))
        files << dir.filePath(name);
    return files;
}

// --cli: flightdeck-cli as a user runs it (--json to /dev/null), against `cat` of the same files, best wall
// time of `repeat` runs each, alternated, and the largest peak RSS. The issue's targets are these ratios.
int benchCli(QTextStream& out, const QString& cli, const QString& path, int repeat)
{
    const QStringList files = jobFiles(path);
    double bestCat = -1, bestCli = -1, peak = 0, bytes = 0;
    int exitCode = -1;
    for (int i = 0; i < repeat; ++i) {
        const fd::bench::CatRun cat = fd::bench::catFiles(files);
        bytes = cat.bytes;
        if (bestCat < 0 || cat.wallSeconds < bestCat)
            bestCat = cat.wallSeconds;
        const auto run = fd::bench::runChild(
            cli, {QStringLiteral("--fr-path"), path, QStringLiteral("--json"), QStringLiteral("/dev/null")});
        if (!run) {
            out << "bench: " << cli << " did not run to its end\n";
            return 1;
        }
        exitCode = run->exitCode;
        if (bestCli < 0 || run->wallSeconds < bestCli)
            bestCli = run->wallSeconds;
        peak = std::max(peak, run->peakRssBytes);
    }
    out << "cli:          " << cli << " --fr-path " << path << " --json /dev/null (exit " << exitCode
        << ")\n";
    out << "cat:          " << files.size() << " file(s), " << QString::number(mb(bytes), 'f', 1) << " MB in "
        << QString::number(bestCat, 'f', 3) << " s (best of " << repeat << ")\n";
    out << "cli wall:     " << QString::number(bestCli, 'f', 3)
        << " s = " << QString::number(bestCli / bestCat, 'f', 2) << "x cat (best of " << repeat << ")\n";
    out << "cli peak RSS: " << QString::number(mb(peak), 'f', 1)
        << " MB = " << QString::number(peak / std::max(1.0, bytes), 'f', 3) << "x the file bytes (largest of "
        << repeat << ")\n";
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    fd::keepFreedHeapForReuse(); // as flightdeck-cli does
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("FlightDeck load benchmark"));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("ranks"), QStringLiteral("Ranks to generate."), QStringLiteral("N"),
                      QStringLiteral("1024")});
    parser.addOption({QStringLiteral("entries"), QStringLiteral("Entries per rank."), QStringLiteral("M"),
                      QStringLiteral("2000")});
    parser.addOption({QStringLiteral("stacks"), QStringLiteral("Generate stack traces.")});
    parser.addOption(
        {QStringLiteral("timing"), QStringLiteral("Generate timing (started state, duration_ms).")});
    parser.addOption({QStringLiteral("no-python"),
                      QStringLiteral("Do not time Python's pickle.load (json.load) on the same files.")});
    parser.addOption({QStringLiteral("threads"), QStringLiteral("Loader threads (0 = cores)."),
                      QStringLiteral("T"), QStringLiteral("0")});
    parser.addOption({QStringLiteral("repeat"), QStringLiteral("Load this many times, report the best."),
                      QStringLiteral("R"), QStringLiteral("3")});
    parser.addOption({QStringLiteral("stuck-rank"), QStringLiteral("Generated job: this rank stops issuing."),
                      QStringLiteral("R")});
    parser.addOption({QStringLiteral("load"),
                      QStringLiteral("Load this existing job instead of generating one."),
                      QStringLiteral("PATH")});
    parser.addOption(
        {QStringLiteral("details"),
         QStringLiteral("Load as the GUI does: keep every entry's times (origins: thread, stack, stay in "
                        "the files) and build the collective index. By default both are left out as "
                        "flightdeck-cli does.")});
    parser.addOption(
        {QStringLiteral("no-times"),
         QStringLiteral("Load as flightdeck-cli did before the straggler analysis: no entry times "
                        "(so no lateness either).")});
    parser.addOption(
        {QStringLiteral("origins"),
         QStringLiteral("With --details: also keep every entry's origin, stacks interned, at load.")});
    parser.addOption(
        {QStringLiteral("window"),
         QStringLiteral("Instead of the loader's window of interest: every PG keeps its last K completed "
                        "entries before its pending ones (0: the whole history)."),
         QStringLiteral("K")});
    parser.addOption(
        {QStringLiteral("window-per-job"),
         QStringLiteral("The done entries the whole job keeps, shared out among its files (0: no job-wide "
                        "budget; default %1).")
             .arg(fd::WindowRule::kDefaultCompletedPerJob),
         QStringLiteral("N")});
    parser.addOption(
        {QStringLiteral("cli"),
         QStringLiteral("Instead of loading in this process: run flightdeck-cli on the job as a user "
                        "does and print its wall time against `cat` of the same files and its peak RSS "
                        "against their bytes.")});
    parser.addOption({QStringLiteral("cli-exe"),
                      QStringLiteral("With --cli: this flightdeck-cli (another build, to "
                                     "compare side by side)."),
                      QStringLiteral("PATH")});
    parser.process(app);

    QTextStream out(stdout);
    QTemporaryDir scratch;
    QString path = parser.value(QStringLiteral("load"));
    if (path.isEmpty()) {
#ifdef FD_SYNTH_EXE
        path = scratch.path();
        QStringList args{QStringLiteral("--out"),     path,
                         QStringLiteral("--ranks"),   parser.value(QStringLiteral("ranks")),
                         QStringLiteral("--entries"), parser.value(QStringLiteral("entries"))};
        for (const QString& flag : {QStringLiteral("stacks"), QStringLiteral("timing")})
            if (parser.isSet(flag))
                args << QStringLiteral("--") + flag;
        if (parser.isSet(QStringLiteral("stuck-rank")))
            args << QStringLiteral("--stuck-rank") << parser.value(QStringLiteral("stuck-rank"));
        QElapsedTimer gen;
        gen.start();
        if (QProcess::execute(QStringLiteral(FD_SYNTH_EXE), args) != 0) {
            std::fprintf(stderr, "bench: fr-synth failed\n");
            return 1;
        }
        out << "generated " << parser.value(QStringLiteral("ranks")) << " ranks x "
            << parser.value(QStringLiteral("entries")) << " entries"
            << (parser.isSet(QStringLiteral("stacks")) ? " with stacks" : "")
            << (parser.isSet(QStringLiteral("timing")) ? " with timing" : "") << " in " << gen.elapsed()
            << " ms\n";
#else
        std::fprintf(stderr, "bench: built without fr-synth; pass --load PATH\n");
        return 2;
#endif
    }

    const int repeat = std::max(1, parser.value(QStringLiteral("repeat")).toInt());
    if (parser.isSet(QStringLiteral("cli"))) {
        QString cli = parser.value(QStringLiteral("cli-exe"));
#ifdef FD_CLI_EXE
        if (cli.isEmpty())
            cli = QStringLiteral(FD_CLI_EXE);
#endif
        if (cli.isEmpty()) {
            std::fprintf(stderr, "bench: built without flightdeck-cli; pass --cli-exe PATH\n");
            return 2;
        }
        return benchCli(out, cli, path, repeat);
    }

    fd::LoadOptions options;
    options.frPath = path;
    if (parser.isSet(QStringLiteral("window"))) {
        bool ok = false;
        options.window = fd::WindowRule::perPg(parser.value(QStringLiteral("window")).toUInt(&ok));
        if (!ok) {
            std::fprintf(stderr, "bench: invalid --window\n");
            return 2;
        }
    }
    if (parser.isSet(QStringLiteral("window-per-job"))) {
        bool ok = false;
        options.windowPerJob = parser.value(QStringLiteral("window-per-job")).toULongLong(&ok);
        if (!ok) {
            std::fprintf(stderr, "bench: invalid --window-per-job\n");
            return 2;
        }
    }
    options.threads = parser.value(QStringLiteral("threads")).toInt();
    const bool gui = parser.isSet(QStringLiteral("details"));
    const bool origins = parser.isSet(QStringLiteral("origins"));
    const bool noTimes = parser.isSet(QStringLiteral("no-times"));
    options.details = origins   ? fd::DetailLevel::Full
                      : noTimes ? fd::DetailLevel::None
                                : fd::DetailLevel::Times;
    qint64 best = -1;
    qint64 bestAnalysis = -1;
    std::shared_ptr<const fd::Job> job;
    std::shared_ptr<const fd::Analysis> analysis;
    for (int i = 0; i < repeat; ++i) {
        analysis.reset();
        job.reset(); // free the previous job first so peak memory is one job's
#ifdef __GLIBC__
        // ... and give its pages back: the next load's threads may take other malloc arenas than the ones
        // that hold the freed memory, and would add to it (peaks up to 0.1x the dump bytes apart from run to
        // run).
        malloc_trim(0);
#endif
        QElapsedTimer t;
        t.start();
        job = fd::loadJob(options);
        const qint64 ns = t.nsecsElapsed();
        if (best < 0 || ns < best)
            best = ns;
        t.restart();
        analysis = fd::analyzeJob(job, fd::AnalysisOptions{gui});
        const qint64 ans = t.nsecsElapsed();
        if (bestAnalysis < 0 || ans < bestAnalysis)
            bestAnalysis = ans;
    }
    const double seconds = double(best) / 1e9;
    const double bytes = double(job->totalFileBytes());
    out << "loaded as:    "
        << (!gui      ? (noTimes ? "flightdeck-cli without times (no lateness, no collective index)"
                                 : "flightdeck-cli (entry times kept for the lateness, no collective index)")
            : origins ? "the GUI, and every entry's origin at load (times, origins and stacks kept, "
                        "collective index built)"
                      : "the GUI (times kept, origins left in the files, collective index built)")
        << "\n";
    out << "files:        " << job->dumps.size() << " loaded, " << job->errors.size() << " errors\n";
    std::uint64_t fileEntries = 0;
    for (const fd::RankDump& dump : job->dumps)
        fileEntries += dump.window.fileEntries;
    out << "input:        " << QString::number(mb(bytes), 'f', 1) << " MB, " << fileEntries << " entries\n";
    // The rule the ranks were cut by (the job's budget shared out among its files), as a rank records it.
    fd::WindowRule rule = options.window;
    for (const fd::RankDump& dump : job->dumps)
        if (!dump.partial) {
            rule = dump.window.rule;
            break;
        }
    out << "window:       " << job->entryCount() << " entries kept ("
        << QString::number(100.0 * double(job->entryCount()) / std::max<double>(1, double(fileEntries)), 'f',
                           1)
        << "%), before its pending ones each PG keeps its share of the rank's last " << rule.completedPerRank
        << " completed, at least " << rule.completedPerPg << " (0 and 0: all)\n";
    out << "load time:    " << QString::number(seconds * 1000.0, 'f', 1) << " ms (best of " << repeat
        << ")\n";
    out << "throughput:   " << QString::number(mb(bytes) / seconds, 'f', 1) << " MB/s, "
        << QString::number(double(job->entryCount()) / seconds / 1e6, 'f', 2) << " M entries/s\n";
    out << "analysis:     " << QString::number(double(bestAnalysis) / 1e6, 'f', 1) << " ms ("
        << QString::number(double(job->entryCount()) / (double(bestAnalysis) / 1e9) / 1e6, 'f', 2)
        << " M entries/s), verdict " << fd::verdictName(analysis->verdict) << ", "
        << analysis->culprits.size() << " culprit(s)\n";
    {
        // The straggler analysis alone, on one more thread than nothing: analyzeJob runs it beside the rest.
        // Its share is of the end to end time (load + analysis, which includes it once), the budget of
        // docs/performance.md; CPU time too, as on a busy machine the wall clock says little.
        QElapsedTimer t;
        t.start();
        const double cpuBefore = processCpuMs();
        const fd::StragglerAnalysis lateness = fd::analyzeStragglers(*job);
        const double cpuMs = processCpuMs() - cpuBefore;
        const double ms = double(t.nsecsElapsed()) / 1e6;
        out << "stragglers:   " << QString::number(ms, 'f', 1) << " ms alone ("
            << QString::number(100.0 * ms / (double(best + bestAnalysis) / 1e6), 'f', 1)
            << "% of end to end), " << QString::number(cpuMs, 'f', 1) << " ms CPU, "
            << lateness.stragglers.size() << " listed, " << lateness.perRank.size()
            << " rank distributions\n";
    }
    out << "end to end:   " << QString::number(double(best + bestAnalysis) / 1e6, 'f', 1) << " ms\n";
    out << "job holds:    " << QString::number(mb(double(job->memoryUsage())), 'f', 1) << " MB ("
        << QString::number(100.0 * double(job->memoryUsage()) / std::max(1.0, bytes), 'f', 0)
        << "% of the files)\n";
    out << "strings:      " << job->pools->strings.size()
        << " distinct; stacks: " << job->pools->stacks.size()
        << "; shape lists: " << job->pools->shapeLists.size() << "\n";
    const double peakBytes = double(procStatusKb("VmHWM:")) * 1024.0;
    out << "peak RSS:     " << QString::number(mb(peakBytes), 'f', 1)
        << " MB = " << QString::number(peakBytes / std::max(1.0, bytes), 'f', 2)
        << "x the dump bytes (includes mapped file pages while loading)\n";
    out << "RSS now:      " << QString::number(double(procStatusKb("VmRSS:")) / 1024.0, 'f', 1) << " MB\n";
    if (!parser.isSet(QStringLiteral("no-python"))) {
        // After our own figures, so that Python's memory does not count in ours (it runs in its own process).
        // Each format against its own Python loader: pickle.load for pickles, json.load for JSON dumps.
        for (const auto& [format, module] : {std::pair{fd::DumpFormat::Pickle, QStringLiteral("pickle")},
                                             std::pair{fd::DumpFormat::Json, QStringLiteral("json")}}) {
            QStringList files;
            for (const fd::RankDump& dump : job->dumps)
                if (dump.format == format)
                    files << dump.filePath;
            if (files.isEmpty())
                continue;
            const QString label = QString(module + QStringLiteral(".load:")).leftJustified(14);
            QString error;
            if (const auto py = timePythonLoad(module, files, repeat, error)) {
                out << label << QString::number(py->bestSeconds * 1000.0, 'f', 1) << " ms for " << py->files
                    << " files in python3 (best of " << repeat << "); FlightDeck load is "
                    << QString::number(py->bestSeconds / seconds, 'f', 1) << "x faster, end to end "
                    << QString::number(py->bestSeconds * 1e9 / double(best + bestAnalysis), 'f', 1) << "x\n";
            } else {
                out << label << "not measured (" << error << ")\n";
            }
        }
    }
    return job->dumps.empty() ? 1 : 0;
}
