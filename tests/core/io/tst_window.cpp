// The window of interest (io/WindowOfInterest.h, docs/performance.md): what a load keeps of a long history,
// what it says of the rest (RankDump::window, RankDump::activity), and that the answers stay those of the
// whole files: every scenario and a synthetic hang, loaded with a small window, report byte for byte what
// their whole history reports.
#include "tests/support/SamePg.h"
#include "tools/synth/SyntheticJob.h"

#include "core/analysis/Analysis.h"
#include "core/io/JobLoader.h"
#include "core/io/RankOrigins.h"
#include "core/io/WindowOfInterest.h"
#include "core/model/StringTable.h"
#include "core/pipeline/Pipeline.h"
#include "core/report/ReportJson.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <numeric>
#include <span>

using namespace fd;

namespace {

// One loader thread: two loads of a job then intern the same ids (Entry::pg), which the test compares.
std::shared_ptr<const Job> load(const QString& path, WindowRule window,
                                DetailLevel details = DetailLevel::Times)
{
    LoadOptions options;
    options.threads = 1;
    options.frPath = path;
    options.details = details;
    options.window = window;
    return loadJob(options);
}

// The JSON report, written at a fixed time: two loads a second apart compare equal.
std::string report(std::shared_ptr<const Job> job)
{
    AnalysisOptions options;
    options.collectiveIndex = false;
    Report r = makeReport(analyzeJob(std::move(job), options));
    r.createdAt = QStringLiteral("2026-01-01T00:00:00Z");
    return reportJsonText(r);
}

// An entry of PG `pg` in one of the states the rule tells apart.
Entry entry(EntryPgId pg, EntryState state, StrId op, std::int64_t record)
{
    Entry e;
    e.pg = pg;
    e.state = state;
    e.profilingName = op;
    e.recordId = record;
    return e;
}

// PG 1: 10 completed, then 2 pending; PG 2: 6 completed, interleaved with PG 1's first ones. PG 1's done
// entries are at 0, 2, 4, 6, 8, 10, 12-15 and its pending ones at 16 and 17; PG 2's at 1, 3, 5, 7, 9, 11.
std::vector<Entry> twoPgHistory(StringTable& strings)
{
    const StrId allReduce = strings.intern("nccl:all_reduce");
    std::vector<Entry> entries;
    for (int i = 0; i < 10; ++i) {
        entries.push_back(entry(1, EntryState::Completed, allReduce, std::int64_t(entries.size())));
        if (i < 6)
            entries.push_back(entry(2, EntryState::Completed, allReduce, std::int64_t(entries.size())));
    }
    entries.push_back(entry(1, EntryState::Started, allReduce, std::int64_t(entries.size())));
    entries.push_back(entry(1, EntryState::Scheduled, allReduce, std::int64_t(entries.size())));
    return entries;
}

// (PG, file index of its oldest kept entry, its entries in the file), in the order the file names them.
using W = std::vector<std::array<std::uint64_t, 3>>;
W windowOf(std::span<const Entry> entries, WindowRule rule, const StringTable& strings)
{
    W out;
    for (const EntryWindow::Pg& p : windowOfPgs(entries, rule, strings))
        out.push_back({p.pg, p.firstKept, p.fileEntries});
    return out;
}

} // namespace

class TestWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keepsPendingAndTheLastCompletedOfEveryPg()
    {
        StringTable strings;
        std::vector<Entry> entries = twoPgHistory(strings);
        auto window = [&](std::uint32_t k) { return windowOf(entries, WindowRule::perPg(k), strings); };
        // K = 3: PG 1's third-last completed is index 13, PG 2's index 7.
        QCOMPARE(window(3), (W{{1, 13, 12}, {2, 7, 6}}));
        QCOMPARE(window(1), (W{{1, 15, 12}, {2, 11, 6}}));
        // A PG with fewer done entries than K keeps all of them.
        QCOMPARE(window(7), (W{{1, 6, 12}, {2, 1, 6}}));
        QCOMPARE(window(0), (W{{1, 0, 12}, {2, 1, 6}})); // the whole history

        // A pending entry far back in PG 1 is kept, whatever K says.
        entries[2].state = EntryState::Scheduled; // PG 1's second entry
        QCOMPARE(window(1), (W{{1, 2, 12}, {2, 11, 6}}));
        // A retired one is done (gloo's only completion).
        entries[2].retired = true;
        QCOMPARE(window(1), (W{{1, 15, 12}, {2, 11, 6}}));
    }

    // The rank's newest done entries are shared out among its PGs, each keeping at least completedPerPg.
    void aRankSharesItsNewestDoneEntriesAmongItsPgs()
    {
        StringTable strings;
        const std::vector<Entry> entries = twoPgHistory(strings);
        auto window = [&](std::uint32_t perRank, std::uint32_t perPg) {
            return windowOf(entries, WindowRule{perRank, perPg}, strings);
        };
        // The newest 4 done are PG 1's 12-15; PG 2 keeps its newest, 11, as every PG keeps one at least.
        QCOMPARE(window(4, 0), (W{{1, 12, 12}, {2, 11, 6}}));
        // The newest 8 done: PG 1's 8, 10, 12-15 and PG 2's 9 and 11.
        QCOMPARE(window(8, 0), (W{{1, 8, 12}, {2, 9, 6}}));
        QCOMPARE(window(8, 3), (W{{1, 8, 12}, {2, 7, 6}}));
        // A budget past the file's done entries keeps all of them, as the default does with torch's default
        // ring buffer.
        QCOMPARE(window(16, 0), (W{{1, 0, 12}, {2, 1, 6}}));
        QCOMPARE(window(WindowRule::kDefaultCompletedPerRank, WindowRule::kDefaultCompletedPerPg),
                 window(0, 0));
    }

    // A job's budget of done entries is shared out among its files: a job of torch's default buffers is kept
    // whole up to 2097 files; beyond, each rank keeps its share, and its PGs a floor that shrinks with it.
    void aJobSharesItsBudgetAmongItsFiles()
    {
        const WindowRule byDefault;
        const std::uint64_t budget = WindowRule::kDefaultCompletedPerJob;
        for (const std::size_t files :
             {std::size_t(1), std::size_t(16), std::size_t(1024), std::size_t(2097)})
            QCOMPARE(byDefault.forJobOf(files, budget), byDefault);
        QCOMPARE(byDefault.forJobOf(4096, budget), (WindowRule{1024, 51}));
        QCOMPARE(byDefault.forJobOf(16384, budget), (WindowRule{256, WindowRule::kMinCompletedPerPg}));
        // However many files: the rank's floor.
        QCOMPARE(byDefault.forJobOf(1'000'000, budget),
                 (WindowRule{WindowRule::kMinCompletedPerRank, WindowRule::kMinCompletedPerPg}));
        // No budget, or a rule without a rank's quota: the same for any job.
        QCOMPARE(byDefault.forJobOf(16384, 0), byDefault);
        QCOMPARE(WindowRule::wholeHistory().forJobOf(16384, budget), WindowRule::wholeHistory());
        QCOMPARE(WindowRule::perPg(3).forJobOf(16384, budget), WindowRule::perPg(3));
        // A rule smaller than the floors keeps its own sizes.
        QCOMPARE((WindowRule{50, 10}).forJobOf(16384, budget), (WindowRule{50, 10}));
    }

    // Through the loader: a job of many files for its budget keeps less of each rank, records the rule each
    // rank was cut by, and still answers as its whole history does.
    void aJobOfManyFilesKeepsLessOfEachRank()
    {
        QTemporaryDir dir;
        SyntheticJobOptions o;
        o.ranks = 16;
        o.entriesPerRank = 1500;
        o.stuckRank = 5;
        o.timing = true;
        o.threads = 2;
        QVERIFY(SyntheticJob(o).writeTo(dir.path()).error.isEmpty());
        LoadOptions options;
        options.threads = 1;
        options.frPath = dir.path();
        options.details = DetailLevel::Times;
        options.windowPerJob = 16 * 250; // 250 done entries per rank
        const auto shared = loadJob(options);
        const auto whole = load(dir.path(), WindowRule::wholeHistory());
        const auto byDefault = load(dir.path(), WindowRule{});
        QVERIFY(shared && whole && byDefault);
        const WindowRule expected{250, WindowRule::kMinCompletedPerPg};
        QCOMPARE(WindowRule{}.forJobOf(16, options.windowPerJob), expected);
        for (std::size_t d = 0; d < shared->dumps.size(); ++d) {
            const RankDump& dump = shared->dumps[d];
            QCOMPARE(dump.window.rule, expected);
            QVERIFY(dump.entries.size() < byDefault->dumps[d].entries.size());
            // Each PG kept its pending work and at least the floor's done entries (it has more in the file).
            for (const EntryWindow::Pg& p : dump.window.pgs)
                QVERIFY(p.keptEntries >= std::min<std::uint64_t>(p.fileEntries, expected.completedPerPg));
        }
        QVERIFY(byDefault->dumps.front().window.whole()); // 1500 entries: the default keeps them all
        QCOMPARE(report(shared), report(whole));
    }

    void innerOpsOfADoneGroupAreNotPending()
    {
        StringTable strings;
        const StrId send = strings.intern("nccl:send 0->1");
        const StrId terminator = strings.intern("nccl:coalesced");
        std::vector<Entry> entries;
        for (int g = 0; g < 5; ++g) { // five groups of two inner sends and a completed terminator
            entries.push_back(entry(1, EntryState::Scheduled, send, std::int64_t(entries.size())));
            entries.push_back(entry(1, EntryState::Scheduled, send, std::int64_t(entries.size())));
            entries.push_back(entry(1, EntryState::Completed, terminator, std::int64_t(entries.size())));
        }
        auto firstKept = [&] { return windowOfPgs(entries, WindowRule::perPg(2), strings).at(0).firstKept; };
        // The last two groups, whole: from the fourth group's first inner op (no inner op counts as pending).
        QCOMPARE(firstKept(), std::uint64_t(9));
        // A group whose terminator is still pending keeps its inner ops as pending work, and two done groups
        // before it.
        entries[14].state = EntryState::Scheduled;
        QCOMPARE(firstKept(), std::uint64_t(6));
    }

    void activityCountsEveryEntryInAtMost256Buckets()
    {
        std::vector<EntryTimes> times(1000);
        for (std::size_t i = 0; i < times.size(); ++i)
            times[i].timeCreatedNs = 1'000'000 + std::int64_t(i) * 1000; // 1 us apart
        times[10].timeCreatedNs = Entry::kNoTime;
        const RankActivity a = summarizeActivity(times);
        QCOMPARE(a.firstNs, 1'000'000);
        QCOMPARE(a.lastNs, 1'000'000 + 999 * 1000);
        QCOMPARE(a.untimedEntries, std::uint64_t(1));
        QVERIFY(a.counts.size() <= std::size_t(RankActivity::kMaxBuckets));
        QCOMPARE(std::accumulate(a.counts.begin(), a.counts.end(), std::uint64_t(0)), std::uint64_t(999));
        // The last bucket holds the latest entry; every bucket is as wide as bucketNs.
        QCOMPARE(std::size_t((a.lastNs - a.firstNs) / a.bucketNs + 1), a.counts.size());
        QVERIFY(a.counts.back() > 0);
        QVERIFY(a.bucketNs * RankActivity::kMaxBuckets > a.lastNs - a.firstNs);

        std::vector<EntryTimes> same(3);
        for (EntryTimes& t : same)
            t.timeCreatedNs = 42;
        const RankActivity one = summarizeActivity(same);
        QCOMPARE(one.counts, std::vector<std::uint32_t>{3});
        QVERIFY(summarizeActivity(std::vector<EntryTimes>(4)).empty()); // no times at all

        // Times at both ends of int64 do not overflow the width.
        std::vector<EntryTimes> extreme(2);
        extreme[0].timeCreatedNs = std::numeric_limits<std::int64_t>::min() + 1;
        extreme[1].timeCreatedNs = std::numeric_limits<std::int64_t>::max();
        const RankActivity wide = summarizeActivity(extreme);
        QVERIFY(wide.counts.size() <= std::size_t(RankActivity::kMaxBuckets));
        QCOMPARE(std::accumulate(wide.counts.begin(), wide.counts.end(), std::uint64_t(0)), std::uint64_t(2));
    }

    // Every committed scenario answers the same with a window of 3 completed entries per PG as with its whole
    // dumps, and so do the fixtures of the other schema versions.
    void scenariosAnswerTheSameWithASmallWindow_data()
    {
        QTest::addColumn<QString>("path");
        for (const QString& dir :
             {QStringLiteral(FD_TEST_DATA "/scenarios"), QStringLiteral(FD_TEST_DATA "/dumps")})
            for (const QString& name : QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
                QTest::newRow(qPrintable(name)) << QDir(dir).filePath(name);
    }
    void scenariosAnswerTheSameWithASmallWindow()
    {
        QFETCH(QString, path);
        const auto whole = load(path, WindowRule::wholeHistory());
        const auto window = load(path, WindowRule::perPg(3));
        QVERIFY(whole && window);
        QCOMPARE(report(window), report(whole));
    }

    // A synthetic hang of 4000 entries per rank: the loader's window holds the frontier, its rank's dumps say
    // what was dropped, and the report is the whole history's.
    void aLongHistoryIsCutToTheWindow()
    {
        QTemporaryDir dir;
        SyntheticJobOptions o;
        o.ranks = 16;
        o.entriesPerRank = 4000;
        o.stuckRank = 5;
        o.timing = true;
        o.withStackTraces = true;
        o.threads = 2;
        QVERIFY(SyntheticJob(o).writeTo(dir.path()).error.isEmpty());

        const auto whole = load(dir.path(), WindowRule::wholeHistory());
        const auto window = load(dir.path(), WindowRule::perPg(100));
        QVERIFY(whole && window);
        QCOMPARE(report(window), report(whole));
        std::size_t kept = 0, held = 0;
        for (std::size_t d = 0; d < window->dumps.size(); ++d) {
            const RankDump& w = window->dumps[d];
            const RankDump& full = whole->dumps[d];
            QCOMPARE(w.window.fileEntries, full.entries.size());
            QVERIFY(!w.window.whole());
            QCOMPARE(w.entries.size(), w.window.keptEntries);
            QCOMPARE(w.times.size(), w.entries.size());
            QCOMPARE(w.window.fileFirstRecordId, full.entries.front().recordId);
            // The kept entries are the file's that keeps() names, in file order.
            std::size_t k = 0;
            for (std::size_t j = 0; j < full.entries.size(); ++j) {
                if (!w.window.keeps(j, test::samePgIn(*window, *whole, full.entries[j].pg)))
                    continue;
                QVERIFY(k < w.entries.size());
                QCOMPARE(w.entries[k].recordId, full.entries[j].recordId);
                QCOMPARE(w.times[k].timeCreatedNs, full.times[j].timeCreatedNs);
                ++k;
            }
            QCOMPARE(k, w.entries.size());
            std::uint64_t perPg = 0;
            for (const EntryWindow::Pg& p : w.window.pgs)
                perPg += p.keptEntries;
            QCOMPARE(perPg, w.window.keptEntries);
            // The activity is the whole file's, kept or not.
            QCOMPARE(w.activity.counts, full.activity.counts);
            QCOMPARE(std::accumulate(w.activity.counts.begin(), w.activity.counts.end(), std::uint64_t(0)) +
                         w.activity.untimedEntries,
                     std::uint64_t(full.entries.size()));
            kept += w.entries.size();
            held += full.entries.size();
        }
        QVERIFY2(kept * 4 < held, qPrintable(QStringLiteral("%1 of %2 entries kept").arg(kept).arg(held)));
        // The loader's own window keeps a 4000-entry history whole only where it must: it is the default's.
        const auto byDefault = load(dir.path(), WindowRule{});
        QCOMPARE(report(byDefault), report(whole));

        // Origins read again for a windowed rank are those of its kept entries.
        const auto full = load(dir.path(), WindowRule::wholeHistory(), DetailLevel::Full);
        const RankDump& w = window->dumps[3];
        const RankOriginsResult read = readRankOrigins(*window, w);
        if (const auto* error = std::get_if<LoadError>(&read))
            QFAIL(qPrintable(error->toString()));
        const RankOrigins& origins = *std::get<std::shared_ptr<const RankOrigins>>(read);
        QCOMPARE(origins.entryCount(), w.entries.size());
        std::size_t k = 0;
        for (std::size_t j = 0; j < full->dumps[3].entries.size(); ++j)
            if (w.window.keeps(j, test::samePgIn(*window, *whole, whole->dumps[3].entries[j].pg)))
                QCOMPARE(origins.origin(k++).opId, full->dumps[3].originOf(j).opId);
    }
};

QTEST_GUILESS_MAIN(TestWindow)
#include "tst_window.moc"
