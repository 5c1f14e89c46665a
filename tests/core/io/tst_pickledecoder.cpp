#include "DecodeOutcomes.h"
#include "PickleBuilder.h"
#include "tests/support/SharedFixtures.h"

#include "core/exporting/ValueJsonWriter.h"
#include "core/io/PickleDecoder.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTest>

using namespace fd;
using fd::test::PickleBuilder;
using Kind = ValueTree::Kind;

namespace {

QByteArray qbytes(const std::string& s)
{
    return QByteArray(s.data(), static_cast<qsizetype>(s.size()));
}

std::string sbytes(const QByteArray& b)
{
    return std::string(b.constData(), static_cast<std::size_t>(b.size()));
}

// Compact JSON of the decoded root, or "ERROR@offset: message".
QString decodeToJson(const std::string& bytes, const DecodeLimits& limits = {})
{
    const DecodeResult r = decodePickle(bytes, limits);
    if (!r.ok())
        return QStringLiteral("ERROR@%1: %2")
            .arg(r.error->offset)
            .arg(QString::fromStdString(r.error->message));
    const ValueJsonResult j = valueTreeToJson(r.tree, ValueJsonOptions{0});
    if (j.error)
        return QStringLiteral("WRITER ERROR: ") + QString::fromStdString(*j.error);
    return QString::fromUtf8(j.json.data(), static_cast<qsizetype>(j.json.size())).trimmed();
}

std::string wrap(const PickleBuilder& body)
{
    PickleBuilder p;
    p.proto(2).raw(body.bytes()).stop();
    return p.bytes();
}

} // namespace

class TestPickleDecoder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scalars_data();
    void scalars();
    void containers_data();
    void containers();
    void long1_data();
    void long1();
    void refused_data();
    void refused();
    void malformed_data();
    void malformed();
    void memoAcross256Ids();
    void binputAfterContainer();
    void sharedContainers();
    void batchesRelocateContainers();
    void hugeMemoIds();
    void truncationAtEveryOffset();
    void deepNesting_data();
    void deepNesting();
    void deepNestingBuiltLate();
    void memoDoesNotBalloon();
    void selfReferencingList();
    void randomGarbage();
    void realTorchDumps();
};

