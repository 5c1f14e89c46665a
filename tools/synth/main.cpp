// fr-synth: writes a synthetic job's Flight Recorder dumps (_dump_<rank>, schema 2.10, C++ pickler bytes)
// for benchmarks and analysis tests that need more ranks than any real fixture has, and the hand-built
// attribution scenarios committed under tests/data/scenarios.
#include "RandomJob.h"
#include "Scenarios.h"
#include "SyntheticArchive.h"
#include "SyntheticJob.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTextStream>

#include <cstdio>

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("fr-synth"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FLIGHTDECK_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Writes synthetic PyTorch Flight Recorder dumps (_dump_<rank>, schema 2.10) of a "
                       "Megatron-like job into a directory."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption outOpt(QStringLiteral("out"), QStringLiteral("Output directory."),
                                    QStringLiteral("DIR"));
    const QCommandLineOption ranksOpt(QStringLiteral("ranks"), QStringLiteral("Number of ranks (default 8)."),
                                      QStringLiteral("N"), QStringLiteral("8"));
    const QCommandLineOption entriesOpt(QStringLiteral("entries"),
                                        QStringLiteral("Entries per rank (ring buffer size, default 2000)."),
                                        QStringLiteral("M"), QStringLiteral("2000"));
    const QCommandLineOption stacksOpt(QStringLiteral("stacks"),
                                       QStringLiteral("Record stack traces (~20 shared frames per entry)."));
    const QCommandLineOption timingOpt(QStringLiteral("timing"),
                                       QStringLiteral("As with TORCH_NCCL_ENABLE_TIMING: started state, "
                                                      "duration_ms."));
    const QCommandLineOption seedOpt(QStringLiteral("seed"), QStringLiteral("Random seed (default 1)."),
                                     QStringLiteral("S"), QStringLiteral("1"));
    const QCommandLineOption stuckOpt(QStringLiteral("stuck-rank"),
                                      QStringLiteral("A rank that stops issuing collectives."),
                                      QStringLiteral("R"));
    const QCommandLineOption stuckCountOpt(QStringLiteral("stuck-entries"),
                                           QStringLiteral("How many trailing entries the stuck (and the "
                                                          "missing) rank lacks (default 4)."),
                                           QStringLiteral("K"), QStringLiteral("4"));
    const QCommandLineOption missingOpt(
        QStringLiteral("missing-rank"),
        QStringLiteral("A rank that crashed: it stops issuing like --stuck-rank "
                       "and writes no dump file."),
        QStringLiteral("R"));
    const QCommandLineOption tpOpt(QStringLiteral("tp"), QStringLiteral("Tensor parallel size (default 8)."),
                                   QStringLiteral("N"), QStringLiteral("8"));
    const QCommandLineOption ppOpt(QStringLiteral("pp"),
                                   QStringLiteral("Pipeline parallel size (default 4)."), QStringLiteral("N"),
                                   QStringLiteral("4"));
    const QCommandLineOption epOpt(QStringLiteral("ep"), QStringLiteral("Expert parallel size (default 4)."),
                                   QStringLiteral("N"), QStringLiteral("4"));
    const QCommandLineOption threadsOpt(QStringLiteral("threads"),
                                        QStringLiteral("Writer threads (default: one per core)."),
                                        QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption randomOpt(
        QStringLiteral("random-job"),
        QStringLiteral("Instead: the random job of this seed (topology, one fault, "
                       "dump options; docs/attribution.md) and its truth.json."),
        QStringLiteral("SEED"));
    const QCommandLineOption scenariosOpt(
        QStringLiteral("scenarios"),
        QStringLiteral("Instead: the hang-attribution scenarios, one folder each "
                       "with its expected-report.json (tests/data/scenarios)."));
    const QCommandLineOption slowOpt(
        QStringLiteral("slow-rank"),
        QStringLiteral("A straggler: this rank issues every op --slow-ms later, and the "
                       "collectives it is in end that much later on all members."),
        QStringLiteral("R"));
    const QCommandLineOption slowMsOpt(QStringLiteral("slow-ms"),
                                       QStringLiteral("How late the --slow-rank is, in ms (default 5)."),
                                       QStringLiteral("MS"), QStringLiteral("5"));
    const QCommandLineOption skewOpt(
        QStringLiteral("skew-rank"),
        QStringLiteral("A rank whose clock runs --skew-ms ahead: every time it records "
                       "is shifted, nothing else."),
        QStringLiteral("R"));
    const QCommandLineOption skewMsOpt(QStringLiteral("skew-ms"),
                                       QStringLiteral("The --skew-rank's clock offset, in ms (default 50)."),
                                       QStringLiteral("MS"), QStringLiteral("50"));
    const QCommandLineOption archiveOpt(
        QStringLiteral("archive"),
        QStringLiteral("Write the job as one .tar.zst FILE instead of a directory "
                       "(the unpacked dumps never touch disk)."),
        QStringLiteral("FILE"));
    parser.addOptions({archiveOpt, outOpt,        ranksOpt,   entriesOpt, stacksOpt, timingOpt, seedOpt,
                       stuckOpt,   stuckCountOpt, missingOpt, tpOpt,      ppOpt,     epOpt,     threadsOpt,
                       randomOpt,  scenariosOpt,  slowOpt,    slowMsOpt,  skewOpt,   skewMsOpt});
    parser.process(app);

    QTextStream err(stderr);
    const bool toArchive = parser.isSet(archiveOpt);
    if (toArchive && (parser.isSet(outOpt) || parser.isSet(scenariosOpt) || parser.isSet(randomOpt))) {
        err << "fr-synth: --archive FILE writes a job of --ranks and --entries, instead of --out\n";
        return 2;
    }
    if (!parser.isSet(outOpt) && !toArchive) {
        err << "fr-synth: --out DIR or --archive FILE is required\n";
        return 2;
    }
    if (parser.isSet(scenariosOpt)) {
        if (const QString error = fd::scenario::writeScenarios(parser.value(outOpt)); !error.isEmpty()) {
            err << "fr-synth: " << error << "\n";
            return 1;
        }
        QTextStream(stdout) << "wrote " << fd::scenario::scenarioNames().size() << " scenarios to "
                            << parser.value(outOpt) << "\n";
        return 0;
    }
    if (parser.isSet(randomOpt)) {
        bool ok = false;
        const std::uint64_t seed = parser.value(randomOpt).toULongLong(&ok);
        if (!ok) {
            err << "fr-synth: invalid --random-job " << parser.value(randomOpt) << "\n";
            return 2;
        }
        const fd::RandomJob job(seed);
        if (const QString error = job.writeTo(parser.value(outOpt)); !error.isEmpty()) {
            err << "fr-synth: " << error << "\n";
            return 1;
        }
        QTextStream(stdout) << "seed " << seed << ": " << QString::fromStdString(job.describe()) << "\n  "
                            << QString::fromStdString(job.truth().story) << "\n";
        return 0;
    }
    bool allOk = true;
    auto number = [&](const QCommandLineOption& opt, long long min) -> long long {
        bool ok = false;
        const long long v = parser.value(opt).toLongLong(&ok);
        if (!ok || v < min) {
            err << "fr-synth: invalid --" << opt.names().constFirst() << " " << parser.value(opt) << "\n";
            allOk = false;
        }
        return v;
    };

    fd::SyntheticJobOptions o;
    o.ranks = static_cast<int>(number(ranksOpt, 1));
    o.entriesPerRank = static_cast<int>(number(entriesOpt, 0));
    o.withStackTraces = parser.isSet(stacksOpt);
    o.timing = parser.isSet(timingOpt);
    o.seed = static_cast<std::uint64_t>(number(seedOpt, 0));
    o.tensorParallel = static_cast<int>(number(tpOpt, 1));
    o.pipelineParallel = static_cast<int>(number(ppOpt, 1));
    o.expertParallel = static_cast<int>(number(epOpt, 1));
    o.threads = static_cast<int>(number(threadsOpt, 0));
    o.stuckEntries = static_cast<int>(number(stuckCountOpt, 0));
    if (parser.isSet(stuckOpt))
        o.stuckRank = static_cast<int>(number(stuckOpt, 0));
    if (parser.isSet(missingOpt))
        o.missingRank = static_cast<int>(number(missingOpt, 0));
    auto milliseconds = [&](const QCommandLineOption& opt) {
        bool ok = false;
        const double v = parser.value(opt).toDouble(&ok);
        if (!ok || v < 0 || v > 3'600'000) {
            err << "fr-synth: invalid --" << opt.names().constFirst() << " " << parser.value(opt) << "\n";
            allOk = false;
        }
        return v;
    };
    if (parser.isSet(slowOpt))
        o.slowRank = static_cast<int>(number(slowOpt, 0));
    o.slowMs = milliseconds(slowMsOpt);
    if (parser.isSet(skewOpt))
        o.skewRank = static_cast<int>(number(skewOpt, 0));
    o.skewMs = milliseconds(skewMsOpt);
    if (!allOk || o.ranks > 1'000'000 || o.entriesPerRank > 10'000'000)
        return 2;

    QElapsedTimer timer;
    timer.start();
    const fd::SyntheticJob job(o);
    const auto result = toArchive ? fd::writeSyntheticArchive(job, parser.value(archiveOpt))
                                  : job.writeTo(parser.value(outOpt));
    if (!result.error.isEmpty()) {
        err << "fr-synth: " << result.error << "\n";
        return 1;
    }
    QTextStream out(stdout);
    out << "wrote " << result.files << " dumps, " << result.bytes << " bytes, in " << timer.elapsed()
        << " ms (TP " << job.tensorParallel() << ", PP " << job.pipelineParallel() << ", DP "
        << job.dataParallel() << ", EP " << job.expertParallel() << ", " << job.groups().size()
        << " groups)\n";
    return 0;
}
