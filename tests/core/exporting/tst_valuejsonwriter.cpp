#include "tests/core/io/PickleBuilder.h"

#include "core/exporting/ValueJsonWriter.h"
#include "core/io/PickleDecoder.h"

#include <QElapsedTimer>
#include <QTest>

#include <cmath>
#include <limits>

using namespace fd;
using fd::test::PickleBuilder;

namespace {

QByteArray qbytes(const std::string& s)
{
    return QByteArray(s.data(), static_cast<qsizetype>(s.size()));
}

std::string write(const std::string& pickle, int indent)
{
    const DecodeResult r = decodePickle(pickle);
    if (!r.ok())
        return "DECODE ERROR: " + r.error->message;
    const ValueJsonResult j = valueTreeToJson(r.tree, ValueJsonOptions{indent});
    return j.error ? "WRITER ERROR: " + *j.error : j.json;
}

std::string wrap(const PickleBuilder& body)
{
    PickleBuilder p;
    p.proto(2).raw(body.bytes()).stop();
    return p.bytes();
}

} // namespace

class TestValueJsonWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exact_data();
    void exact();
    void indented();
    void nonStringKeys();
    void depthBound();
    void cycle();
    void exponentialSharing();
    void hugeBigInt();
    void noRoot();
};

void TestValueJsonWriter::exact_data()
{
    QTest::addColumn<QByteArray>("pickle");
    QTest::addColumn<QByteArray>("json");
    auto row = [](const char* name, const PickleBuilder& body, std::string json) {
        QTest::newRow(name) << qbytes(wrap(body)) << qbytes(json + "\n");
    };
    const double inf = std::numeric_limits<double>::infinity();
    row("none", PickleBuilder().none(), "null");
    row("float 1.0 stays a float", PickleBuilder().binfloat(1.0), "1.0");
    row("float 0.1 shortest", PickleBuilder().binfloat(0.1), "0.1");
    row("float 1e16", PickleBuilder().binfloat(1e16), "1e+16");
    row("float 1e-05", PickleBuilder().binfloat(1e-5), "1e-05");
    row("float -0.0", PickleBuilder().binfloat(-0.0), "-0.0");
    row("float denormal", PickleBuilder().binfloat(5e-324), "5e-324");
    row("float max", PickleBuilder().binfloat(1.7976931348623157e308), "1.7976931348623157e+308");
    row("float 123456789.0", PickleBuilder().binfloat(123456789.0), "123456789.0");
    row("NaN", PickleBuilder().binfloat(std::nan("")), "\"NaN\"");
    row("Infinity", PickleBuilder().binfloat(inf), "\"Infinity\"");
    row("-Infinity", PickleBuilder().binfloat(-inf), "\"-Infinity\"");
    row("int64 min", PickleBuilder().integer(std::numeric_limits<std::int64_t>::min()),
        "-9223372036854775808");
    row("BigInt 2^64", PickleBuilder().op(0x8a).le(9, 1).le(0, 8).le(1, 1), "18446744073709551616");
    row("BigInt -2^63-1", PickleBuilder().op(0x8a).le(9, 1).le(0x7fffffffffffffffull, 8).le(0xff, 1),
        "-9223372036854775809");
    row("BigInt 10^30 padding",
        PickleBuilder()
            .op(0x8a)
            .le(13, 1)
            .le(0x0000000000000000ull, 0)
            .raw(std::string("\x00\x00\x00\x40\xea\xed\x74\x46\xd0\x9c\x2c\x9f\x0c", 13)),
        "1000000000000000000000000000000");
    row("escapes", PickleBuilder().str("a\"b\\c/\n\r\t\b\f\x01\x1f\x7f"),
        "\"a\\\"b\\\\c/\\n\\r\\t\\b\\f\\u0001\\u001f\x7f\"");
    row("valid UTF-8 kept", PickleBuilder().str("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"),
        "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"");
    row("invalid byte", PickleBuilder().str("a\xff"), "\"a\\udcff\"");
    row("latin-1", PickleBuilder().str("caf\xe9!"), "\"caf\\udce9!\"");
    row("truncated sequence",
        PickleBuilder().str("\xe2\x82"
                            "A"),
        "\"\\udce2\\udc82A\"");
    row("lone continuation", PickleBuilder().str("\x80"), "\"\\udc80\"");
    row("encoded surrogate", PickleBuilder().str("\xed\xa0\x80"), "\"\\udced\\udca0\\udc80\"");
    row("overlong", PickleBuilder().str("\xc0\xaf"), "\"\\udcc0\\udcaf\"");
    row("beyond U+10FFFF", PickleBuilder().str("\xf4\x90\x80\x80"), "\"\\udcf4\\udc90\\udc80\\udc80\"");
    row("NUL", PickleBuilder().str(std::string_view("\0", 1)), "\"\\u0000\"");
    row("bytes", PickleBuilder().op('C').le(3, 1).raw(std::string_view("\xff\x00\x10", 3)),
        "{\"__bytes__\":\"/wAQ\"}");
    row("tuple as array", PickleBuilder().integer(1).str("x").op(0x86), "[1,\"x\"]");
    row("key order", PickleBuilder().emptyDict().mark().str("z").integer(1).str("a").integer(2).setitems(),
        "{\"z\":1,\"a\":2}");
}

void TestValueJsonWriter::exact()
{
    QFETCH(QByteArray, pickle);
    QFETCH(QByteArray, json);
    QCOMPARE(qbytes(write(std::string(pickle.constData(), static_cast<std::size_t>(pickle.size())), 0)),
             json);
}

void TestValueJsonWriter::indented()
{
    PickleBuilder p;
    p.emptyDict().mark().str("a").emptyList().mark().integer(1).integer(2).appends();
    p.str("b").emptyDict().str("c").emptyList().str("d").op('C').le(1, 1).raw("a").setitems();
    QCOMPARE(write(wrap(p), 1), std::string("{\n \"a\": [\n  1,\n  2\n ],\n \"b\": {},\n \"c\": [],\n"
                                            " \"d\": {\n  \"__bytes__\": \"YQ==\"\n }\n}\n"));
    QCOMPARE(write(wrap(PickleBuilder().integer(1).op(0x85)), 2), std::string("[\n  1\n]\n"));
    QCOMPARE(write(wrap(p), 0),
             std::string("{\"a\":[1,2],\"b\":{},\"c\":[],\"d\":{\"__bytes__\":\"YQ==\"}}\n"));
}

void TestValueJsonWriter::nonStringKeys()
{
    PickleBuilder p;
    p.emptyDict().mark();
    p.integer(1).str("int");
    p.none().str("none");
    p.integer(1).str("x").op(0x86).str("tuple");
    p.binfloat(1.5).str("float");
    p.boolean(true).str("bool");
    p.op('C').le(1, 1).raw("k").str("bytes");
    p.str("s\xff").str("bad utf-8 key");
    p.setitems();
    const std::string expected =
        R"({"1":"int","null":"none","[1,\"x\"]":"tuple","1.5":"float","true":"bool",)"
        R"("{\"__bytes__\":\"aw==\"}":"bytes","s\udcff":"bad utf-8 key"})"
        "\n";
    QCOMPARE(write(wrap(p), 0), expected);
}

