#include "DecodeOutcomes.h"

#include "core/exporting/ValueJsonWriter.h"
#include "core/io/JsonDecoder.h"

#include <QRandomGenerator>
#include <QTest>

#include <cstring>
#include <memory>

using namespace fd;
using Kind = ValueTree::Kind;

namespace {

std::string sbytes(const QByteArray& b)
{
    return std::string(b.constData(), static_cast<std::size_t>(b.size()));
}

QString roundTrip(const std::string& json)
{
    const DecodeResult r = decodeJson(json);
    if (!r.ok())
        return QStringLiteral("ERROR@%1: %2")
            .arg(r.error->offset)
            .arg(QString::fromStdString(r.error->message));
    const ValueJsonResult j = valueTreeToJson(r.tree, ValueJsonOptions{0});
    return QString::fromUtf8(j.json.data(), static_cast<qsizetype>(j.json.size())).trimmed();
}

// Shaped like _dump_nccl_trace_json(): compact, sorted keys, pg_status values as strings.
const char* const kDump =
    R"({"comm_lib_version":"2.21.5","entries":[{"collective_seq_id":12,"duration_ms":1.5,"input_dtypes":["BFloat16"],)"
    R"("input_sizes":[[1024,4096]],"is_p2p":false,"op_id":40,"p2p_seq_id":0,"pg_id":0,)"
    R"("process_group":["0","default_pg"],"profiling_name":"nccl:all_reduce","record_id":7,"retired":true,)"
    R"("state":"completed","time_created_ns":1700000000000000000,"time_discovered_completed_ns":0,"timeout_ms":600000}],)"
    R"("pg_config":{"0":{"desc":"default_pg","name":"0","ranks":"[0, 1]"}},)"
    R"("pg_status":{"0":{"last_completed_collective":"12","last_enqueued_collective":"12","last_started_collective":"-1"}},)"
    R"("version":"2.10"})";

} // namespace

class TestJsonDecoder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void values_data();
    void values();
    void keyOrderKept();
    void kinds();
    void errors_data();
    void errors();
    void depthLimit();
    void truncationAtEveryOffset();
    void randomGarbage();
};

void TestJsonDecoder::values_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    auto row = [](const char* name, const char* json, const char* expected) {
        QTest::newRow(name) << QByteArray(json) << QString::fromUtf8(expected);
    };
    row("dump", kDump, kDump);
    row("null", "null", "null");
    row("bools", "[true,false]", "[true,false]");
    row("int64 max", "9223372036854775807", "9223372036854775807");
    row("int64 min", "-9223372036854775808", "-9223372036854775808");
    row("uint64 max", "18446744073709551615", "18446744073709551615");
    row("beyond uint64", "340282366920938463463374607431768211456",
        "340282366920938463463374607431768211456");
    row("beyond int64 negative", "-9223372036854775809", "-9223372036854775809");
    row("big negative", "-340282366920938463463374607431768211457",
        "-340282366920938463463374607431768211457");
    row("floats", "[1.5,1e16,-0.0,1.0]", "[1.5,1e+16,-0.0,1.0]");
    row("escapes", R"(["a\"b\\c\n\u0001","\u00e9","\ud83d\ude00","\/"])",
        "[\"a\\\"b\\\\c\\n\\u0001\",\"\xc3\xa9\",\"\xf0\x9f\x98\x80\",\"/\"]");
    row("whitespace", " { \"a\" : [ 1 , 2 ] }\n", "{\"a\":[1,2]}");
    row("empty containers", "[{},[],\"\"]", "[{},[],\"\"]");
}

void TestJsonDecoder::values()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    QCOMPARE(roundTrip(sbytes(json)), expected);
}

void TestJsonDecoder::keyOrderKept()
{
    const DecodeResult r = decodeJson(R"({"z":1,"a":2,"m":{"y":1,"b":2}})");
    QVERIFY(r.ok());
    const ValueTree& t = r.tree;
    QVERIFY(t.isString(t.key(t.root(), 0), "z"));
    QVERIFY(t.isString(t.key(t.root(), 1), "a"));
    QVERIFY(t.isString(t.key(t.find(t.root(), "m"), 0), "y"));
}

