// Stragglers (docs/attribution.md, "Stragglers"): fr-synth's NCCL-shaped jobs with a slow rank and a skewed
// clock read in memory, and the real gloo jobs of tests/torch committed under tests/data/torch.
#include "core/analysis/Analyzer.h"
#include "core/analysis/LatenessWalk.h"
#include "core/io/JobLoader.h"
#include "core/pipeline/Pipeline.h"
#include "core/report/Report.h"
#include "core/report/ReportJson.h"
#include "core/report/TextReport.h"
#include "core/report/TraceExport.h"
#include "tools/synth/SyntheticLoad.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <random>
#include <set>

using namespace fd;

namespace {

SyntheticJobOptions tpDp(int slowRank, double slowMs)
{
    SyntheticJobOptions o;
    o.ranks = 16;
    o.entriesPerRank = 400;
    o.tensorParallel = 4;
    o.pipelineParallel = 1;
    o.expertParallel = 1;
    o.timing = true;
    o.slowRank = slowRank;
    o.slowMs = slowMs;
    o.threads = 1;
    return o;
}

std::set<int> stragglerRanks(const Analysis& a)
{
    std::set<int> out;
    for (const Straggler& s : a.lateness.stragglers)
        out.insert(s.rank);
    return out;
}

std::shared_ptr<const Job> loadDir(const QString& dir, const QString& pattern,
                                   DetailLevel details = DetailLevel::Times)
{
    LoadOptions options;
    options.frPath = dir;
    options.pattern = pattern;
    options.details = details;
    return loadJob(options);
}

} // namespace

