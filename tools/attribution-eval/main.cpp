// attribution-eval: runs the analysis over random jobs (one per seed, fr-synth's RandomJob) and prints how
// often it names exactly the right ranks with the right verdict, per fault kind, with the first failing
// seeds.
#include "AttributionEval.h"
#include "tools/synth/RandomJob.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <mutex>
#include <thread>

namespace {

std::string ranksText(const std::vector<int>& ranks)
{
    std::string s = "[";
    for (std::size_t i = 0; i < ranks.size(); ++i)
        s += (i ? ", " : "") + std::to_string(ranks[i]);
    return s + "]";
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("attribution-eval"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Analyses random jobs whose truth is known and prints exact accuracy (verdict and set of ranks) per "
        "fault kind, with the first failing seeds."));
    parser.addHelpOption();
    const QCommandLineOption seedsOpt(QStringLiteral("seeds"),
                                      QStringLiteral("How many seeds (default 1000)."), QStringLiteral("N"),
                                      QStringLiteral("1000"));
    const QCommandLineOption firstOpt(QStringLiteral("first"), QStringLiteral("First seed (default 1)."),
                                      QStringLiteral("S"), QStringLiteral("1"));
    const QCommandLineOption seedOpt(QStringLiteral("seed"),
                                     QStringLiteral("Only this seed; with --out, write its dumps."),
                                     QStringLiteral("S"));
    const QCommandLineOption outOpt(QStringLiteral("out"),
                                    QStringLiteral("Directory for --seed's dumps and truth.json."),
                                    QStringLiteral("DIR"));
    const QCommandLineOption maxRanksOpt(QStringLiteral("max-ranks"),
                                         QStringLiteral("Largest world (default 512)."), QStringLiteral("N"),
                                         QStringLiteral("512"));
    const QCommandLineOption requireOpt(
        QStringLiteral("require"), QStringLiteral("Exit 1 when exact accuracy is below this percentage."),
        QStringLiteral("PERCENT"), QStringLiteral("0"));
    const QCommandLineOption threadsOpt(QStringLiteral("threads"),
                                        QStringLiteral("Worker threads (default 2)."), QStringLiteral("N"),
                                        QStringLiteral("2"));
    const QCommandLineOption failuresOpt(QStringLiteral("failures"),
                                         QStringLiteral("How many failing seeds to print (default 10)."),
                                         QStringLiteral("N"), QStringLiteral("10"));
    const QCommandLineOption windowOpt(
        QStringLiteral("window"),
        QStringLiteral(
            "Instead of the loader's window of interest: every PG keeps its last K completed entries before "
            "its pending ones, whatever the rank's other PGs hold (0: the whole history)."),
        QStringLiteral("K"));
    parser.addOptions(
        {seedsOpt, firstOpt, seedOpt, outOpt, maxRanksOpt, requireOpt, threadsOpt, failuresOpt, windowOpt});
    parser.process(app);

    bool windowOk = true;
    fd::WindowRule window;
    if (parser.isSet(windowOpt))
        window = fd::WindowRule::perPg(parser.value(windowOpt).toUInt(&windowOk));
    if (!windowOk) {
        std::fprintf(stderr, "attribution-eval: invalid --window %s\n", qPrintable(parser.value(windowOpt)));
        return 3;
    }
    fd::RandomJobLimits limits;
    limits.maxRanks = std::max(8, parser.value(maxRanksOpt).toInt());
    std::uint64_t first = parser.value(firstOpt).toULongLong();
    std::uint64_t count = parser.value(seedsOpt).toULongLong();
    if (parser.isSet(seedOpt)) {
        first = parser.value(seedOpt).toULongLong();
        count = 1;
    }
    if (count == 0) {
        std::fprintf(stderr, "attribution-eval: --seeds must be at least 1\n");
        return 3;
    }
    if (parser.isSet(outOpt)) {
        if (!parser.isSet(seedOpt)) {
            std::fprintf(stderr, "attribution-eval: --out needs --seed\n");
            return 3;
        }
        const fd::RandomJob job(first, limits);
        const QString error = job.writeTo(parser.value(outOpt));
        if (!error.isEmpty()) {
            std::fprintf(stderr, "attribution-eval: %s\n", qPrintable(error));
            return 2;
        }
        std::printf("seed %llu: %s\n  %s\n  truth: %s %s%s\n", static_cast<unsigned long long>(first),
                    job.describe().c_str(), job.truth().story.c_str(), job.truth().verdict.c_str(),
                    ranksText(job.truth().culprits).c_str(),
                    job.truth().undecidable ? " (undecidable from the dumps)" : "");
        return 0;
    }