void TestPickleDecoder::scalars_data()
{
    QTest::addColumn<QByteArray>("pickle");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("json");
    auto row = [](const char* name, const PickleBuilder& body, Kind kind, const char* json) {
        QTest::newRow(name) << qbytes(wrap(body)) << static_cast<int>(kind) << QString::fromUtf8(json);
    };
    row("BININT1", PickleBuilder().op('K').le(200, 1), Kind::Int, "200");
    row("BININT2", PickleBuilder().op('M').le(65535, 2), Kind::Int, "65535");
    row("BININT -1", PickleBuilder().op('J').le(0xffffffff, 4), Kind::Int, "-1");
    row("BININT min", PickleBuilder().op('J').le(0x80000000, 4), Kind::Int, "-2147483648");
    row("LONG4 small", PickleBuilder().op(0x8b).le(2, 4).le(0x0100, 2), Kind::Int, "256");
    row("LONG4 empty", PickleBuilder().op(0x8b).le(0, 4), Kind::Int, "0");
    row("LONG4 2^64", PickleBuilder().op(0x8b).le(9, 4).le(0, 8).le(1, 1), Kind::BigInt,
        "18446744073709551616");
    row("LONG1 -2^64", PickleBuilder().op(0x8a).le(9, 1).le(0, 8).le(0xff, 1), Kind::BigInt,
        "-18446744073709551616");
    row("NONE", PickleBuilder().none(), Kind::None, "null");
    row("NEWTRUE", PickleBuilder().op(0x88), Kind::Bool, "true");
    row("NEWFALSE", PickleBuilder().op(0x89), Kind::Bool, "false");
    // 1.5 is 3f f8 00.. big-endian: a little-endian reader would see a denormal
    row("BINFLOAT", PickleBuilder().op('G').raw(std::string("\x3f\xf8\0\0\0\0\0\0", 8)), Kind::Float, "1.5");
    row("BINFLOAT -0.1", PickleBuilder().binfloat(-0.1), Kind::Float, "-0.1");
    row("BINUNICODE", PickleBuilder().str("nccl:all_reduce"), Kind::String, "\"nccl:all_reduce\"");
    row("BINUNICODE empty", PickleBuilder().str(""), Kind::String, "\"\"");
    row("SHORT_BINUNICODE", PickleBuilder().shortStr("h\xc3\xa9"), Kind::String, "\"h\xc3\xa9\"");
    row("BINUNICODE8", PickleBuilder().op(0x8d).le(3, 8).raw("abc"), Kind::String, "\"abc\"");
    row("BINSTRING", PickleBuilder().op('T').le(2, 4).raw("ab"), Kind::String, "\"ab\"");
    row("SHORT_BINSTRING", PickleBuilder().op('U').le(2, 1).raw("ab"), Kind::String, "\"ab\"");
    row("BINBYTES", PickleBuilder().op('B').le(3, 4).raw(std::string("\0\1\2", 3)), Kind::Bytes,
        "{\"__bytes__\":\"AAEC\"}");
    row("SHORT_BINBYTES", PickleBuilder().op('C').le(1, 1).raw("a"), Kind::Bytes, "{\"__bytes__\":\"YQ==\"}");
    row("BINBYTES8", PickleBuilder().op(0x8e).le(2, 8).raw("ab"), Kind::Bytes, "{\"__bytes__\":\"YWI=\"}");
    row("BYTEARRAY8", PickleBuilder().op(0x96).le(0, 8), Kind::Bytes, "{\"__bytes__\":\"\"}");
    row("INT text", PickleBuilder().op('I').raw("-42\n"), Kind::Int, "-42");
    row("INT text True", PickleBuilder().op('I').raw("01\n"), Kind::Bool, "true");
    row("INT text False", PickleBuilder().op('I').raw("00\n"), Kind::Bool, "false");
    row("LONG text", PickleBuilder().op('L').raw("123L\n"), Kind::Int, "123");
    row("FLOAT text", PickleBuilder().op('F').raw("2.5\n"), Kind::Float, "2.5");
    row("PUT/GET text", PickleBuilder().str("x").op('p').raw("7\n").op('0').op('g').raw("7\n"), Kind::String,
        "\"x\"");
    row("MEMOIZE", PickleBuilder().str("m").op(0x94).op('0').op('h').le(0, 1), Kind::String, "\"m\"");
    row("FRAME", PickleBuilder().op(0x95).le(2, 8).none(), Kind::None, "null");
}

void TestPickleDecoder::scalars()
{
    QFETCH(QByteArray, pickle);
    QFETCH(int, kind);
    QFETCH(QString, json);
    const std::string bytes = sbytes(pickle);
    const DecodeResult r = decodePickle(bytes);
    QVERIFY2(r.ok(), r.error ? r.error->message.c_str() : "");
    QCOMPARE(static_cast<int>(r.tree.kind(r.tree.root())), kind);
    QCOMPARE(decodeToJson(bytes), json);
}