class TstStragglers : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // A rank 5 ms late at every op, in a 16-rank TP4 x DP4 job: named in each of its PGs, by its enqueue
    // times, about 5 ms late; nobody else.
    void synthSlowRank()
    {
        const auto job = loadSyntheticJob(tpDp(6, 5.0));
        const auto a = analyzeJob(job);
        QCOMPARE(stragglerRanks(*a), std::set<int>{6});
        QVERIFY(a->lateness.stragglers.size() >= 2); // TP, DP (and the default PG when judged)
        for (const Straggler& s : a->lateness.stragglers) {
            QCOMPARE(s.basis, LatenessBasis::Enqueue);
            QVERIFY2(std::abs(s.medianLateMs - 5.0) < 0.3, qPrintable(QString::number(s.medianLateMs)));
            QVERIFY(s.p90LateMs >= s.medianLateMs);
            QVERIFY(s.collectives >= kStragglerMinCollectives);
            QVERIFY(a->pgMembers(s.pgIndex).size() > 1);
        }
        // Every rank has a distribution; the others' medians are well under a millisecond.
        int ranks = 0;
        for (const RankLateness& l : a->lateness.perRank) {
            if (l.basis != LatenessBasis::Enqueue)
                continue;
            ++ranks;
            QCOMPARE(l.straggler, l.rank == 6);
            if (l.rank != 6)
                QVERIFY2(std::abs(l.medianMs) < 2.0,
                         qPrintable(QStringLiteral("rank %1: %2").arg(l.rank).arg(l.medianMs)));
        }
        QCOMPARE(ranks, 16);
        QVERIFY(a->lateness.clocksAligned);
        QCOMPARE(a->verdict, Verdict::NoHang);
    }

    // A rank 2 ms late in a 256-rank TP8 x PP4 x EP4 job (fr-synth's default topology) with enough history
    // for the default PG to be judged: its members reach the default PG's collectives at their stage's point
    // of the step (2 ms apart), so against all of them the slow rank is on time there, yet against its own
    // TP, DP and EP peers, which are in the default PG too, it is 2 ms late there as well (rule 4): named,
    // nobody else.
    void synthSlowRankAcrossStages()
    {
        SyntheticJobOptions o;
        o.ranks = 256;
        o.entriesPerRank = 2000;
        o.timing = true;
        o.slowRank = 37;
        o.slowMs = 2.0;
        o.threads = 2;
        const auto a = analyzeJob(loadSyntheticJob(o));
        QCOMPARE(stragglerRanks(*a), std::set<int>{37});
        for (const Straggler& s : a->lateness.stragglers)
            QVERIFY2(std::abs(s.medianLateMs - 2.0) < 0.3, qPrintable(QString::number(s.medianLateMs)));
        // The default PG was judged, and there it is not late against all members.
        bool judgedInDefault = false;
        for (const RankLateness& l : a->lateness.perPg)
            if (l.rank == 37 && a->pgMembers(l.pgIndex).size() == 256 &&
                l.collectives >= kStragglerMinCollectives)
                judgedInDefault = l.medianMs < 1.0;
        QVERIFY(judgedInDefault);
        // Without the slow rank: nobody.
        o.slowRank = -1;
        QVERIFY(analyzeJob(loadSyntheticJob(o))->lateness.stragglers.empty());
    }

    // The host (docs/attribution.md, "The host"): where the file names differ between prefix and rank, or the
    // dumps lie in per-node folders, that text is each dump's host, and the straggler, its text line and the
    // trace's process name carry it. One folder of `_dump_<rank>` names no host.
    void hostFromTheLayout_data()
    {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QString>("host6"); // rank 6's host; ranks 0-7 are node00, 8-15 node01
        QTest::newRow("names") << QStringLiteral("nccl_trace_rank_node0%1_%2") << QStringLiteral("node00");
        QTest::newRow("folders") << QStringLiteral("node0%1/_dump_%2") << QStringLiteral("node00");
        QTest::newRow("one folder") << QStringLiteral("_dump_%2") << QString();
    }
    void hostFromTheLayout()
    {
        QFETCH(QString, layout);
        QFETCH(QString, host6);
        QTemporaryDir written, dir;
        QVERIFY(SyntheticJob(tpDp(6, 5.0)).writeTo(written.path()).error.isEmpty());
        for (int r = 0; r < 16; ++r) {
            const QString to = dir.filePath(QString(layout)
                                                .replace(QLatin1String("%1"), QString::number(r / 8))
                                                .replace(QLatin1String("%2"), QString::number(r)));
            QVERIFY(QDir().mkpath(QFileInfo(to).path()));
            QVERIFY(QFile::rename(QDir(written.path()).filePath(QStringLiteral("_dump_%1").arg(r)), to));
        }
        const auto job = loadDir(dir.path(), QStringLiteral("_dump_*"));
        QVERIFY(job);
        QCOMPARE(int(job->dumps.size()), 16);
        for (const RankDump& d : job->dumps)
            QCOMPARE(d.host, host6.isEmpty() ? QString() : QStringLiteral("node0%1").arg(d.rank / 8));
        const auto a = analyzeJob(job);
        QCOMPARE(stragglerRanks(*a), std::set<int>{6});
        for (const Straggler& s : a->lateness.stragglers)
            QCOMPARE(s.host, host6);
        const QString text = stragglerLines(*a);
        const QString named =
            host6.isEmpty() ? QStringLiteral("rank 6 joins") : QStringLiteral("rank 6 (node00) joins");
        QVERIFY2(text.startsWith(QStringLiteral("stragglers: ") + named), qPrintable(text));
        const nlohmann::json j = reportToJson(makeReport(a));
        for (const auto& item : j["analysis"]["stragglers"]) {
            QCOMPARE(item.contains("host"), !host6.isEmpty());
            if (!host6.isEmpty())
                QCOMPARE(item["host"].get<std::string>(), host6.toStdString());
        }
        std::string trace;
        traceJson(*job, *a, TraceOptions{}, trace);
        const QString process =
            host6.isEmpty() ? QStringLiteral("\"rank 6\"") : QStringLiteral("\"rank 6 (node00)\"");
        QVERIFY(QString::fromStdString(trace).contains(process));
        QCOMPARE(QString::fromStdString(trace).contains(QStringLiteral("\"rank 9 (node01)\"")),
                 !host6.isEmpty());
    }

    // The same job without the slow rank: nobody, and the medians are jitter.
    void synthControl()
    {
        const auto job = loadSyntheticJob(tpDp(-1, 0));
        const auto a = analyzeJob(job);
        QVERIFY(a->lateness.stragglers.empty());
        QVERIFY(!a->lateness.perRank.empty());
    }

    // Timing on, but collectives that do not end together (fr-synth without a lateness model: each member's
    // duration is its own, as the bundled sample job's): the completion times say nothing about the clocks,
    // no offset is removed, and nobody is a straggler by an offset that is noise. At 2048 ranks a test at 3
    // standard errors passes noise on 0.27% of the ranks tested, five or six of them, each then late by its
    // noise in every PG: the threshold grows with the ranks tested. Each rank there has some 240
    // completions, where a median's error is as normal as the threshold assumes.
    void noisyCompletionsGiveNoOffset_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("entries");
        QTest::newRow("16 ranks") << 16 << 110;
        QTest::newRow("2048 ranks") << 2048 << 300;
    }

    void noisyCompletionsGiveNoOffset()
    {
        QFETCH(int, ranks);
        QFETCH(int, entries);
        SyntheticJobOptions o;
        o.ranks = ranks;
        o.entriesPerRank = entries;
        o.tensorParallel = 2;
        o.pipelineParallel = 2;
        o.expertParallel = 2;
        o.timing = true;
        const auto a = analyzeJob(loadSyntheticJob(o));
        QVERIFY(a->lateness.clocksAligned); // there were completions to estimate from
        const auto skewed = std::count_if(a->lateness.clockOffsetMs.begin(), a->lateness.clockOffsetMs.end(),
                                          [](double offset) { return offset != 0.0; });
        QCOMPARE(skewed, 0);
        QVERIFY(a->lateness.stragglers.empty());
    }

    // A clock 50 ms ahead is no straggler: the completion times (all members end a collective together) give
    // the offset, which is removed. The slow rank is still found beside it.
    void skewedClockIsRemoved()
    {
        SyntheticJobOptions o = tpDp(3, 4.0);
        o.skewRank = 9;
        o.skewMs = 50;
        const auto a = analyzeJob(loadSyntheticJob(o));
        QCOMPARE(stragglerRanks(*a), std::set<int>{3});
        QVERIFY(a->lateness.clocksAligned);
        QVERIFY2(std::abs(a->lateness.clockOffsetMs[9] - 50.0) < 1.0,
                 qPrintable(QString::number(a->lateness.clockOffsetMs[9])));
        QVERIFY(std::abs(a->lateness.clockOffsetMs[3]) < 1.0); // late, not skewed
    }

    // A hung job: the straggler is found in the history before the hang, and the hang is still attributed.
    void hungJobKeepsItsHistory()
    {
        SyntheticJobOptions o = tpDp(5, 6.0);
        o.stuckRank = 12;
        const auto a = analyzeJob(loadSyntheticJob(o));
        QVERIFY(a->verdict != Verdict::NoHang);
        QCOMPARE(a->hangingRanks(), std::vector<int>{12});
        QCOMPARE(stragglerRanks(*a), std::set<int>{5});
    }

    // Loaded without times (what no reader of times asks for), there is nothing to measure.
    void withoutTimesNothing()
    {
        const auto job = loadDir(QStringLiteral(FD_TEST_DATA "/torch/straggler/pickle"),
                                 QStringLiteral("_dump_*"), DetailLevel::None);
        QVERIFY(job);
        const auto a = analyzeJob(job);
        QVERIFY(a->lateness.stragglers.empty());
        QVERIFY(a->lateness.perRank.empty());
    }

    // Real torch 2.13 gloo jobs (tests/torch/fr_jobs.py "straggler" and "straggler-control"): TP2 x DP3,
    // 100 steps of a TP and a DP all_reduce; in the first, rank 3 sleeps 30 ms before every collective.
    void torchJobs_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<bool>("slow");
        for (const char* job : {"straggler", "straggler-control"}) {
            const QString base = QStringLiteral(FD_TEST_DATA "/torch/") + QLatin1String(job);
            const bool slow = QLatin1String(job) == QLatin1String("straggler");
            QTest::newRow(qPrintable(QStringLiteral("%1 pickle").arg(QLatin1String(job))))
                << base + QStringLiteral("/pickle") << QStringLiteral("_dump_*") << slow;
            QTest::newRow(qPrintable(QStringLiteral("%1 json").arg(QLatin1String(job))))
                << base + QStringLiteral("/json") << QStringLiteral("_dump_*.json") << slow;
        }
    }
    void torchJobs()
    {
        QFETCH(QString, dir);
        QFETCH(QString, pattern);
        QFETCH(bool, slow);
        const auto job = loadDir(dir, pattern);
        QVERIFY(job);
        QCOMPARE(int(job->dumps.size()), 6);
        const auto a = analyzeJob(job);
        QCOMPARE(a->verdict, Verdict::NoHang);
        QVERIFY(!a->lateness.clocksAligned); // gloo records no completion times
        if (!slow) {
            QVERIFY(a->lateness.stragglers.empty());
            return;
        }
        QCOMPARE(stragglerRanks(*a), std::set<int>{3});
        QCOMPARE(a->lateness.stragglers.size(), std::size_t(2)); // its TP pair and its DP triple
        for (const Straggler& s : a->lateness.stragglers) {
            QCOMPARE(s.collectives, 100);
            QVERIFY2(s.medianLateMs > 30, qPrintable(QString::number(s.medianLateMs))); // at least its sleep
        }
        // Rank 3's TP partner (2) and DP peers (1, 5) wait for it and join their other PG late: not named.
        const QString text = stragglerLines(*a);
        QVERIFY2(text.startsWith(QStringLiteral("stragglers: rank 3 joins a median ")), qPrintable(text));
        QCOMPARE(text.count(QLatin1Char('\n')), 2);
    }

    // The JSON report lists them, latest first, and reads them back.
    // The medians and quantiles are read from each member's sorted values: the radix sort must give what
    // std::sort gives, at every length around its thresholds, with negative, repeated and same-magnitude
    // values (a pass of one digit is skipped).
    void memberRunsSortAsStdSort()
    {
        std::mt19937 random(7);
        std::vector<std::uint32_t> scratch;
        for (const std::size_t n :
             {0u, 1u, 2u, 63u, 64u, 65u, 300u, 511u, 512u, 2047u, 2048u, 2049u, 5000u}) {
            for (int kind = 0; kind < 3; ++kind) {
                std::vector<float> v(n);
                for (float& x : v) {
                    if (kind == 0) // lateness in ms, both signs
                        x = std::uniform_real_distribution<float>(-20.0f, 20.0f)(random);
                    else if (kind == 1) // few distinct values
                        x = float(int(random() % 7) - 3) * 0.25f + 0.125f;
                    else // one sign and exponent: the top digit is the same for all
                        x = std::uniform_real_distribution<float>(1.0f, 1.9f)(random);
                }
                std::vector<float> expected = v;
                std::sort(expected.begin(), expected.end());
                lateness::sortFloats(v, scratch);
                QVERIFY2(v == expected, qPrintable(QStringLiteral("%1 values, kind %2").arg(n).arg(kind)));
            }
        }
    }

    void reportRoundTrip()
    {
        LoadRequest request;
        request.options.frPath = QStringLiteral(FD_TEST_DATA "/torch/straggler/pickle");
        request.options.details = DetailLevel::Times;
        const AnalysedJob run = loadAndAnalyse(request);
        QVERIFY(run.usable());
        const Report report = makeReport(run.analysis);
        const nlohmann::json j = reportToJson(report);
        const auto& list = j["analysis"]["stragglers"];
        QCOMPARE(list.size(), std::size_t(2));
        QVERIFY(list[0]["median_late_ms"].get<double>() >= list[1]["median_late_ms"].get<double>());
        for (const auto& s : list) {
            QCOMPARE(s["rank"].get<int>(), 3);
            QCOMPARE(s["basis"].get<std::string>(), std::string("enqueue"));
            QCOMPARE(s["collectives"].get<int>(), 100);
            QVERIFY(s["pg"].is_number_unsigned());
            QVERIFY(s["p90_late_ms"].get<double>() >= s["median_late_ms"].get<double>());
        }
    }
};

QTEST_GUILESS_MAIN(TstStragglers)
#include "tst_stragglers.moc"
