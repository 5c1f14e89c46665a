// parseHangingRanks() over the shapes models actually write, and compareWithVerdict().
#include "core/llm/HangingRanks.h"
#include "core/model/RankListText.h"

#include <QTest>

using namespace fd;

using RankSet = std::set<int>;
using MaybeRanks = std::optional<RankSet>;
Q_DECLARE_METATYPE(MaybeRanks)

class TestLlmRanks : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QString>("answer");
        QTest::addColumn<MaybeRanks>("expected");
        QTest::newRow("braces") << "Rank 1 and 2 stalled.\nhanging ranks: {1, 2}"
                                << MaybeRanks(RankSet{1, 2});
        QTest::newRow("brackets") << "hanging ranks: [1,2]" << MaybeRanks(RankSet{1, 2});
        QTest::newRow("upper case") << "HANGING RANKS: {7}" << MaybeRanks(RankSet{7});
        QTest::newRow("title case no colon") << "Hanging Ranks {0, 3}" << MaybeRanks(RankSet{0, 3});
        QTest::newRow("equals") << "hanging_ranks = [4]" << MaybeRanks(RankSet{4});
        QTest::newRow("markdown bold") << "**Hanging ranks:** {5, 6}" << MaybeRanks(RankSet{5, 6});
        QTest::newRow("backticks") << "`hanging ranks: {9}`" << MaybeRanks(RankSet{9});
        QTest::newRow("empty set") << "Nothing hangs.\nhanging ranks: {}" << MaybeRanks(RankSet{});
        QTest::newRow("empty brackets spaced") << "hanging ranks: [ ]" << MaybeRanks(RankSet{});
        QTest::newRow("duplicates and order") << "hanging ranks: {3, 1, 3}" << MaybeRanks(RankSet{1, 3});
        QTest::newRow("last wins")
            << "At first I thought hanging ranks: {1}.\nOn reflection:\nhanging ranks: {2, 8}"
            << MaybeRanks(RankSet{2, 8});
        QTest::newRow("placeholder ignored, real one kept")
            << "hanging ranks: {4}\nThe format is hanging ranks: {r1, r2}" << MaybeRanks(RankSet{4});
        QTest::newRow("none") << "I cannot tell which rank hangs." << MaybeRanks();
        QTest::newRow("placeholder only") << "hanging ranks: {r1, r2}" << MaybeRanks();
        QTest::newRow("negative rejected") << "hanging ranks: {-1}" << MaybeRanks();
        QTest::newRow("unterminated") << "hanging ranks: {1, 2" << MaybeRanks();
        QTest::newRow("spaces and semicolons")
            << "hanging ranks:   {10;11 12}" << MaybeRanks(RankSet{10, 11, 12});
        QTest::newRow("crlf") << "text\r\nhanging ranks: {1}\r\n" << MaybeRanks(RankSet{1});
        QTest::newRow("empty answer") << "" << MaybeRanks();
    }
    void parse()
    {
        QFETCH(QString, answer);
        QFETCH(MaybeRanks, expected);
        QCOMPARE(parseHangingRanks(answer), expected);
    }

    void compare()
    {
        RankAgreement a = compareWithVerdict({1, 2}, RankSet{2, 1});
        QVERIFY(a.llmNamedRanks);
        QVERIFY(a.agree);
        QVERIFY(a.message.contains(QStringLiteral("agrees")));
        QVERIFY(a.message.contains(QStringLiteral("{1, 2}")));

        a = compareWithVerdict({1, 2}, RankSet{2, 5});
        QVERIFY(!a.agree);
        QCOMPARE(a.onlyInOurs, RankSet{1});
        QCOMPARE(a.onlyInLlm, RankSet{5});
        QVERIFY(a.message.contains(QStringLiteral("disagrees")));
        QVERIFY(a.message.contains(QStringLiteral("{5}")));
        QVERIFY(a.message.contains(QStringLiteral("{1}")));
        QVERIFY(!a.message.contains(QLatin1Char('\n')));

        a = compareWithVerdict({3}, std::nullopt);
        QVERIFY(!a.llmNamedRanks);
        QVERIFY(!a.agree);
        QVERIFY(a.message.contains(QStringLiteral("no \"hanging ranks\" line")));

        a = compareWithVerdict({}, RankSet{});
        QVERIFY(a.agree);
        QCOMPARE(rankSetText({}), QStringLiteral("{}"));
        QCOMPARE(rankSetText({10, 2}), QStringLiteral("{2, 10}"));
    }
};

QTEST_GUILESS_MAIN(TestLlmRanks)
#include "tst_llm_ranks.moc"