void TestPickleDecoder::containers_data()
{
    QTest::addColumn<QByteArray>("pickle");
    QTest::addColumn<QString>("json");
    auto row = [](const char* name, const PickleBuilder& body, const char* json) {
        QTest::newRow(name) << qbytes(wrap(body)) << QString::fromUtf8(json);
    };
    row("EMPTY_DICT SETITEMS",
        PickleBuilder().emptyDict().mark().str("b").integer(1).str("a").integer(2).setitems(),
        "{\"b\":1,\"a\":2}");
    row("empty SETITEMS", PickleBuilder().emptyDict().mark().setitems(), "{}");
    row("SETITEM", PickleBuilder().emptyDict().str("k").none().op('s'), "{\"k\":null}");
    row("DICT", PickleBuilder().mark().str("k").integer(1).op('d'), "{\"k\":1}");
    row("LIST", PickleBuilder().mark().integer(1).integer(2).op('l'), "[1,2]");
    row("EMPTY_LIST APPEND", PickleBuilder().emptyList().integer(1).op('a'), "[1]");
    row("APPENDS", PickleBuilder().emptyList().mark().integer(1).integer(2).appends(), "[1,2]");
    row("EMPTY_TUPLE", PickleBuilder().emptyTuple(), "[]");
    row("TUPLE", PickleBuilder().mark().integer(1).none().op('t'), "[1,null]");
    row("TUPLE1", PickleBuilder().integer(1).op(0x85), "[1]");
    row("TUPLE2", PickleBuilder().str("0").str("default_pg").op(0x86), "[\"0\",\"default_pg\"]");
    row("TUPLE3", PickleBuilder().integer(1).integer(2).integer(3).op(0x87), "[1,2,3]");
    row("POP", PickleBuilder().integer(1).integer(2).op('0'), "1");
    row("POP pops an empty mark", PickleBuilder().integer(1).mark().op('0'), "1");
    row("POP_MARK", PickleBuilder().integer(1).mark().integer(2).integer(3).op('1'), "1");
    row("DUP", PickleBuilder().emptyList().op('2').integer(1).op('a').op(0x86), "[[1],[1]]");
    row("nested",
        PickleBuilder().emptyDict().mark().str("l").emptyList().mark().emptyTuple().appends().setitems(),
        "{\"l\":[[]]}");
    row("int keys", PickleBuilder().emptyDict().mark().integer(0).emptyList().setitems(), "{\"0\":[]}");
    {
        PickleBuilder p; // protocol 5 as Python writes it: FRAME, SHORT_BINUNICODE, MEMOIZE after the opener
        p.proto(5)
            .op(0x95)
            .le(10, 8)
            .emptyDict()
            .op(0x94)
            .shortStr("a")
            .op(0x94)
            .op('K')
            .le(1, 1)
            .op('s')
            .stop();
        QTest::newRow("protocol 5") << qbytes(p.bytes()) << QStringLiteral("{\"a\":1}");
    }
}

void TestPickleDecoder::containers()
{
    QFETCH(QByteArray, pickle);
    QFETCH(QString, json);
    QCOMPARE(decodeToJson(sbytes(pickle)), json);
}

void TestPickleDecoder::long1_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QString>("json");
    QTest::addColumn<int>("kind");
    auto row = [](const char* name, std::string payload, const char* json, Kind kind = Kind::Int) {
        QTest::newRow(name) << qbytes(payload) << QString::fromLatin1(json) << static_cast<int>(kind);
    };
    row("0 bytes", "", "0");
    row("1 byte 127", "\x7f", "127");
    row("1 byte -1", "\xff", "-1");
    row("1 byte -128", "\x80", "-128");
    row("2 bytes 255", std::string("\xff\x00", 2), "255");
    row("2 bytes -32768", std::string("\x00\x80", 2), "-32768");
    row("3 bytes", "\x01\x02\x03", "197121");
    row("3 bytes negative", std::string("\x00\x00\x80", 3), "-8388608");
    row("4 bytes", std::string("\x00\x00\x00\x80", 4), "-2147483648");
    row("5 bytes 2^32", std::string("\x00\x00\x00\x00\x01", 5), "4294967296");
    row("5 bytes negative", std::string("\x00\x00\x00\x00\xff", 5), "-4294967296");
    row("6 bytes", std::string("\x00\x00\x00\x00\x00\x01", 6), "1099511627776");
    row("7 bytes negative", std::string("\xff\xff\xff\xff\xff\xff\xfe", 7), "-281474976710657");
    row("8 bytes timestamp", std::string("\x00\x00\x2a\x36\xfe\x9c\x97\x17", 8), "1700000000000000000");
    row("8 bytes int64 min", std::string("\x00\x00\x00\x00\x00\x00\x00\x80", 8), "-9223372036854775808");
    row("9 bytes fits", std::string("\xff\xff\xff\xff\xff\xff\xff\xff\xff", 9), "-1");
    row("9 bytes 2^63", std::string("\x00\x00\x00\x00\x00\x00\x00\x80\x00", 9), "9223372036854775808",
        Kind::BigInt);
    row("9 bytes -2^63-1", std::string("\xff\xff\xff\xff\xff\xff\xff\x7f\xff", 9), "-9223372036854775809",
        Kind::BigInt);
    row("17 bytes 2^128", std::string(16, '\0') + "\x01", "340282366920938463463374607431768211456",
        Kind::BigInt);
}

