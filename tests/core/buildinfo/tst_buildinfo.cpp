// flightdeck-cli --version is parsed by scripts and pasted into bug reports: its shape is part of the
// interface. Checked on the built binary against the project version and a pattern, not against BuildInfo.
#include "core/buildinfo/BuildInfo.h"
#include "tests/support/RunProgram.h"

#include <QRegularExpression>
#include <QTest>

class TestBuildInfo : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void versionIsTheProjectVersion()
    {
        QCOMPARE(fd::BuildInfo::version(), QStringLiteral(FD_EXPECTED_VERSION));
    }

    void cliVersionOutput()
    {
        const fd::test::ProgramRun cli = fd::test::runCli({QStringLiteral("--version")});
        QCOMPARE(cli.exitCode, 0);
        const QStringList lines = cli.out.trimmed().split(u'\n');
        QCOMPARE(lines.size(), 2);
        // Scripts read the first line: the program and the bare version.
        QCOMPARE(lines.at(0), QStringLiteral("flightdeck-cli " FD_EXPECTED_VERSION));
        // The second names the commit, build type, compiler and both Qt versions.
        static const QRegularExpression facts(QStringLiteral(
            R"(^git ([0-9a-f]{7,40}|unknown), \S+ build, \S+ [0-9][0-9.]*, Qt [0-9]+\.[0-9]+\.[0-9]+ \(running [0-9]+\.[0-9]+\.[0-9]+\), \S+$)"));
        QVERIFY2(facts.match(lines.at(1)).hasMatch(), qPrintable(lines.at(1)));
        QVERIFY(lines.at(1).contains(QStringLiteral("running ") + QString::fromLatin1(qVersion())));
    }

    // The About dialog's text box, pasted into bug reports: one "Key: value" line per fact, in English.
    void detailsNameEveryFact()
    {
        const QStringList lines = fd::BuildInfo::details().trimmed().split(u'\n');
        QCOMPARE(lines.size(), 6);
        QCOMPARE(lines.at(0), QStringLiteral("Version: " FD_EXPECTED_VERSION));
        const char* const keys[] = {
            "Version: ", "Git commit: ", "Build type: ", "Compiler: ", "Qt: ", "Platform: "};
        for (int i = 0; i < 6; ++i) {
            QVERIFY2(lines.at(i).startsWith(QLatin1String(keys[i])), qPrintable(lines.at(i)));
            QVERIFY2(lines.at(i).size() > qsizetype(qstrlen(keys[i])), qPrintable(lines.at(i))); // filled in
        }
    }
};

QTEST_GUILESS_MAIN(TestBuildInfo)
#include "tst_buildinfo.moc"
