// The JSON report: what it holds for each committed job, and that its text is the tree's dump.
#include "core/pipeline/Pipeline.h"
#include "core/report/ReportJson.h"

#include <QDir>
#include <QFile>
#include <QTest>

class TstReportJson : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Every field of the report, byte for byte, against the committed expected report of each job (the
    // schema's only reader is the user: a change shows up here as a diff to review). FD_UPDATE_EXPECTED=1
    // rewrites them.
    void matchesExpected_data()
    {
        QTest::addColumn<QString>("job");
        const QDir scenarios(QStringLiteral(FD_TEST_DATA "/scenarios"));
        for (const QString& name : scenarios.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            QTest::newRow(qPrintable(name)) << QStringLiteral("scenarios/") + name;
        QTest::newRow("health") << QStringLiteral("dumps/health");
        QTest::newRow("gloo rank exits") << QStringLiteral("torch/rank-exits");
    }
    void matchesExpected()
    {
        QFETCH(QString, job);
        fd::LoadRequest request;
        request.options.frPath = QStringLiteral(FD_TEST_DATA "/") + job;
        const fd::AnalysedJob run = fd::loadAndAnalyse(request);
        QVERIFY(run.usable());
        fd::Report report = fd::makeReport(run.analysis);
        report.generator = QStringLiteral("flightdeck (test)");
        report.createdAt = QStringLiteral("2026-01-01T00:00:00Z");
        QString text = QString::fromStdString(fd::reportJsonText(report));
        text.replace(QStringLiteral(FD_TEST_DATA "/"), QStringLiteral("<data>/"));
        const QString name = QString(job).replace(QLatin1Char('/'), QLatin1Char('_'));
        const QString path = QStringLiteral(FD_TEST_DATA "/reports/%1.json").arg(name);
        if (qEnvironmentVariableIsSet("FD_UPDATE_EXPECTED")) {
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(text.toUtf8());
        }
        QFile expected(path);
        QVERIFY2(expected.open(QIODevice::ReadOnly),
                 qPrintable(path + QStringLiteral(": missing (FD_UPDATE_EXPECTED=1 writes it)")));
        QCOMPARE(text, QString::fromUtf8(expected.readAll()));
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
        request.options.facts.warnings.push_back(
            QStringLiteral("a \"quoted\" \\ warning\twith\ncontrol \x01 characters and ünïcödé"));
        const fd::AnalysedJob run = fd::loadAndAnalyse(request);
        QVERIFY(run.job);
        fd::Report report = fd::makeReport(run.analysis);
        report.llm = fd::ReportLlm{QStringLiteral("model"),
                                   QStringLiteral("http://localhost:1"),
                                   QStringLiteral("Rank 3 is stuck.\n"),
                                   std::vector<int>{3},
                                   true,
                                   QStringLiteral("agrees"),
                                   QString()};
        QCOMPARE(QString::fromStdString(fd::reportJsonText(report)),
                 QString::fromStdString(fd::reportToJson(report).dump(2)));
        report.llm.reset();
        report.analysis.reset();
        QCOMPARE(QString::fromStdString(fd::reportJsonText(report)),
                 QString::fromStdString(fd::reportToJson(report).dump(2)));
    }
};

QTEST_GUILESS_MAIN(TstReportJson)
#include "tst_report_json.moc"