void TestPickleDecoder::long1()
{
    QFETCH(QByteArray, payload);
    QFETCH(QString, json);
    QFETCH(int, kind);
    const std::string bytes =
        wrap(PickleBuilder().op(0x8a).le(static_cast<std::uint64_t>(payload.size()), 1).raw(sbytes(payload)));
    const DecodeResult r = decodePickle(bytes);
    QVERIFY(r.ok());
    QCOMPARE(static_cast<int>(r.tree.kind(r.tree.root())), kind);
    QCOMPARE(decodeToJson(bytes), json);
    // The same value through LONG4.
    const std::string bytes4 =
        wrap(PickleBuilder().op(0x8b).le(static_cast<std::uint64_t>(payload.size()), 4).raw(sbytes(payload)));
    QCOMPARE(decodeToJson(bytes4), json);
}

void TestPickleDecoder::refused_data()
{
    QTest::addColumn<int>("opcode");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("verb");
    const struct
    {
        int op;
        const char* label;
        const char* verb;
    } rows[] = {
        {'c', "GLOBAL (0x63)", "refused"},
        {0x93, "STACK_GLOBAL (0x93)", "refused"},
        {'R', "REDUCE (0x52)", "refused"},
        {'b', "BUILD (0x62)", "refused"},
        {'i', "INST (0x69)", "refused"},
        {'o', "OBJ (0x6f)", "refused"},
        {0x81, "NEWOBJ (0x81)", "refused"},
        {0x92, "NEWOBJ_EX (0x92)", "refused"},
        {'P', "PERSID (0x50)", "refused"},
        {'Q', "BINPERSID (0x51)", "refused"},
        {0x82, "EXT1 (0x82)", "refused"},
        {0x83, "EXT2 (0x83)", "refused"},
        {0x84, "EXT4 (0x84)", "refused"},
        {0x97, "NEXT_BUFFER (0x97)", "refused"},
        {0x98, "READONLY_BUFFER (0x98)", "refused"},
        {0x8f, "EMPTY_SET (0x8f)", "not supported"},
        {0x90, "ADDITEMS (0x90)", "not supported"},
        {0x91, "FROZENSET (0x91)", "not supported"},
        {'S', "STRING (0x53)", "not supported"},
        {'V', "UNICODE (0x56)", "not supported"},
    };
    for (const auto& r : rows)
        QTest::newRow(r.label) << r.op << QString::fromLatin1(r.label) << QString::fromLatin1(r.verb);
}

void TestPickleDecoder::refused()
{
    QFETCH(int, opcode);
    QFETCH(QString, label);
    QFETCH(QString, verb);
    // Arguments that would make each opcode valid in Python follow, so the refusal is about the opcode
    // itself.
    PickleBuilder p;
    p.proto(2)
        .str("os")
        .str("system")
        .none()
        .op(static_cast<unsigned char>(opcode))
        .raw("os\nsystem\n")
        .stop();
    const DecodeResult r = decodePickle(p.bytes());
    QVERIFY(!r.ok());
    QCOMPARE(r.error->offset, std::uint64_t(2 + 7 + 11 + 1));
    const QString message = QString::fromStdString(r.error->message);
    QVERIFY2(message.startsWith(QStringLiteral("opcode ") + label + QStringLiteral(" is ") + verb),
             qPrintable(message));
}

