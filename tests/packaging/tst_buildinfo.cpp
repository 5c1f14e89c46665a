#include "buildinfo/BuildInfo.h"

#include <QTest>

// --version output is parsed by scripts and pasted into bug reports: its shape is part of the interface.
class TestBuildInfo : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void versionIsTheProjectVersion() { QCOMPARE(fd::BuildInfo::version(), QStringLiteral(FD_EXPECTED_VERSION)); }

    void applicationVersionStartsWithTheBareVersion()
    {
        const QStringList lines = fd::BuildInfo::applicationVersion().split(u'\n');
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.first(), fd::BuildInfo::version());
        QVERIFY(lines.last().contains(fd::BuildInfo::gitCommit()));
        QVERIFY(lines.last().contains(QStringLiteral("Qt ") + QStringLiteral(QT_VERSION_STR)));
    }

    void factsAreFilledIn()
    {
        QVERIFY(!fd::BuildInfo::gitCommit().isEmpty());
        QVERIFY(!fd::BuildInfo::buildType().isEmpty());
        QVERIFY(!fd::BuildInfo::compiler().trimmed().isEmpty());
        QCOMPARE(fd::BuildInfo::qtRuntimeVersion(), QString::fromLatin1(qVersion()));
        const QString details = fd::BuildInfo::details();
        for (const char* key : {"Version: ", "Git commit: ", "Build type: ", "Compiler: ", "Qt: "})
            QVERIFY2(details.contains(QLatin1String(key)), key);
    }
};

QTEST_GUILESS_MAIN(TestBuildInfo)
#include "tst_buildinfo.moc"
