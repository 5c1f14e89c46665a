#include "core/io/JobLoader.h"
#include "tests/support/SharedFixtures.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <set>

using namespace fd;

namespace {

QString dataPath(const QString& rel)
{
    return QStringLiteral(FD_TEST_DATA "/") + rel;
}

QString nvrxPath(const char* job)
{
    return QStringLiteral(FD_SHARED_FIXTURES "/nvrx/") + QLatin1String(job);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

void write(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// A scratch copy of a committed fixture job that tests may damage.
void copyJob(const QString& from, const QString& to)
{
    const QDir src(from);
    for (const QString& name : src.entryList(QStringList{QStringLiteral("_dump_*")}, QDir::Files))
        QVERIFY(QFile::copy(src.filePath(name), to + QLatin1Char('/') + name));
}

const LoadError* errorForRank(const Job& job, int rank)
{
    for (const auto& e : job.errors) {
        if (e.rank == rank)
            return &e;
    }
    return nullptr;
}

} // namespace

class TestLoader : public QObject
{
    Q_OBJECT

private Q_SLOTS:

    // Member lists are parsed once per distinct text and stored once per job (at 16k ranks every file repeats
    // the default PG's 16k members). Lists that agree at both ends and in most places must still stay apart.
    void pgMemberListsAreSharedAndExact()
    {
        QTemporaryDir dir;
        auto rankText = [](int world, int skip) -> QString {
            QStringList parts;
            for (int r = 0; r < world; ++r)
                parts << QString::number(r == skip ? world + 1 : r);
            return QStringLiteral("[") + parts.join(QStringLiteral(", ")) + QStringLiteral("]");
        };
        // Two 600-rank PGs whose texts differ in one digit in the middle (rank 301 vs 601).
        const QString a = rankText(600, -1), b = rankText(600, 301);
        QCOMPARE(a.size(), b.size());
        auto pg = [](const char* name, const char* desc, const QString& ranks) {
            return QJsonObject{{QStringLiteral("name"), QLatin1String(name)},
                               {QStringLiteral("desc"), QLatin1String(desc)},
                               {QStringLiteral("ranks"), ranks}};
        };
        const QJsonObject dump{
            {QStringLiteral("version"), QStringLiteral("2.10")},
            {QStringLiteral("entries"), QJsonArray{}},
            {QStringLiteral("pg_status"), QJsonObject{}},
            {QStringLiteral("pg_config"),
             QJsonObject{{QStringLiteral("0"), pg("0", "default_pg", a)},
                         {QStringLiteral("1"), pg("1", "other", b)},
                         {QStringLiteral("2"), pg("2", "unsorted", QStringLiteral("[1, 0, 1]"))}}}};
        for (int rank : {0, 1})
            write(dir.filePath(QStringLiteral("_dump_%1.json").arg(rank)), QJsonDocument(dump).toJson());
        auto job = loadJob({dir.path()});
        QVERIFY(job);
        QVERIFY(job->errors.empty());
        QCOMPARE(job->dumps.size(), std::size_t(2));
        const auto& c0 = job->dumps[0].pgConfigs;
        const auto& c1 = job->dumps[1].pgConfigs;
        QCOMPARE(c0.size(), std::size_t(3));
        for (std::size_t i = 0; i < 3; ++i)
            QCOMPARE(c0[i].ranks, c1[i].ranks); // one stored list per distinct text
        QVERIFY(c0[0].ranks != c0[1].ranks);
        const std::span<const int> la = job->pools->ranks(c0[0].ranks), lb = job->pools->ranks(c0[1].ranks);
        QCOMPARE(la.size(), std::size_t(600));
        QCOMPARE(la[301], 301);
        QVERIFY(!std::binary_search(lb.begin(), lb.end(), 301));
        QVERIFY(std::binary_search(lb.begin(), lb.end(), 601));
        const std::span<const int> unsorted = job->pools->ranks(c0[2].ranks);
        QCOMPARE(std::vector<int>(unsorted.begin(), unsorted.end()), (std::vector<int>{0, 1}));
        QCOMPARE(job->processGroups.size(), std::size_t(3));
    }

    // torch's generic recorder (gloo, the worker server's fr_trace_json) lists the default PG's members under
    // an unnamed pg_config item and names the group "0" in its entries: one PG, with its members.
    void unnamedPgConfigJoinsTheGroupItsEntriesName()
    {
        QTemporaryDir dir;
        auto entry = [](int seq, const char* state) {
            return QJsonObject{
                {QStringLiteral("collective_seq_id"), seq},
                {QStringLiteral("p2p_seq_id"), 0},
                {QStringLiteral("record_id"), seq},
                {QStringLiteral("pg_id"), 0},
                {QStringLiteral("process_group"),
                 QJsonArray{QStringLiteral("0"), QStringLiteral("default_pg")}},
                {QStringLiteral("profiling_name"), QStringLiteral("gloo:all_reduce")},
                {QStringLiteral("input_sizes"), QJsonArray{QJsonArray{4}}},
                {QStringLiteral("output_sizes"), QJsonArray{QJsonArray{4}}},
                {QStringLiteral("input_dtypes"), QJsonArray{QStringLiteral("Float")}},
                {QStringLiteral("output_dtypes"), QJsonArray{QStringLiteral("Float")}},
                {QStringLiteral("state"), QLatin1String(state)},
                {QStringLiteral("is_p2p"), false},
                {QStringLiteral("retired"), QLatin1String(state) == QLatin1String("completed")}};
        };
        auto dump = [&](const QString& members, bool hung) {
            QJsonArray entries{entry(1, "completed")};
            if (hung)
                entries.append(entry(2, "scheduled"));
            return QJsonObject{{QStringLiteral("version"), QStringLiteral("2.10")},
                               {QStringLiteral("entries"), entries},
                               {QStringLiteral("pg_config"),
                                QJsonObject{{QString(), QJsonObject{{QStringLiteral("name"), QString()},
                                                                    {QStringLiteral("desc"), QString()},
                                                                    {QStringLiteral("ranks"), members}}}}}};
        };
        for (int rank : {0, 1, 2}) // ranks 0 and 1 wait in collective 2, which rank 2 never issued
            write(dir.filePath(QStringLiteral("_dump_%1.json").arg(rank)),
                  QJsonDocument(dump(QStringLiteral("[0, 1, 2]"), rank < 2)).toJson());
        auto job = loadJob({dir.path()});
        QVERIFY(job);
        QVERIFY(job->errors.empty());
        const auto named0 = std::find_if(job->processGroups.begin(), job->processGroups.end(),
                                         [](const ProcessGroup& g) { return g.name == QLatin1String("0"); });
        QVERIFY(named0 != job->processGroups.end());
        QVERIFY(named0->ranksKnown);
        QCOMPARE(named0->ranks, (std::vector<int>{0, 1, 2}));
        QCOMPARE(named0->desc, QStringLiteral("default_pg"));
        QCOMPARE(std::count_if(job->processGroups.begin(), job->processGroups.end(),
                               [](const ProcessGroup& g) { return g.name == QLatin1String("0"); }),
                 1);
        // Every entry is in that group, and no unnamed group is left over.
        const auto index = std::uint32_t(named0 - job->processGroups.begin());
        for (const RankDump& d : job->dumps)
            for (const Entry& e : d.entries)
                QCOMPARE(e.pgIndex, index);
        QCOMPARE(job->worldSize, 3);
    }

    void schemaVersions_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QString>("version");
        QTest::addColumn<bool>("expectWarning");
        QTest::newRow("2.2 list") << QStringLiteral("dumps/v2_2_list") << QString() << false;
        QTest::newRow("1.0") << QStringLiteral("dumps/v1_0") << QStringLiteral("1.0") << false;
        QTest::newRow("1.4 int pg") << QStringLiteral("dumps/v1_4_intpg") << QStringLiteral("1.4") << false;
        QTest::newRow("2.3") << QStringLiteral("dumps/v2_3") << QStringLiteral("2.3") << false;
        QTest::newRow("2.9") << QStringLiteral("dumps/v2_9") << QStringLiteral("2.9") << false;
        QTest::newRow("2.10 C++") << QStringLiteral("dumps/v2_10_cpp") << QStringLiteral("2.10") << false;
        QTest::newRow("2.10 json") << QStringLiteral("dumps/v2_10_json") << QStringLiteral("2.10") << false;
        QTest::newRow("2.10 re-pickled p2")
            << QStringLiteral("dumps/v2_10_repickled_p2") << QStringLiteral("2.10") << false;
        QTest::newRow("2.10 re-pickled p5")
            << QStringLiteral("dumps/v2_10_repickled_p5") << QStringLiteral("2.10") << false;
        QTest::newRow("2.11 unknown")
            << QStringLiteral("dumps/v2_11_unknown") << QStringLiteral("2.11") << true;
    }
    void schemaVersions()
    {
        QFETCH(QString, dir);
        QFETCH(QString, version);
        QFETCH(bool, expectWarning);
        auto job = loadJob({dataPath(dir)});
        QVERIFY(job);
        for (const auto& e : job->errors)
            qWarning() << e.toString();
        QVERIFY(job->errors.empty());
        QVERIFY(!job->dumps.empty());
        bool warned = false;
        for (const RankDump& d : job->dumps) {
            QCOMPARE(d.version, version);
            QVERIFY(!d.entries.empty());
            warned = warned || !d.warnings.isEmpty();
            QCOMPARE(d.times.size(), d.entries.size());
            QCOMPARE(d.origins.size(), d.entries.size());
            for (std::size_t i = 0; i < d.entries.size(); ++i) {
                const Entry& e = d.entries[i];
                QVERIFY(e.collectiveSeqId != Entry::kAbsent);
                QVERIFY(e.pgIndex < job->processGroups.size());
                QVERIFY(e.profilingName != 0);
                QVERIFY(d.times[i].timeCreatedNs >
                        1'000'000'000'000'000'000LL); // ns since 1970, also for _us dumps
            }
        }
        QCOMPARE(warned, expectWarning);
    }

    // flightdeck-cli loads without entry details: the same entries, the same facts about each dump, no
    // details (the C++ pickler's layout goes through the typed reader, the re-pickled and JSON dumps through
    // the general one).
    void withoutDetailsTheEntriesAreTheSame()
    {
        for (const char* variant :
             {"dumps/v2_10_cpp", "dumps/v2_10_repickled_p3", "dumps/v2_10_json", "dumps/v1_4_intpg"}) {
            LoadOptions gui{dataPath(QLatin1String(variant))};
            LoadOptions cli = gui;
            cli.details = DetailLevel::None;
            if (QLatin1String(variant).endsWith(QLatin1String("json")))
                gui.pattern = cli.pattern = QStringLiteral("*.json");
            const auto full = loadJob(gui);
            const auto lean = loadJob(cli);
            QVERIFY2(!full->dumps.empty(), variant);
            QCOMPARE(lean->dumps.size(), full->dumps.size());
            for (std::size_t i = 0; i < full->dumps.size(); ++i) {
                const RankDump& a = full->dumps[i];
                const RankDump& b = lean->dumps[i];
                QCOMPARE(a.times.size(), a.entries.size());
                QCOMPARE(a.origins.size(), a.entries.size());
                QVERIFY(b.times.empty());
                QVERIFY(b.origins.empty());
                QCOMPARE(b.hasStackTraces, a.hasStackTraces);
                QCOMPARE(b.hasTiming, a.hasTiming);
                QCOMPARE(b.entries.size(), a.entries.size());
                for (std::size_t k = 0; k < a.entries.size(); ++k) {
                    const Entry& x = a.entries[k];
                    const Entry& y = b.entries[k];
                    QCOMPARE(y.recordId, x.recordId);
                    QCOMPARE(y.collectiveSeqId, x.collectiveSeqId);
                    QCOMPARE(y.p2pSeqId, x.p2pSeqId);
                    QCOMPARE(y.pgIndex, x.pgIndex);
                    QCOMPARE(lean->str(y.profilingName), full->str(x.profilingName));
                    QCOMPARE(lean->pools->shapesText(y.inputSizes), full->pools->shapesText(x.inputSizes));
                    QCOMPARE(y.state, x.state);
                    QCOMPARE(b.timesOf(k).timeCreatedNs, Entry::kNoTime);
                }
            }
        }
        // The typed reader interned no stack at all.
        LoadOptions cli{dataPath(QStringLiteral("dumps/v2_10_cpp"))};
        cli.details = DetailLevel::None;
        const auto lean = loadJob(cli);
        QVERIFY(lean->dumps.front().hasStackTraces);
        QCOMPARE(lean->pools->stacks.size(), std::size_t(1)); // only the empty stack
    }

    void cppAndRepickledGiveTheSameJob()
    {
        auto cpp = loadJob({dataPath(QStringLiteral("dumps/v2_10_cpp"))});
        for (const char* variant : {"dumps/v2_10_repickled_p2", "dumps/v2_10_repickled_p3",
                                    "dumps/v2_10_repickled_p4", "dumps/v2_10_repickled_p5"}) {
            auto other = loadJob({dataPath(QLatin1String(variant))});
            QCOMPARE(other->dumps.size(), cpp->dumps.size());
            for (std::size_t i = 0; i < cpp->dumps.size(); ++i) {
                const auto& a = cpp->dumps[i].entries;
                const auto& b = other->dumps[i].entries;
                const RankDump& ad = cpp->dumps[i];
                const RankDump& bd = other->dumps[i];
                QCOMPARE(b.size(), a.size());
                QCOMPARE(bd.times.size(), ad.times.size());
                QCOMPARE(bd.origins.size(), ad.origins.size());
                for (std::size_t k = 0; k < a.size(); ++k) {
                    QCOMPARE(b[k].collectiveSeqId, a[k].collectiveSeqId);
                    QCOMPARE(bd.times[k].timeCreatedNs, ad.times[k].timeCreatedNs);
                    QCOMPARE(other->str(b[k].profilingName), cpp->str(a[k].profilingName));
                    QCOMPARE(other->pools->shapesText(b[k].inputSizes),
                             cpp->pools->shapesText(a[k].inputSizes));
                    QCOMPARE(other->pools->stack(bd.origins[k].frames).size(),
                             cpp->pools->stack(ad.origins[k].frames).size());
                }
            }
        }
    }

    void stacksAndStringsAreShared()
    {
        auto job = loadJob({dataPath(QStringLiteral("dumps/v2_10_cpp"))});
        QVERIFY(job->dumps.front().hasStackTraces);
        // One id per distinct stack content, and every frame string stored once however often it is used.
        std::map<QStringList, std::set<StackId>> idsByContent;
        std::size_t frameRefs = 0;
        for (const RankDump& d : job->dumps) {
            for (const EntryOrigin& e : d.origins) {
                QStringList content;
                for (const StackFrame& f : job->pools->stack(e.frames))
                    content << job->str(f.name) + job->str(f.filename) + QString::number(f.line);
                frameRefs += std::size_t(content.size());
                idsByContent[content].insert(e.frames);
            }
        }
        QVERIFY(frameRefs > 100);
        for (const auto& [content, ids] : idsByContent)
            QCOMPARE(ids.size(), std::size_t(1));
        QCOMPARE(job->pools->stacks.size(), idsByContent.size() + (idsByContent.count({}) ? 0 : 1));
        QVERIFY2(job->pools->strings.size() * 2 < frameRefs,
                 qPrintable(QStringLiteral("%1 strings for %2 frame references")
                                .arg(job->pools->strings.size())
                                .arg(frameRefs)));
    }

    void badFilesDoNotLoseTheOthers()
    {
        QTemporaryDir dir;
        copyJob(dataPath(QStringLiteral("dumps/v2_10_cpp")), dir.path());
        const QByteArray good = readAll(dir.filePath(QStringLiteral("_dump_0")));
        QVERIFY(good.size() > 100);
        // Rank 0's dump, cut: killed while writing, and under another rank's name.
        write(dir.filePath(QStringLiteral("_dump_4")), good.left(good.size() / 2));
        const QByteArray one = readAll(dir.filePath(QStringLiteral("_dump_1")));
        write(dir.filePath(QStringLiteral("_dump_1")), one.left(one.size() / 2)); // killed while writing
        write(dir.filePath(QStringLiteral("_dump_5")), QByteArray());
        write(dir.filePath(QStringLiteral("_dump_6")), QByteArray("\x13\x37 not a dump at all"));
        write(dir.filePath(QStringLiteral("_dump_7")),
              readAll(dataPath(QStringLiteral("bad/global_reduce"))));
        auto job = loadJob({dir.path()});
        // A half-written dump is salvaged up to the cut (docs/dump-format.md, "Truncated dumps"): kept,
        // marked partial, and still an unreadable rank with its load error. The cut copy of rank 0 under rank
        // 4's name proves rank 0, which _dump_0 holds whole: it is refused as a second dump of rank 0 ("The
        // rank a dump proves"), and rank 4 is unreadable, a file without its dump.
        QCOMPARE(job->dumps.size(), std::size_t(4));
        QVERIFY(job->dumpForRank(1) && job->dumpForRank(1)->partial);
        QVERIFY(!job->dumpForRank(4));
        QCOMPARE(job->unreadableRanks, (std::vector<int>{1, 4, 5, 6, 7}));
        QVERIFY(job->missingRanks.empty());
        QCOMPARE(job->worldSize, 8);

        const LoadError* truncated = errorForRank(*job, 1);
        QVERIFY(truncated && truncated->hasOffset);
        QVERIFY(truncated->filePath.endsWith(QStringLiteral("_dump_1")));
        QVERIFY2(truncated->message.contains(QStringLiteral("truncat"), Qt::CaseInsensitive),
                 qPrintable(truncated->message));
        const LoadError* copy = errorForRank(*job, 4);
        QVERIFY(copy && copy->filePath.endsWith(QStringLiteral("_dump_4")));
        QVERIFY2(copy->message.contains(QStringLiteral("holds rank 0's dump")), qPrintable(copy->message));
        QVERIFY(errorForRank(*job, 5)->message.contains(QStringLiteral("empty")));
        QVERIFY(errorForRank(*job, 6)->message.contains(QStringLiteral("not a Flight Recorder dump")));
        const LoadError* hostile = errorForRank(*job, 7);
        QVERIFY2(hostile->message.contains(QStringLiteral("GLOBAL")) ||
                     hostile->message.contains(QStringLiteral("REDUCE")),
                 qPrintable(hostile->message));
        QVERIFY(hostile->toString().contains(QStringLiteral("byte ")));
    }

    void wrongFieldTypesNameTheField()
    {
        const QDir bad(dataPath(QStringLiteral("bad")));
        const QStringList wrong{QStringLiteral("wrong_type_seq_id"), QStringLiteral("entries_is_dict")};
        for (const QString& name : wrong) {
            auto job = loadJob({bad.filePath(name)});
            QCOMPARE(job->dumps.size(), std::size_t(0));
            QCOMPARE(job->errors.size(), std::size_t(1));
            const LoadError& e = job->errors.front();
            QVERIFY2(e.message.contains(QStringLiteral("expected")), qPrintable(e.toString()));
            QVERIFY2(e.hasOffset, qPrintable(e.toString()));
        }
    }

    void hostileInputGivesErrorsNotCrashes()
    {
        const QDir bad(dataPath(QStringLiteral("bad")));
        for (const QString& name : bad.entryList(QDir::Files)) {
            auto job = loadJob({bad.filePath(name)});
            QVERIFY(job);
            // A pickle cut short (no STOP) is salvaged as a partial dump; anything else loads nothing.
            QVERIFY2(job->dumps.empty() || (job->dumps.size() == 1 && job->dumps.front().partial),
                     qPrintable(name));
            QCOMPARE(job->errors.size(), std::size_t(1));
            QVERIFY2(job->errors.front().filePath.endsWith(name), qPrintable(job->errors.front().toString()));
        }
        // Nesting 100000 deep: an error with an offset, not a stack overflow.
        QTemporaryDir dir;
        QByteArray deep("\x80\x02", 2);
        for (int i = 0; i < 100000; ++i)
            deep += "](";
        write(dir.filePath(QStringLiteral("_dump_0")), deep);
        auto job = loadJob({dir.path()});
        QCOMPARE(job->errors.size(), std::size_t(1));
    }

    void missingRankIsEvidence()
    {
        QTemporaryDir dir;
        copyJob(dataPath(QStringLiteral("dumps/v2_10_cpp")), dir.path());
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("_dump_2"))));
        auto job = loadJob({dir.path()});
        QCOMPARE(job->missingRanks, std::vector<int>{2});
        QVERIFY(job->unreadableRanks.empty());
        QVERIFY(job->worldSize >= 4); // pg_config of the other ranks still names rank 2
    }

    void progressAndCancel()
    {
        QList<int> seen;
        std::mutex m;
        auto job = loadJob({dataPath(QStringLiteral("dumps/v2_10_cpp"))}, nullptr, [&](int done, int total) {
            std::lock_guard lock(m);
            seen << done;
            QCOMPARE(total, 4);
        });
        QVERIFY(job);
        QCOMPARE(*std::max_element(seen.begin(), seen.end()), 4);
        std::atomic<bool> cancel{true};
        QVERIFY(!loadJob({dataPath(QStringLiteral("dumps/v2_10_cpp"))}, &cancel));
    }
};