void TestPickleDecoder::malformed_data()
{
    QTest::addColumn<QByteArray>("pickle");
    QTest::addColumn<qulonglong>("offset");
    QTest::addColumn<QString>("contains");
    auto row = [](const char* name, const std::string& bytes, qulonglong offset, const char* contains) {
        QTest::newRow(name) << qbytes(bytes) << offset << QString::fromLatin1(contains);
    };
    const std::string p2 = PickleBuilder().proto(2).bytes();
    row("empty input", "", 0, "without STOP");
    row("missing STOP", p2 + "N", 3, "without STOP");
    row("STOP on empty stack", p2 + ".", 2, "underflow");
    row("STOP inside an empty mark", p2 + "N(.", 4, "underflow");
    row("trailing garbage", p2 + "N.xyz", 4, "3 unexpected bytes after STOP");
    row("unknown opcode", p2 + "\xff", 2, "unknown opcode 0xff");
    row("NUL opcode", p2 + std::string(1, '\0'), 2, "unknown opcode 0x00");
    row("protocol 6", PickleBuilder().proto(6).none().stop().bytes(), 0, "unsupported pickle protocol 6");
    row("APPEND underflow", p2 + "]a.", 3, "underflow");
    row("APPEND across a mark", p2 + "]N(a.", 5, "underflow");
    row("SETITEMS without mark", p2 + "}NNu.", 5, "without a preceding MARK");
    row("SETITEMS on a list", p2 + "](NNu.", 6, "SETITEMS (0x75) on a list, not a dict");
    row("APPENDS on a dict", p2 + "}(Ne.", 5, "APPENDS (0x65) on a dict, not a list");
    row("APPEND on a tuple", p2 + ")Na.", 4, "APPEND (0x61) on a tuple");
    row("SETITEM on a str", PickleBuilder().proto(2).str("s").none().none().op('s').stop().bytes(), 10,
        "on a str");
    row("SETITEMS odd count", p2 + "}(NNNu.", 7, "odd number");
    row("DICT odd count", p2 + "(Nd.", 4, "odd number");
    row("SETITEMS nothing below mark", p2 + "(NNu.", 5, "no container below");
    row("TUPLE2 underflow", p2 + "N\x86.", 3, "underflow");
    row("POP underflow", p2 + "0", 2, "underflow");
    row("DUP underflow", p2 + "2", 2, "underflow");
    row("POP_MARK without mark", p2 + "1", 2, "without a preceding MARK");
    row("BINGET unknown id", p2 + "h\x05.", 2, "memo id 5, which was never stored");
    row("LONG_BINGET unknown id", p2 + "j\xff\xff\xff\xff.", 2, "memo id 4294967295");
    row("BINPUT on empty stack", p2 + std::string("q\0", 2), 2, "nothing on the stack");
    row("BINUNICODE 4 GiB", p2 + "X\xff\xff\xff\xff" + "abc.", 2, "length exceeds file");
    row("BINUNICODE8 2^63", p2 + "\x8d" + std::string("\0\0\0\0\0\0\0\x80", 8) + ".", 2,
        "length exceeds file");
    row("BINBYTES8 huge", p2 + "\x8e" + std::string(8, '\xff'), 2, "length exceeds file");
    row("LONG4 huge", p2 + "\x8b\xff\xff\xff\x7f", 2, "length exceeds file");
    row("LONG4 negative", p2 + "\x8b\xff\xff\xff\xff.", 2, "negative length");
    row("BINSTRING negative", p2 + "T\xff\xff\xff\xff.", 2, "negative length");
    row("FRAME too long", p2 + "\x95" + std::string("\x10\0\0\0\0\0\0\0", 8) + "N.", 2,
        "length exceeds file");
    row("BININT truncated", p2 + "J\x01\x02", 2, "truncated: BININT (0x4a) needs 4 more bytes");
    row("INT no newline", p2 + "I12", 2, "no terminating newline");
    row("INT not a number", p2 + "Ixyz\n.", 2, "not a decimal integer");
    row("INT beyond int64", p2 + "I99999999999999999999\n.", 2, "within 64 bits");
    row("FLOAT not a number", p2 + "Fabc\n.", 2, "not a number");
    row("GET not an id", p2 + "g-1\n.", 2, "not a memo id");
}

void TestPickleDecoder::malformed()
{
    QFETCH(QByteArray, pickle);
    QFETCH(qulonglong, offset);
    QFETCH(QString, contains);
    const DecodeResult r = decodePickle(sbytes(pickle));
    QVERIFY(!r.ok());
    const QString message = QString::fromStdString(r.error->message);
    QVERIFY2(message.contains(contains), qPrintable(message));
    QCOMPARE(qulonglong(r.error->offset), offset);
}

void TestPickleDecoder::memoAcross256Ids()
{
    PickleBuilder p;
    p.proto(2).emptyList().mark();
    for (int i = 0; i < 600; ++i)
        p.str("s" + std::to_string(i)).put(static_cast<std::uint32_t>(i));
    for (int i = 599; i >= 0; --i)
        p.get(static_cast<std::uint32_t>(i));
    p.appends().stop();
    QVERIFY(p.bytes().find('r') != std::string::npos); // LONG_BINPUT is in use
    const DecodeResult r = decodePickle(p.bytes());
    QVERIFY(r.ok());
    const ValueTree& t = r.tree;
    QCOMPARE(t.count(t.root()), 1200u);
    for (std::uint32_t i = 0; i < 600; ++i) {
        QCOMPARE(t.item(t.root(), 600 + i), t.item(t.root(), 599 - i)); // BINGET shares the node
        QVERIFY(t.isString(t.item(t.root(), i), "s" + std::to_string(i)));
    }
}