void TestValueJsonWriter::depthBound()
{
    const std::string p2 = PickleBuilder().proto(2).bytes();
    const auto nested = [&](int n) { return p2 + std::string(n, '(') + std::string(n, 'l') + "."; };
    const DecodeLimits lax{1000};
    const DecodeResult ok = decodePickle(nested(256), lax);
    QVERIFY(ok.ok());
    QVERIFY(!valueTreeToJson(ok.tree).error);
    const DecodeResult deep = decodePickle(nested(300), lax);
    QVERIFY(deep.ok());
    const ValueJsonResult j = valueTreeToJson(deep.tree);
    QVERIFY(j.error);
    QVERIFY2(j.error->find("deeper than 256") != std::string::npos, j.error->c_str());
}

void TestValueJsonWriter::cycle()
{
    // d = {}; d["self"] = [d]
    PickleBuilder p;
    p.proto(2).emptyDict().put(0).str("self").get(0).op(0x85).op('s').stop();
    const DecodeResult r = decodePickle(p.bytes());
    QVERIFY(r.ok());
    const ValueJsonResult j = valueTreeToJson(r.tree, ValueJsonOptions{0});
    QVERIFY(j.error);
    QVERIFY(j.json.empty());
}

void TestValueJsonWriter::exponentialSharing()
{
    // L0 = [s], L(i+1) = [Li, Li]: 200 bytes of pickle, 2^60 values when written out.
    PickleBuilder p;
    p.proto(2).str(std::string(100, 'x')).op(0x85).put(0);
    for (std::uint32_t i = 1; i <= 60; ++i)
        p.get(i - 1).get(i - 1).op(0x86).put(i);
    p.stop();
    const DecodeResult r = decodePickle(p.bytes());
    QVERIFY(r.ok());
    const ValueJsonResult j = valueTreeToJson(r.tree, ValueJsonOptions{0});
    QVERIFY(j.error);
    QVERIFY2(j.error->find("expand") != std::string::npos, j.error->c_str());
}

void TestValueJsonWriter::hugeBigInt()
{
    PickleBuilder p;
    p.proto(2).op(0x8b).le(5000, 4).raw(std::string(5000, '\x11')).stop();
    const DecodeResult r = decodePickle(p.bytes());
    QVERIFY(r.ok());
    QVERIFY(valueTreeToJson(r.tree).error);
    // 4096 bytes is fine: 2^(8*4096 - 8) has 9862 digits.
    PickleBuilder q;
    q.proto(2).op(0x8b).le(4096, 4).raw(std::string(4095, '\0') + "\x01").stop();
    const DecodeResult r2 = decodePickle(q.bytes());
    const ValueJsonResult j = valueTreeToJson(r2.tree);
    QVERIFY(!j.error);
    QCOMPARE(j.json.size(), std::size_t(9862 + 1));
    // Referenced 20000 times through the memo: converted once, then bounded by the output cap.
    PickleBuilder many;
    many.proto(2).emptyList().mark().op(0x8b).le(4096, 4).raw(std::string(4095, '\x7f') + "\x01").put(0);
    for (int i = 0; i < 20000; ++i)
        many.get(0);
    many.appends().stop();
    const DecodeResult r3 = decodePickle(many.bytes());
    QVERIFY(r3.ok());
    QElapsedTimer timer;
    timer.start();
    const ValueJsonResult j3 = valueTreeToJson(r3.tree, ValueJsonOptions{0});
    QVERIFY(j3.error);
    QVERIFY(timer.elapsed() < 5000);
}

void TestValueJsonWriter::noRoot()
{
    const ValueTree empty;
    QVERIFY(valueTreeToJson(empty).error);
}

QTEST_GUILESS_MAIN(TestValueJsonWriter)
#include "tst_valuejsonwriter.moc"
