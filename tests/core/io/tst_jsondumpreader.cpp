// The typed JSON reader (core/io/JsonDumpReader.h) against the general path (decodeJson + DumpFields): for
// every input it accepts, the loader must give the same RankDump as the general path
// (tools/fuzz/TypedJsonReaderCheck.h, which the fuzzer runs too); every input it refuses goes to the general
// path, which loads it or names the problem exactly as before.

#include "core/exporting/ValueJsonWriter.h"
#include "core/io/DumpReader.h"
#include "core/io/JsonDumpReader.h"
#include "core/io/PickleDecoder.h"
#include "core/model/JobPools.h"
#include "tools/fuzz/TypedJsonReaderCheck.h"
#include "tools/synth/SyntheticJob.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <variant>

namespace {

// One entry as _dump_nccl_trace_json() writes it (docs/dump-format.md section 4), without its braces.
const std::string kEntry =
    R"("collective_seq_id":12,"duration_ms":1.5,"input_dtypes":["BFloat16"],"input_sizes":[[1024,4096]],)"
    R"("is_p2p":false,"op_id":40,"output_dtypes":["BFloat16"],"output_sizes":[[1024,4096]],"p2p_seq_id":0,)"
    R"("pg_id":0,"process_group":["0","default_pg"],"profiling_name":"nccl:all_reduce","record_id":7,)"
    R"("retired":true,"state":"completed","thread_id":"140230","thread_name":"pt_main_thread",)"
    R"("time_created_ns":1700000000000000000,"time_discovered_completed_ns":0,"time_discovered_started_ns":0,)"
    R"("timeout_ms":600000)";

// A two-entry dump; `entryTail` is appended inside the second entry, `topTail` inside the top-level object.
std::string jsonDump(const std::string& entryTail = {}, const std::string& topTail = {})
{
    return R"({"comm_lib_version":"2.21.5","entries":[{)" + kEntry + "},{" + kEntry + entryTail +
           R"(}],"pg_config":{"0":{"desc":"default_pg","name":"0","ranks":"[0, 1]"}},)"
           R"("pg_status":{"0":{"last_completed_collective":"12","last_enqueued_collective":"12",)"
           R"("last_started_collective":"-1"}},"version":"2.10")" +
           topTail + "}";
}

std::string sbytes(const QByteArray& b)
{
    return std::string(b.constData(), std::size_t(b.size()));
}

std::string fileBytes(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return sbytes(f.readAll());
}

// A pickle dump written as JSON: tuples become arrays, frames stay (unlike torch's JSON), values keep their
// types.
std::string pickleAsJson(std::string_view pickle, int indent)
{
    const fd::DecodeResult decoded = fd::decodePickle(pickle);
    if (!decoded.ok())
        return {};
    fd::ValueJsonOptions options;
    options.indent = indent;
    return fd::valueTreeToJson(decoded.tree, options).json;
}

std::string syntheticJsonDump(bool stacks, bool timing)
{
    fd::SyntheticJobOptions o;
    o.ranks = 8;
    o.entriesPerRank = 200;
    o.withStackTraces = stacks;
    o.framesPerEntry = 6;
    o.timing = timing;
    return pickleAsJson(fd::SyntheticJob(o).dumpRank(3), 0);
}

// What the loader says about bytes it cannot read, next to what the general decoder says.
QString loaderError(const std::string& bytes)
{
    fd::JobPools pools;
    const auto result = fd::readDumpBytes(bytes, QStringLiteral("d.json"), 0, pools);
    const auto* error = std::get_if<fd::LoadError>(&result);
    return error ? QStringLiteral("%1: %2").arg(error->offset).arg(error->message) : QStringLiteral("loaded");
}

QString generalError(const std::string& bytes)
{
    const fd::DecodedDump decoded = fd::decodeDumpBytes(bytes, QStringLiteral("d.json"));
    if (decoded.error)
        return QStringLiteral("%1: %2").arg(decoded.error->offset).arg(decoded.error->message);
    fd::JobPools pools;
    const auto result = fd::convertDump(decoded.tree, QStringLiteral("d.json"), 0, pools);
    const auto* error = std::get_if<fd::LoadError>(&result);
    return error ? QStringLiteral("%1: %2").arg(error->offset).arg(error->message) : QStringLiteral("loaded");
}

// The loader's and the general path's readings agree, with and without details.
bool readsAlike(const std::string& bytes)
{
    const fd::fuzz::JsonReadings r = fd::fuzz::readJsonBothWays(bytes);
    return r.loaded == r.general && r.loadedTimes == r.generalTimes && r.loadedBare == r.generalBare;
}

// The dump the loader reads from `bytes` (empty when it cannot).
fd::RankDump loaded(const std::string& bytes, fd::JobPools& pools)
{
    auto result = fd::readDumpBytes(bytes, QStringLiteral("d.json"), 0, pools);
    auto* dump = std::get_if<fd::RankDump>(&result);
    return dump ? std::move(*dump) : fd::RankDump();
}

bool typedTakes(const std::string& bytes)
{
    fd::JobPools pools;
    return fd::readJsonDumpTyped(bytes, pools).has_value();
}

} // namespace

