// The real NVRx jobs: the culprits must be exactly the ranks fault_injection.log names.
#include "core/analysis/Analyzer.h"
#include "core/io/JobLoader.h"

#include <QDir>
#include <QTest>

class TstNvrx : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void job_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<std::vector<int>>("culprits");
        QTest::addColumn<QString>("kind");
        QTest::newRow("gpu_error_1st")
            << QStringLiteral("gpu_error_1st") << std::vector<int>{12, 14} << QStringLiteral("broken_gpu");
        QTest::newRow("lock_gil_1st")
            << QStringLiteral("lock_gil_1st") << std::vector<int>{9, 14} << QStringLiteral("stopped_issuing");
    }

    void job()
    {
        QFETCH(QString, dir);
        QFETCH(std::vector<int>, culprits);
        QFETCH(QString, kind);
        const QString path = QStringLiteral(FD_SHARED_FIXTURES "/nvrx/") + dir;
        fd::LoadOptions options;
        options.frPath = path;
        auto job = fd::loadJob(options);
        QVERIFY(job);
        QCOMPARE(int(job->dumps.size()), 16);
        const auto a = fd::analyzeJob(job);
        QCOMPARE(a->verdict, fd::Verdict::Continue);
        QCOMPARE(a->hangingRanks(), culprits);
        for (const auto& c : a->culprits)
            QCOMPARE(QString::fromLatin1(fd::rankKindName(c.kind)), kind);
        QCOMPARE(int(a->victims.size()), 14);
        QVERIFY(a->cycles.empty());
    }
};

QTEST_GUILESS_MAIN(TstNvrx)
#include "tst_nvrx.moc"
