// The prompt: findings only, deterministic, capped, and asking for the "hanging ranks" line.
#include "core/llm/LlmPrompt.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace fd;
using nlohmann::json;

namespace {

json sampleFindings()
{
    return json{{"verdict", "RANK_PROBLEM"},
                {"reason", "rank 3 never entered all_reduce #42 on PG 0 (default_pg)"},
                {"frontier", {{"pg", "0"}, {"seq", 42}, {"op", "nccl:all_reduce"}}},
                {"culprits",
                 {{{"rank", 3}, {"state", "never entered"}, {"frames", {"train.py:10", "secret.py:99"}}}}},
                {"victims", {0, 1, 2}},
                {"mismatches", json::array()},
                {"health", {{"3", {{"gpu", "XID 79"}}}}}};
}

} // namespace

class TestLlmPrompt : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void structure()
    {
        const LlmMessages messages = buildLlmMessages(sampleFindings());
        QCOMPARE(messages.size(), 2);
        QCOMPARE(messages[0].role, QStringLiteral("system"));
        QCOMPARE(messages[1].role, QStringLiteral("user"));
        QVERIFY(messages[0].content.contains(QStringLiteral("hanging ranks: {r1, r2}")));
        QVERIFY(messages[0].content.contains(QStringLiteral("ML infrastructure engineer")));
        const QString& user = messages[1].content;
        QVERIFY(user.startsWith(QStringLiteral("Deterministic verdict: RANK_PROBLEM\n")));
        QVERIFY(user.contains(QStringLiteral("Reason: rank 3 never entered")));
        QVERIFY(user.contains(QStringLiteral("Ranks the analysis names: {3}")));
        QVERIFY(user.contains(QStringLiteral("\"victims\":[0,1,2]")));
        QVERIFY(user.contains(QStringLiteral("XID 79")));
        // Stack frames are dropped: they may name private files and say nothing the summary does not.
        QVERIFY(!user.contains(QStringLiteral("secret.py")));
    }

    void deterministic()
    {
        json reordered = json::object();
        const json original = sampleFindings();
        for (auto it = original.rbegin(); it != original.rend(); ++it)
            reordered[it.key()] = it.value();
        QCOMPARE(buildLlmMessages(original)[1].content, buildLlmMessages(reordered)[1].content);
        QCOMPARE(buildLlmMessages(original)[1].content, buildLlmMessages(sampleFindings())[1].content);
    }

    void longListsTruncated()
    {
        json findings = sampleFindings();
        findings["victims"] = json::array();
        for (int i = 0; i < 1000; ++i)
            findings["victims"].push_back(i);
        const QString rendered = renderFindings(findings);
        QVERIFY(rendered.contains(QStringLiteral("980 more items not shown")));
        QVERIFY(!rendered.contains(QStringLiteral(",999")));
    }

    void longStringsTruncated()
    {
        json findings = {{"verdict", "X"}, {"reason", std::string(5000, 'a')}};
        const QString rendered = renderFindings(findings);
        QVERIFY(rendered.size() < 600);
        QVERIFY(rendered.contains(QStringLiteral("more bytes")));
    }

    void totalSizeCapped()
    {
        json findings = {{"verdict", "PROGRAM_BUG"}, {"mismatches", json::array()}};
        for (int i = 0; i < 20; ++i) {
            json mismatch = {
                {"pg", std::to_string(i)}, {"ranks", json::array()}, {"detail", std::string(390, 'x')}};
            for (int r = 0; r < 20; ++r)
                mismatch["ranks"].push_back(r);
            findings["mismatches"].push_back(mismatch);
        }
        PromptOptions options;
        options.maxPromptChars = 4000;
        const QString rendered = renderFindings(findings, options);
        QVERIFY2(rendered.size() <= 4000 + 60, qPrintable(QString::number(rendered.size())));
        QVERIFY(rendered.contains(QStringLiteral("more items not shown")) ||
                rendered.contains(QStringLiteral("findings cut at")));
        const LlmMessages messages = buildLlmMessages(findings, options);
        QVERIFY(messages[1].content.contains(QStringLiteral("Deterministic verdict: PROGRAM_BUG")));
    }

    void anyJsonAccepted()
    {
        QCOMPARE(buildLlmMessages(json::array({1, 2})).size(), 2);
        QCOMPARE(buildLlmMessages(json()).size(), 2);
        QCOMPARE(buildLlmMessages(json{{"verdict", 17}})[1].content.left(24),
                 QStringLiteral("Deterministic verdict: 1"));
        // Invalid UTF-8 inside findings must not throw.
        QCOMPARE(buildLlmMessages(json{{"reason", std::string("bad \xff byte")}}).size(), 2);
    }

    void verdictRanks()
    {
        QCOMPARE(verdictRanksFromFindings(sampleFindings()), std::set<int>{3});
        QCOMPARE(verdictRanksFromFindings(json{{"hanging_ranks", {5, 1}}, {"culprits", {{{"rank", 3}}}}}),
                 (std::set<int>{1, 5}));
        QCOMPARE(verdictRanksFromFindings(json{{"culprits", {{{"ranks", {2, 4}}}, 7}}}),
                 (std::set<int>{2, 4, 7}));
        QCOMPARE(verdictRanksFromFindings(json{{"verdict", "OK"}}), std::set<int>{});
    }
};

QTEST_GUILESS_MAIN(TestLlmPrompt)
#include "tst_llm_prompt.moc"
