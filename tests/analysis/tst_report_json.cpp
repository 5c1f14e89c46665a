// The JSON report survives a write/read round trip, and the reader refuses what it cannot read.
#include "pipeline/Pipeline.h"
#include "report/ReportJson.h"
#include "report/TextReport.h"

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
