// The JSON report survives a write/read round trip, and the reader refuses what it cannot read.
#include "pipeline/Pipeline.h"
#include "report/ReportJson.h"
#include "report/TextReport.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

class TstReportJson : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTrip()
    {
        fd::LoadRequest request;
        request.options.frPath = QStringLiteral(FD_TEST_DATA "/scenarios/order-deadlock");
        const fd::AnalysedJob run = fd::loadAndAnalyse(request);
        QVERIFY(run.usable());
        const fd::Report report = fd::makeReport(*run.job, run.analysis);
        const nlohmann::json j = fd::reportToJson(report);
        QCOMPARE(j["schema_version"].get<int>(), fd::kReportSchemaVersion);
        QCOMPARE(j["attribution_state"].get<std::string>(), std::string("STOP"));

        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("report.json"));
        QVERIFY(fd::writeReportFile(report, path).isEmpty());
        const fd::ReportReadResult back = fd::readReportFile(path);
        QVERIFY2(back.report, qPrintable(back.error));
        // Everything the schema names comes back: writing the read report gives the same JSON.
        nlohmann::json again = fd::reportToJson(*back.report);
        QCOMPARE(QString::fromStdString(again.dump()), QString::fromStdString(j.dump()));
        QCOMPARE(fd::textReport(*back.report, {}), fd::textReport(report, {}));
    }

    // The file is written straight as text (JsonSink.h), without the tree: it must be the tree's dump(2) byte
    // for byte, whatever the report holds (findings with odd members, health, load errors, an LLM section,
    // strings that need escaping).
    void textIsTheTreesDump_data()
    {
        QTest::addColumn<QString>("job");
        const QDir scenarios(QStringLiteral(FD_TEST_DATA "/scenarios"));
        for (const QString& name : scenarios.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            QTest::newRow(qPrintable(name)) << scenarios.filePath(name);
        QTest::newRow("health") << QStringLiteral(FD_TEST_DATA "/dumps/health");
        QTest::newRow("bad files") << QStringLiteral(FD_TEST_DATA "/bad");
        QTest::newRow("gloo rank exits") << QStringLiteral(FD_TEST_DATA "/torch/rank-exits");
    }
    void textIsTheTreesDump()
    {
        QFETCH(QString, job);
        fd::LoadRequest request;
        request.options.frPath = job;
        const fd::AnalysedJob run = fd::loadAndAnalyse(request);
        QVERIFY(run.job);
        fd::Report report = fd::makeReport(*run.job, run.analysis);
        report.warnings << QStringLiteral("a \"quoted\" \\ warning\twith\ncontrol \x01 characters and ünïcödé");
        report.llm = fd::ReportLlm{QStringLiteral("model"), QStringLiteral("http://localhost:1"),
                                   QStringLiteral("Rank 3 is stuck.\n"), std::vector<int>{3}, true,
                                   QStringLiteral("agrees"), QString()};
        QCOMPARE(QString::fromStdString(fd::reportJsonText(report)),
                 QString::fromStdString(fd::reportToJson(report).dump(2)));
        report.llm.reset();
        report.analysis.reset();
        QCOMPARE(QString::fromStdString(fd::reportJsonText(report)),
                 QString::fromStdString(fd::reportToJson(report).dump(2)));
    }

    void refuses()
    {
        QVERIFY(!fd::reportFromJson(nlohmann::json::object()).report);
        nlohmann::json newer = {{"schema", "flightdeck-report"}, {"schema_version", fd::kReportSchemaVersion + 1}};
        const auto r = fd::reportFromJson(newer);
        QVERIFY(!r.report);
        QVERIFY(r.error.contains(QStringLiteral("schema_version")));
    }
};

QTEST_GUILESS_MAIN(TstReportJson)
#include "tst_report_json.moc"