    struct Tally
    {
        int jobs = 0, exact = 0, undecidable = 0;
    };
    std::array<Tally, fd::kFaultKindCount> tally{};
    std::vector<std::pair<std::uint64_t, std::string>> failing;
    std::mutex mutex;
    std::atomic<std::uint64_t> next{0};
    QElapsedTimer timer;
    timer.start();
    auto worker = [&] {
        for (;;) {
            const std::uint64_t i = next.fetch_add(1);
            if (i >= count)
                return;
            const fd::RandomJob job(first + i, limits);
            const fd::EvalOutcome o = fd::evaluate(job, window);
            const std::lock_guard lock(mutex);
            Tally& t = tally[static_cast<std::size_t>(o.faultKind)];
            ++t.jobs;
            t.undecidable += o.undecidable ? 1 : 0;
            if (o.exact) {
                ++t.exact;
                continue;
            }
            std::string line =
                "seed " + std::to_string(o.seed) + " " + fd::faultKindName(job.truth().fault) + ": ";
            if (!o.loadProblem.isEmpty())
                line += "dump not readable: " + o.loadProblem.toStdString();
            else
                line += "want " + o.wantVerdict + " " + ranksText(o.wantRanks) + ", got " + o.gotVerdict +
                        " " + ranksText(o.gotRanks);
            line += std::string(o.undecidable ? " (undecidable from the dumps)" : "") + "\n    " +
                    job.describe() + "\n    " + job.truth().story;
            failing.emplace_back(o.seed, std::move(line));
        }
    };
    const int threads = std::max(1, parser.value(threadsOpt).toInt());
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (auto& t : pool)
        t.join();

    std::printf("attribution-eval: seeds %llu..%llu, up to %d ranks, %.1f s\n",
                static_cast<unsigned long long>(first), static_cast<unsigned long long>(first + count - 1),
                limits.maxRanks, static_cast<double>(timer.elapsed()) / 1000.0);
    // "undecidable": jobs whose dumps lost what tells the fault (counted in `jobs`; exact when the engine
    // says so).
    std::printf("%-18s %7s %7s %9s %12s\n", "fault kind", "jobs", "exact", "accuracy", "undecidable");
    Tally total;
    for (int k = 0; k < fd::kFaultKindCount; ++k) {
        const Tally& t = tally[static_cast<std::size_t>(k)];
        total.jobs += t.jobs;
        total.exact += t.exact;
        total.undecidable += t.undecidable;
        if (t.jobs)
            std::printf("%-18s %7d %7d %8.2f%% %12d\n", fd::faultKindName(static_cast<fd::FaultKind>(k)),
                        t.jobs, t.exact, 100.0 * t.exact / t.jobs, t.undecidable);
    }
    const double accuracy = 100.0 * total.exact / std::max(1, total.jobs);
    std::printf("%-18s %7d %7d %8.2f%% %12d\n", "all", total.jobs, total.exact, accuracy, total.undecidable);
    std::sort(failing.begin(), failing.end());
    if (!failing.empty()) {
        std::printf("first failing seeds (replay: attribution-eval --seed S --out DIR):\n");
        const auto shown = static_cast<std::size_t>(std::max(0, parser.value(failuresOpt).toInt()));
        for (std::size_t i = 0; i < failing.size() && i < shown; ++i)
            std::printf("  %s\n", failing[i].second.c_str());
    }
    return accuracy + 1e-9 >= parser.value(requireOpt).toDouble() ? 0 : 1;
}