class TestJsonDumpReader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readsTorchJsonLikeTheGeneralPath()
    {
        // Compact, sorted keys, no frames: the fixtures written as nlohmann::json::dump() writes them.
        const QDir dir(QStringLiteral(FD_TEST_DATA "/dumps/v2_10_json"));
        const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
        QCOMPARE(files.size(), 4);
        for (const QString& name : files) {
            const fd::fuzz::JsonReadings r = fd::fuzz::readJsonBothWays(fileBytes(dir.filePath(name)));
            QVERIFY2(r.typed(), qPrintable(name));
            QCOMPARE(r.loaded, r.general);
            QCOMPARE(r.loadedTimes, r.generalTimes);
            QCOMPARE(r.loadedBare, r.generalBare);
            QVERIFY(r.loaded.count(QLatin1Char('\n')) > 20);
        }
    }

    void takesTheFuzzersJsonSeeds()
    {
        // tools/fuzz/make_corpus.py: torch's shape, and frames with escapes, nulls and non-BMP text.
        for (const char* name : {"torch_dump.json", "frames_escapes.json"}) {
            const std::string bytes =
                fileBytes(QStringLiteral(FD_SOURCE_DIR "/tools/fuzz/corpus/") + QLatin1String(name));
            QVERIFY2(typedTakes(bytes), name);
            QVERIFY2(readsAlike(bytes), name);
        }
    }

    void readsSyntheticJobsAsJsonLikeTheGeneralPath_data()
    {
        QTest::addColumn<bool>("stacks");
        QTest::addColumn<bool>("timing");
        QTest::newRow("plain") << false << false;
        QTest::newRow("stacks") << true << false;
        QTest::newRow("stacks+timing") << true << true;
    }
    void readsSyntheticJobsAsJsonLikeTheGeneralPath()
    {
        QFETCH(bool, stacks);
        QFETCH(bool, timing);
        const fd::fuzz::JsonReadings r = fd::fuzz::readJsonBothWays(syntheticJsonDump(stacks, timing));
        QVERIFY(r.typed());
        QCOMPARE(r.loaded, r.general);
        QCOMPARE(r.loadedTimes, r.generalTimes);
        QCOMPARE(r.loadedBare, r.generalBare);
        QVERIFY(r.loaded.count(QLatin1Char('\n')) > 200);
        QCOMPARE(r.loaded.contains(QLatin1String(".py:")), stacks);
    }

    void everyFixtureReadsAlikeOrFallsBack()
    {
        // Every fixture, broken file, fuzz seed and finding as it is, and every pickle among them written as
        // JSON (compact and indented): where the typed reader answers, it answers like the general path.
        int typedCount = 0;
        int convertedCount = 0;
        for (const QString& dir :
             {QStringLiteral(FD_TEST_DATA), QStringLiteral(FD_SOURCE_DIR "/tools/fuzz/corpus")}) {
            QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                const std::string bytes = fileBytes(path);
                std::vector<std::string> inputs{bytes};
                if (!bytes.empty() && static_cast<unsigned char>(bytes[0]) == 0x80) {
                    inputs.push_back(pickleAsJson(bytes, 0));
                    inputs.push_back(pickleAsJson(bytes, 1));
                }
                for (std::size_t i = 0; i < inputs.size(); ++i) {
                    const fd::fuzz::JsonReadings r = fd::fuzz::readJsonBothWays(inputs[i]);
                    if (!r.typed())
                        continue;
                    (i == 0 ? typedCount : convertedCount) += 1;
                    QVERIFY2(r.loaded == r.general, qPrintable(path));
                    QVERIFY2(r.loadedTimes == r.generalTimes, qPrintable(path));
                    QVERIFY2(r.loadedBare == r.generalBare, qPrintable(path));
                }
            }
        }
        QVERIFY(typedCount >= 5);      // v2_10_json and the scenarios' JSON dumps at least
        QVERIFY(convertedCount >= 40); // the pickle fixtures of every schema from 1.0 on
    }

    void decodesEscapesAndUnicode()
    {
        // Escaped and raw non-ASCII text, in entry values, entry keys (state) and the tree (pg_config).
        const std::string tail =
            R"(,"profiling_name":"nccl:all_reduce \"q\" \\ \/ \b\f\n\r\t \u00e9\u65E5 )"
            "\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80"
            " \\ud83d\\ude00\",\"thread_name\":\"a\\u0000b\",\"st\\u0061te\":\"scheduled\"";
        const std::string bytes = jsonDump(
            tail, R"(,"pg_config":{"\u00e9":{"desc":"d\u00e9sc","name":"\u00e9","ranks":"[0, 1]"}})");
        QVERIFY(typedTakes(bytes));
        QVERIFY(readsAlike(bytes));
        fd::JobPools pools;
        const fd::RankDump dump = loaded(bytes, pools);
        QCOMPARE(dump.format, fd::DumpFormat::Json);
        QCOMPARE(pools.str(dump.entries[1].profilingName),
                 QString::fromUtf8(
                     "nccl:all_reduce \"q\" \\ / \b\f\n\r\t \xc3\xa9\xe6\x97\xa5 \xc3\xa9\xe6\x97\xa5"
                     "\xf0\x9f\x98\x80 \xf0\x9f\x98\x80"));
        QCOMPARE(pools.str(dump.origins[1].threadName), QString::fromUtf8("a\0b", 3));
        QCOMPARE(dump.entries[1].state, fd::EntryState::Scheduled);
        QCOMPARE(pools.str(dump.pgConfigs.back().desc), QString::fromUtf8("d\xc3\xa9sc"));
    }

    void refusesWhatTheGeneralDecoderRefuses_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<bool>("typed"); // the typed reader takes it, and DumpFields then finds the error
        auto name = [](const char* value) {
            return jsonDump(std::string(",\"profiling_name\":\"") + value + '"');
        };
        auto duration = [](const char* value) { return jsonDump(std::string(R"(,"duration_ms":)") + value); };
        auto row = [](const char* what, const std::string& bytes, bool typed = false) {
            QTest::newRow(what) << QByteArray::fromStdString(bytes) << typed;
        };
        row("lone high surrogate", name(R"(\ud83d)"));
        row("high surrogate, then not a low one", name(R"(\ud83d\u0041)"));
        row("lone low surrogate", name(R"(\ude00)"));
        row("unknown escape", name(R"(\x41)"));
        row("short \\u", name(R"(\u00e)"));
        row("raw control character", name("a\x01"));
        row("invalid UTF-8", name("\xc3\x28"));
        row("overlong UTF-8", name("\xc0\xaf"));
        row("UTF-8 surrogate", name("\xed\xa0\x80"));
        row("cut UTF-8", name("\xe6\x97"));
        row("NaN", duration("NaN"));
        row("Infinity", duration("Infinity"));
        row("-Infinity", duration("-Infinity"));
        row("overflow", duration("1e400"));
        row("leading zero", duration("012"));
        row("bare point", duration("1."));
        row("bare exponent", duration("1e"));
        row("plus sign", duration("+1"));
        row("trailing comma", jsonDump(","));
        row("trailing garbage", jsonDump() + "x");
        row("two values", jsonDump() + "{}");
        row("single quotes", jsonDump(R"(,'state':"scheduled")"));
        row("comment", jsonDump("/* c */"));
        row("int beyond int64 in an entry", jsonDump(R"(,"record_id":9223372036854775808)"));
        row("float for an int", jsonDump(R"(,"record_id":7.0)"));
        row("string for an int", jsonDump(R"(,"record_id":"7")"));
        row("frames not a list", jsonDump(R"(,"frames":null)"));
        row("process_group empty", jsonDump(R"(,"process_group":[])"));
        row("two entries lists", jsonDump({}, R"(,"entries":[])"));
        row("entries not a list", jsonDump({}, R"(,"entries":{})"));
        row("pg_config not a dict", jsonDump({}, R"(,"pg_config":[])"), true);
        row("top-level list", std::string("[{" + kEntry + "}]"));
    }
    void refusesWhatTheGeneralDecoderRefuses()
    {
        // Left to the general path, which loads the file or names the problem (offset and message) as before.
        QFETCH(QByteArray, data);
        QFETCH(bool, typed);
        const std::string bytes = sbytes(data);
        QCOMPARE(typedTakes(bytes), typed);
        QCOMPARE(loaderError(bytes), generalError(bytes));
    }

    void readsNumbersAsTheGeneralDecoderDoes()
    {
        for (const char* duration :
             {"1e-5", "-0.0", "1E2", "2.5e+3", "25", "-0", "null", "0.1", "123456789.123456789"}) {
            const std::string bytes = jsonDump(std::string(R"(,"duration_ms":)") + duration +
                                               R"(,"record_id":-9223372036854775808,"time_created_ns":null)");
            QVERIFY2(typedTakes(bytes), duration);
            QVERIFY2(readsAlike(bytes), duration);
        }
        // Outside the entries the tree holds what the general decoder's would, big integers aside.
        const std::string bytes = jsonDump({}, R"(,"extra":[1.5,-2,true,false,null,{"a":[]},"s"])");
        QVERIFY(typedTakes(bytes));
        QVERIFY(readsAlike(bytes));
    }

    void microsecondsBeyondInt64NanosecondsAreNoTime()
    {
        // A pre-1.1 time_created_us is read as nanoseconds; one that does not fit (tests/data/fuzz) is
        // unknown.
        const std::string bytes = jsonDump(R"(,"time_created_us":1700000000000000000)");
        QVERIFY(typedTakes(bytes));
        QVERIFY(readsAlike(bytes));
        fd::JobPools pools;
        QCOMPARE(loaded(bytes, pools).times.at(1).timeCreatedNs, fd::Entry::kNoTime);
        QCOMPARE(loaded(jsonDump(R"(,"time_created_us":-1700)"), pools).times.at(1).timeCreatedNs, -1700000);
    }

    void duplicateAndUnknownKeysAsBefore()
    {
        // A repeated key: the last one counts. Unknown keys: warned about once each, top level first.
        const std::string bytes =
            jsonDump(R"(,"state":"scheduled","stream_id":{"a":[1,2.5,null,"x"]},"zz":1)",
                     R"(,"version":"2.11","fr_build":{"x":1},"version":"2.10")");
        QVERIFY(typedTakes(bytes));
        QVERIFY(readsAlike(bytes));
        fd::JobPools pools;
        const fd::RankDump dump = loaded(bytes, pools);
        QCOMPARE(dump.entries[1].state, fd::EntryState::Scheduled);
        QCOMPARE(dump.warnings,
                 QStringList({QStringLiteral("schema version 2.11 is newer than 2.10, the newest "
                                             "FlightDeck knows; unknown fields are kept in exports "
                                             "and ignored by the analysis"),
                              QStringLiteral("unknown top-level key \"fr_build\" ignored"),
                              QStringLiteral("unknown entry key \"stream_id\" ignored"),
                              QStringLiteral("unknown entry key \"zz\" ignored")}));
    }

    void everyTruncationGivesTheGeneralDecodersError()
    {
        // A cut anywhere leaves the file to the general decoder, which names the offset as it always did.
        const std::string bytes = jsonDump(R"(,"frames":[{"filename":"a.py","line":3,"name":"f\u00e9"}])");
        QVERIFY(typedTakes(bytes));
        fd::JobPools pools;
        for (std::size_t n = 0; n < bytes.size(); ++n) {
            const std::string cut = bytes.substr(0, n);
            for (const fd::DetailLevel level :
                 {fd::DetailLevel::Full, fd::DetailLevel::Times, fd::DetailLevel::None})
                QVERIFY2(!fd::readJsonDumpTyped(cut, pools, level), qPrintable(QString::number(n)));
            QCOMPARE(loaderError(cut), generalError(cut));
        }
    }

    void everyChangedByteReadsAlikeOrFallsBack()
    {
        // Each byte replaced by a few values that matter to JSON (quotes, escapes, digits, brackets,
        // non-ASCII).
        const std::string original =
            jsonDump(R"(,"frames":[{"filename":"a.py","line":3,"name":"f"}],"x":[1])");
        int typedCount = 0;
        for (std::size_t i = 0; i < original.size(); ++i) {
            for (const char v : {'"', '\\', '0', '-', '}', ']', ',', ' ', 'e', '\xc3'}) {
                if (original[i] == v)
                    continue;
                std::string bytes = original;
                bytes[i] = v;
                const fd::fuzz::JsonReadings r = fd::fuzz::readJsonBothWays(bytes);
                if (!r.typed())
                    continue;
                ++typedCount;
                QVERIFY2(r.loaded == r.general, qPrintable(QString::number(i)));
                QVERIFY2(r.loadedTimes == r.generalTimes, qPrintable(QString::number(i)));
                QVERIFY2(r.loadedBare == r.generalBare, qPrintable(QString::number(i)));
            }
        }
        QVERIFY(typedCount > 100); // changed values (ints, text, whitespace) still take the typed path
    }

    void loadsThroughReadDumpFile()
    {
        const std::string bytes = syntheticJsonDump(true, false);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("_dump_3.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes.data(), qint64(bytes.size()));
        f.close();
        for (const fd::DetailLevel level :
             {fd::DetailLevel::Full, fd::DetailLevel::Times, fd::DetailLevel::None}) {
            fd::JobPools pools;
            const auto result = fd::readDumpFile(path, 3, pools, level);
            QVERIFY(std::holds_alternative<fd::RankDump>(result));
            const fd::RankDump& dump = std::get<fd::RankDump>(result);
            QCOMPARE(dump.entries.size(), std::size_t(200));
            QCOMPARE(dump.times.size(), level != fd::DetailLevel::None ? std::size_t(200) : std::size_t(0));
            QCOMPARE(dump.origins.size(), level == fd::DetailLevel::Full ? std::size_t(200) : std::size_t(0));
            QCOMPARE(dump.fileSize, std::uint64_t(bytes.size()));
            QCOMPARE(dump.format, fd::DumpFormat::Json);
            QVERIFY(dump.hasStackTraces);
            QCOMPARE(dump.originsInFile,
                     level == fd::DetailLevel::Times); // read again when asked (RankOrigins.h)
        }
    }
};

QTEST_GUILESS_MAIN(TestJsonDumpReader)
#include "tst_jsondumpreader.moc"
