// Every scenario job from tools/synth/Scenarios.cpp, analysed and compared with its expected-report.json.
#include "core/analysis/Analyzer.h"
#include "core/io/JobLoader.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QTest>

#include <set>

using nlohmann::json;

class TstScenarios : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void scenario_data()
    {
        QTest::addColumn<QString>("dir");
        const QDir root(QStringLiteral(FD_TEST_DATA "/scenarios"));
        const QStringList cases = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        QVERIFY(cases.size() >= 13);
        for (const QString& c : cases)
            QTest::newRow(qPrintable(c)) << root.filePath(c);
    }

    void scenario()
    {
        QFETCH(QString, dir);
        QFile f(dir + QStringLiteral("/expected-report.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        const json expected = json::parse(bytes.constBegin(), bytes.constEnd());

        fd::LoadOptions options;
        options.frPath = dir;
        auto job = fd::loadJob(options);
        QVERIFY(job);
        const auto a = fd::analyzeJob(job);

        QCOMPARE(QString::fromLatin1(fd::verdictName(a->verdict)),
                 QString::fromStdString(expected["verdict"].get<std::string>()));
        std::vector<std::pair<int, std::string>> culprits, wantCulprits;
        for (const auto& c : a->culprits)
            culprits.emplace_back(c.rank, fd::rankKindName(c.kind));
        for (const auto& c : expected["culprits"])
            wantCulprits.emplace_back(c["rank"].get<int>(), c["kind"].get<std::string>());
        QCOMPARE(culprits, wantCulprits);
        std::vector<int> victims;
        for (const auto& v : a->victims)
            victims.push_back(v.rank);
        QCOMPARE(victims, expected["victims"].get<std::vector<int>>());
        std::set<int> stragglers;
        for (const auto& st : a->lateness.stragglers)
            stragglers.insert(st.rank);
        QCOMPARE(std::vector<int>(stragglers.begin(), stragglers.end()),
                 expected["stragglers"].get<std::vector<int>>());
        for (const auto& d : expected["deadlocks"]) {
            bool found = false;
            for (const auto& c : a->cycles) {
                std::vector<int> r = c.ranks;
                std::sort(r.begin(), r.end());
                found = found || r == d.get<std::vector<int>>();
            }
            QVERIFY2(found, "expected deadlock cycle not reported");
        }
        // Every expected frontier item is there (seq null: any seq of that PG).
        for (const auto& want : expected["frontier"]) {
            bool found = false;
            for (const auto& f : a->frontier) {
                if (!a->processGroup(f.pgIndex) ||
                    a->processGroup(f.pgIndex)->name !=
                        QString::fromStdString(want["pg_name"].get<std::string>()))
                    continue;
                if (!want["seq"].is_null() && f.seqId != want["seq"].get<std::int64_t>())
                    continue;
                bool ok = true;
                if (want.contains("missing_ranks"))
                    ok = ok && f.missingRanks == want["missing_ranks"].get<std::vector<int>>();
                if (want.contains("stuck_ranks"))
                    ok = ok && f.stuckRanks == want["stuck_ranks"].get<std::vector<int>>();
                if (want.contains("mismatched_ranks"))
                    ok = ok && f.mismatchedRanks == want["mismatched_ranks"].get<std::vector<int>>();
                if (want.contains("status"))
                    ok = ok &&
                         std::string(fd::collectiveStatusName(f.status)) == want["status"].get<std::string>();
                found = found || ok;
            }
            QVERIFY2(found, want.dump().c_str());
        }
        QVERIFY(!a->reason.isEmpty());
        // What the reason must say, e.g. the values that disagree or why the dumps cannot tell.
        if (expected.contains("reason_contains"))
            for (const auto& words : expected["reason_contains"])
                QVERIFY2(a->reason.contains(QString::fromStdString(words.get<std::string>())),
                         qPrintable(a->reason));
    }
};

QTEST_GUILESS_MAIN(TstScenarios)
#include "tst_scenarios.moc"