void TestJsonDecoder::kinds()
{
    const DecodeResult r = decodeJson(R"([1,18446744073709551615,1.5,"s",null,true,[],{}])");
    QVERIFY(r.ok());
    const ValueTree& t = r.tree;
    const Kind expected[] = {Kind::Int,  Kind::BigInt, Kind::Float, Kind::String,
                             Kind::None, Kind::Bool,   Kind::List,  Kind::Dict};
    QCOMPARE(t.count(t.root()), 8u);
    for (std::uint32_t i = 0; i < 8; ++i)
        QCOMPARE(t.kind(t.item(t.root(), i)), expected[i]);
    // uint64 max as little-endian two's complement: eight 0xff and a 0x00 sign byte.
    QCOMPARE(t.bytes(t.item(t.root(), 1)), std::string_view("\xff\xff\xff\xff\xff\xff\xff\xff\0", 9));
}

void TestJsonDecoder::errors_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<qulonglong>("offset");
    auto row = [](const char* name, const QByteArray& json, qulonglong offset) {
        QTest::newRow(name) << json << offset;
    };
    row("empty", "", 0);
    row("bad token", "[1,2,}", 5);
    row("trailing garbage", "{} x", 3);
    row("unterminated string", "[\"abc", 5);
    row("invalid UTF-8", "[\"a\xff\"]", 3);
    row("lone surrogate", R"(["\udc80"])", 7);
    row("overflow float", "1e400", 4);
    row("garbage", "\x80\x02}q", 0);
}

void TestJsonDecoder::errors()
{
    QFETCH(QByteArray, json);
    QFETCH(qulonglong, offset);
    const DecodeResult r = decodeJson(sbytes(json));
    QVERIFY(!r.ok());
    QVERIFY(!r.error->message.empty());
    QVERIFY2(r.error->message.find("[json.exception") == std::string::npos, r.error->message.c_str());
    QCOMPARE(qulonglong(r.error->offset), offset);
}

void TestJsonDecoder::depthLimit()
{
    const std::string deep(100000, '[');
    const DecodeResult r = decodeJson(deep + std::string(100000, ']'));
    QVERIFY(!r.ok());
    QVERIFY(r.error->message.find("deeper than 256") != std::string::npos);
    QCOMPARE(r.error->offset, std::uint64_t(257));
    QVERIFY(decodeJson(std::string(256, '[') + std::string(256, ']')).ok());
    QVERIFY(!decodeJson("[[[[1]]]]", DecodeLimits{3}).ok());
    QVERIFY(decodeJson("[[[1]]]", DecodeLimits{3}).ok());
    // nlohmann reads integer literals beyond uint64 as doubles first: up to ~308 digits they stay exact.
    QVERIFY(decodeJson(std::string(300, '9')).ok());
    QVERIFY(!decodeJson(std::string(400, '9')).ok());
}

void TestJsonDecoder::truncationAtEveryOffset()
{
    const std::string dump = kDump;
    for (std::size_t n = 0; n < dump.size(); ++n) {
        const std::unique_ptr<char[]> copy(new char[n + 1]);
        std::memcpy(copy.get(), dump.data(), n);
        const DecodeResult r = decodeJson(std::string_view(copy.get(), n));
        QVERIFY2(!r.ok(), qPrintable(QStringLiteral("prefix of %1 bytes decoded").arg(n)));
    }
}

void TestJsonDecoder::randomGarbage()
{
    QRandomGenerator rng(777);
    const std::string dump = kDump;
    fd::test::DecodeOutcomes outcomes;
    for (int round = 0; round < 5000; ++round) {
        std::string bytes = dump;
        for (int k = 0; k < 3; ++k)
            bytes[rng.bounded(static_cast<quint32>(bytes.size()))] =
                "[]{}\",:0-e.\\\x80\xff"[rng.bounded(14u)];
        // A tree that converts back to JSON, or an error inside the input.
        const DecodeResult r = decodeJson(bytes);
        const QString wrong = outcomes.add(r, bytes.size());
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        if (r.ok())
            QVERIFY(!valueTreeToJson(r.tree).error);
    }
    // Both outcomes happen: some flips land inside strings and keep the document valid, most break it.
    QVERIFY(outcomes.decoded > 0);
    QVERIFY(outcomes.refused > 0);
}

QTEST_GUILESS_MAIN(TestJsonDecoder)
#include "tst_jsondecoder.moc"