void TestPickleDecoder::binputAfterContainer()
{
    // C++ pickler: the dict is complete before its BINPUT; Python: BINPUT right after EMPTY_DICT.
    for (const bool putFirst : {false, true}) {
        PickleBuilder p;
        p.proto(2).emptyList().mark().emptyDict();
        if (putFirst)
            p.put(0);
        p.mark().str("name").str("f").setitems();
        if (!putFirst)
            p.put(0);
        p.get(0).get(0).appends().stop();
        const DecodeResult r = decodePickle(p.bytes());
        QVERIFY(r.ok());
        QCOMPARE(decodeToJson(p.bytes()),
                 QStringLiteral("[{\"name\":\"f\"},{\"name\":\"f\"},{\"name\":\"f\"}]"));
    }
}

void TestPickleDecoder::sharedContainers()
{
    PickleBuilder p;
    p.proto(2).emptyDict().mark().str("a").emptyList().put(0).str("b").get(0).setitems().stop();
    const DecodeResult r = decodePickle(p.bytes());
    QVERIFY(r.ok());
    const ValueTree& t = r.tree;
    QCOMPARE(t.value(t.root(), 0), t.value(t.root(), 1));
    QCOMPARE(t.kind(t.value(t.root(), 0)), Kind::List);
}

void TestPickleDecoder::batchesRelocateContainers()
{
    // Python batches SETITEMS/APPENDS by 1000 and builds each item (a dict) between batches, so the outer
    // containers are moved by ValueTree::append. Items must survive in order.
    const int n = 2500;
    PickleBuilder p;
    p.proto(4).emptyDict().mark().str("entries").emptyList().op(0x94);
    for (int batch = 0; batch < n; batch += 1000) {
        p.mark();
        for (int i = batch; i < std::min(n, batch + 1000); ++i)
            p.emptyDict().mark().str("record_id").integer(i).setitems();
        p.appends();
    }
    p.str("pg_status").emptyDict().op(0x94);
    for (int batch = 0; batch < n; batch += 1000) {
        p.mark();
        for (int i = batch; i < std::min(n, batch + 1000); ++i)
            p.str(std::to_string(i)).emptyList().mark().integer(i).appends();
        p.setitems();
    }
    p.setitems().stop();
    const DecodeResult r = decodePickle(p.bytes());
    QVERIFY2(r.ok(), r.error ? r.error->message.c_str() : "");
    const ValueTree& t = r.tree;
    const auto entries = t.find(t.root(), "entries");
    const auto status = t.find(t.root(), "pg_status");
    QCOMPARE(t.count(entries), std::uint32_t(n));
    QCOMPARE(t.count(status), std::uint32_t(n));
    for (int i = 0; i < n; ++i) {
        QCOMPARE(t.toInt(t.find(t.item(entries, static_cast<std::uint32_t>(i)), "record_id")), i);
        QVERIFY(t.isString(t.key(status, static_cast<std::uint32_t>(i)), std::to_string(i)));
        QCOMPARE(t.toInt(t.item(t.value(status, static_cast<std::uint32_t>(i)), 0)), i);
    }
}

void TestPickleDecoder::hugeMemoIds()
{
    // Memo ids up to 2^32 - 1 are legal: they must not allocate a table that large.
    PickleBuilder p;
    p.proto(2).str("x").op('r').le(0xffffffffu, 4).str("y").op('r').le(0x80000000u, 4).op(0x86);
    p.op('j').le(0xffffffffu, 4).op('j').le(0x80000000u, 4).op(0x87).stop();
    QCOMPARE(decodeToJson(p.bytes()), QStringLiteral("[[\"x\",\"y\"],\"x\",\"y\"]"));
}