// Over ../shared's real NVRx jobs: run as tst_loader_shared where ../shared exists
// (tests/support/SharedFixtures.h).
class TestLoaderShared : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void realNvrxJobsLoadCompletely_data()
    {
        QTest::addColumn<QString>("job");
        QTest::newRow("gpu_error_1st") << QStringLiteral("gpu_error_1st");
        QTest::newRow("lock_gil_1st") << QStringLiteral("lock_gil_1st");
    }

    void realNvrxJobsLoadCompletely()
    {
        QFETCH(QString, job);
        const QString path = nvrxPath(job.toUtf8().constData());
        auto loaded = loadJob({path});
        QVERIFY(loaded);
        QVERIFY(loaded->errors.empty());
        QCOMPARE(loaded->dumps.size(), std::size_t(16));
        QCOMPARE(loaded->worldSize, 16);
        QVERIFY(loaded->missingRanks.empty());
        for (int r = 0; r < 16; ++r) {
            const RankDump* d = loaded->dumpForRank(r);
            QVERIFY(d);
            QCOMPARE(d->version, QStringLiteral("2.9"));
            QCOMPARE(d->commLibVersion, QStringLiteral("2.27.3"));
            QVERIFY(d->pgConfigs.size() >= 12); // Megatron: default, TP, PP, DP, EP, CP and friends
            QCOMPARE(d->pgStatus.size(), d->pgConfigs.size());
            QVERIFY(!d->hasStackTraces);
            // Every pg_status item is tied to one of the rank's own PGs, from its entries or by role.
            for (const PgStatus& s : d->pgStatus)
                QVERIFY2(s.pgIndex != 0xffffffffu,
                         qPrintable(QStringLiteral("rank %1 local pg %2").arg(r).arg(s.localPgId)));
            for (const Entry& e : d->entries) {
                QVERIFY(e.pgIndex < loaded->processGroups.size());
                QVERIFY(d->configForPg(e.pgIndex));       // the entry's PG is one the rank belongs to
                QCOMPARE(e.state, EntryState::Scheduled); // only active entries in these dumps
            }
        }
        // Each rank names its own TP group; together they must partition the world, each rank in exactly one.
        std::vector<int> tpMembership(16, 0);
        int tpGroups = 0;
        for (const ProcessGroup& pg : loaded->processGroups) {
            if (pg.desc != QLatin1String("TENSOR_MODEL_PARALLEL_GROUP"))
                continue;
            ++tpGroups;
            QVERIFY(pg.ranks.size() >= 2);
            for (int r : pg.ranks)
                ++tpMembership[std::size_t(r)];
        }
        QVERIFY(tpGroups >= 2);
        QCOMPARE(tpMembership, std::vector<int>(16, 1));
        // A rank's pg_config lists are its PGs' members, the rank among them.
        for (const RankDump& d : loaded->dumps) {
            for (const PgConfig& c : d.pgConfigs) {
                const std::span<const int> members = loaded->pools->ranks(c.ranks);
                QVERIFY(std::equal(members.begin(), members.end(),
                                   loaded->processGroups[c.pgIndex].ranks.begin(),
                                   loaded->processGroups[c.pgIndex].ranks.end()));
                QVERIFY(std::binary_search(members.begin(), members.end(), d.rank));
            }
        }
    }

    void gilHeldRankHasNoEntriesButKnowsItsPgs()
    {
        const QString path = nvrxPath("lock_gil_1st");
        auto job = loadJob({path});
        const RankDump* r9 = job->dumpForRank(9);
        QVERIFY(r9);
        QVERIFY(r9->entries.empty());
        // With no entries, rank 9's pg_status must still be attributed (inferred from the other ranks).
        int inferred = 0;
        for (const PgStatus& s : r9->pgStatus)
            inferred += s.pgInferred ? 1 : 0;
        QVERIFY(inferred > 0);
    }
};

FD_TEST_GUILESS_MAIN_WITH_SHARED(TestLoader, TestLoaderShared)
#include "tst_loader.moc"