void TestPickleDecoder::truncationAtEveryOffset()
{
    const std::string dump = fd::test::realisticDump();
    const DecodeResult whole = decodePickle(dump);
    QVERIFY2(whole.ok(), whole.error ? whole.error->message.c_str() : "");
    QVERIFY(whole.tree.find(whole.tree.root(), "entries") != ValueTree::kInvalid);
    for (std::size_t n = 0; n < dump.size(); ++n) {
        // A copy of exactly n bytes, so ASan sees any read past the end.
        const std::unique_ptr<char[]> copy(new char[n + 1]);
        std::memcpy(copy.get(), dump.data(), n);
        const DecodeResult r = decodePickle(std::string_view(copy.get(), n));
        QVERIFY2(!r.ok(), qPrintable(QStringLiteral("prefix of %1 bytes decoded").arg(n)));
        QVERIFY(r.error->offset <= n);
    }
}

void TestPickleDecoder::deepNesting_data()
{
    QTest::addColumn<QByteArray>("pickle");
    const int deep = 100000;
    const std::string p2 = PickleBuilder().proto(2).bytes();
    QTest::newRow("MARK..LIST") << qbytes(p2 + std::string(deep, '(') + "N" + std::string(deep, 'l') + ".");
    QTest::newRow("EMPTY_LIST..APPEND")
        << qbytes(p2 + std::string(deep, ']') + std::string(deep - 1, 'a') + ".");
    QTest::newRow("TUPLE1 chain") << qbytes(p2 + "N" + std::string(deep, '\x85') + ".");
    std::string dicts = p2;
    for (int i = 0; i < deep; ++i)
        dicts += "}K\x01";
    QTest::newRow("dict chain") << qbytes(dicts + "N" + std::string(deep, 's') + ".");
}

void TestPickleDecoder::deepNesting()
{
    QFETCH(QByteArray, pickle);
    const DecodeResult r = decodePickle(sbytes(pickle));
    QVERIFY(!r.ok());
    QVERIFY2(r.error->message.find("deeper than 256") != std::string::npos, r.error->message.c_str());
    // Within the limit: 256 levels decode, 257 do not.
    const std::string p2 = PickleBuilder().proto(2).bytes();
    QVERIFY(decodePickle(p2 + std::string(256, '(') + std::string(256, 'l') + ".").ok());
    QVERIFY(!decodePickle(p2 + std::string(257, '(') + std::string(257, 'l') + ".").ok());
    QVERIFY(!decodePickle(p2 + std::string(4, '(') + std::string(4, 'l') + ".", DecodeLimits{3}).ok());
}

void TestPickleDecoder::deepNestingBuiltLate()
{
    // L0.append(L1) while L1 is still empty, then L1.append(L2)...: depth() never sees more than 2 levels as
    // the items are appended, the finished tree is 100001 deep. The decoder must notice.
    const auto chain = [](std::uint32_t n) {
        PickleBuilder p;
        p.proto(2).emptyList().put(0);
        for (std::uint32_t i = 0; i < n; ++i)
            p.emptyList().put(i + 1).op('0').get(i).get(i + 1).op('a').op('0');
        return p.stop().bytes();
    };
    const DecodeResult r = decodePickle(chain(100000));
    QVERIFY(!r.ok());
    QVERIFY2(r.error->message.find("deeper than 256") != std::string::npos, r.error->message.c_str());
    QVERIFY(decodePickle(chain(255)).ok()); // 256 lists
    QVERIFY(!decodePickle(chain(256)).ok());
    // A recursive structure built the same way is still fine: d = {}; d["a"] = [d]; d["b"] = 1
    PickleBuilder p;
    p.proto(2).emptyDict().put(0).str("a").get(0).op(0x85).op('s').str("b").integer(1).op('s').stop();
    QVERIFY(decodePickle(p.bytes()).ok());
}

void TestPickleDecoder::memoDoesNotBalloon()
{
    // Each id about twice the previous one: the dense memo table must not follow them up to 2^32 (that would
    // allocate 16 GiB and abort; here it must simply decode).
    PickleBuilder p;
    p.proto(2).none();
    std::uint64_t id = 4000;
    for (int i = 0; i < 40 && id < 0xffffffffu; ++i, id = id * 2 + 4000)
        p.op('r').le(id, 4);
    p.op('j').le(4000, 4).op(0x86).stop();
    const DecodeResult r = decodePickle(p.bytes());
    QVERIFY2(r.ok(), r.error ? r.error->message.c_str() : "");
}

void TestPickleDecoder::selfReferencingList()
{
    // l = []; l.append(l): decodes (Python can pickle it), the writer must stop, not loop.
    PickleBuilder p;
    p.proto(2).emptyList().put(0).get(0).op('a').stop();
    const DecodeResult r = decodePickle(p.bytes());
    QVERIFY(r.ok());
    QCOMPARE(r.tree.item(r.tree.root(), 0), r.tree.root());
    const ValueJsonResult j = valueTreeToJson(r.tree);
    QVERIFY(j.error.has_value());
    QVERIFY(j.json.empty());
}

void TestPickleDecoder::randomGarbage()
{
    QRandomGenerator rng(12345);
    const std::string dump = fd::test::realisticDump();
    fd::test::DecodeOutcomes outcomes;
    for (int round = 0; round < 20000; ++round) {
        std::string bytes;
        if (round % 2) {
            bytes.resize(rng.bounded(64));
            for (char& c : bytes)
                c = static_cast<char>(rng.bounded(256));
        } else { // mutate a valid dump: flips keep most of the structure
            bytes = dump;
            for (int k = 0; k < 4; ++k)
                bytes[rng.bounded(static_cast<quint32>(bytes.size()))] = static_cast<char>(rng.bounded(256));
        }
        // Either a tree that converts to JSON, or an error inside the input: never a crash, a hang or both.
        const DecodeResult r = decodePickle(bytes);
        const QString wrong = outcomes.add(r, bytes.size());
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        if (r.ok()) {
            const ValueJsonResult json = valueTreeToJson(r.tree);
            QVERIFY(json.error || !json.json.empty());
        }
    }
    // Both outcomes happen: the flips do not all land where they break the dump, and random bytes are
    // refused.
    QVERIFY(outcomes.decoded > 0);
    QVERIFY(outcomes.refused > 0);
}

namespace {

// Every pickle dump (`_dump_*`, JSON ones left out) of every job folder under `root` decodes whole into a
// dict with a pg_config that the JSON writer takes; returns how many there were, -1 after a failed check.
int decodeRealDumps(const QString& root, const char* version = nullptr)
{
    int files = 0;
    const QDir jobs(root);
    for (const QString& job : jobs.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QDir dir(jobs.filePath(job));
        for (const QString& name : dir.entryList({QStringLiteral("_dump_*")}, QDir::Files)) {
            QFile f(dir.filePath(name));
            if (!f.open(QIODevice::ReadOnly))
                return -1;
            const QByteArray data = f.readAll();
            if (data.startsWith('{'))
                continue; // the JSON variant of a job
            const DecodeResult r = decodePickle(std::string_view(data.constData(), std::size_t(data.size())));
            [&] {
                QVERIFY2(r.ok(),
                         qPrintable(f.fileName() + QStringLiteral(": ") +
                                    QString::fromStdString(r.ok() ? std::string() : r.error->message)));
                const ValueTree& t = r.tree;
                QCOMPARE(t.kind(t.root()), Kind::Dict);
                QVERIFY(!version || t.isString(t.find(t.root(), "version"), version));
                QVERIFY(t.kind(t.find(t.root(), "pg_config")) == Kind::Dict);
                QVERIFY(!valueTreeToJson(t).error);
            }();
            if (QTest::currentTestFailed())
                return -1;
            ++files;
        }
    }
    return files;
}

} // namespace

// The real torch 2.13 dumps committed under tests/data/torch (gloo, the C++ pickler's layout) decode whole.
void TestPickleDecoder::realTorchDumps()
{
    QVERIFY(decodeRealDumps(QStringLiteral(FD_TEST_DATA "/torch")) >= 5);
}

// Over ../shared's real NVRx jobs: run as tst_pickledecoder_shared where ../shared exists
// (tests/support/SharedFixtures.h).
class TestPickleDecoderShared : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // PyTorch 2.9's C++ pickler on NCCL jobs: the 32 dumps of the NVRx jobs decode whole.
    void realDumps();
};

void TestPickleDecoderShared::realDumps()
{
    QCOMPARE(decodeRealDumps(QStringLiteral(FD_SHARED_FIXTURES "/nvrx"), "2.9"), 32);
}

FD_TEST_GUILESS_MAIN_WITH_SHARED(TestPickleDecoder, TestPickleDecoderShared)
#include "tst_pickledecoder.moc"
