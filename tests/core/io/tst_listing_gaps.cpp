// Where the folder listing cannot see everything (an unreadable subfolder, thousands of other files, the
// cap): a rank without a file is then not known to have none, so it is never called missing.
#include "core/analysis/Analyzer.h"
#include "core/io/DumpDiscovery.h"
#include "core/io/DumpReader.h"
#include "core/io/JobAssembler.h"
#include "core/io/JobLoader.h"
#include "tests/support/Unprivileged.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace fd;

namespace {

// The healthy scenario's four dumps (pg_config names the world 0-3) into `dir`, without the ranks in
// `leaveOut`.
void copyHealthy(const QString& dir, const std::vector<int>& leaveOut = {})
{
    QVERIFY(QDir().mkpath(dir));
    for (int r = 0; r < 4; ++r) {
        if (std::find(leaveOut.begin(), leaveOut.end(), r) != leaveOut.end())
            continue;
        const QString name = QStringLiteral("_dump_%1").arg(r);
        QVERIFY(
            QFile::copy(QStringLiteral(FD_TEST_DATA "/scenarios/healthy/") + name, QDir(dir).filePath(name)));
    }
}

// The job in `tmp` loaded with its subfolder `locked` not readable, as by a user whom permissions bind: as
// root the test acts as nobody while it loads (test::Unprivileged), so `tmp` is opened to others. `whyNot`
// says why that could not be done.
struct LockedLoad
{
    std::shared_ptr<const Job> job;
    QString whyNot;
};

LockedLoad loadWithFolderLocked(const QTemporaryDir& tmp, const QString& locked)
{
    const test::LockedFolder lock(tmp.filePath(locked));
    if (!lock.locked() || !test::Unprivileged::openToOthers(tmp.path()))
        return {nullptr, QStringLiteral("cannot change the permissions of ") + tmp.path()};
    const test::Unprivileged asNobody;
    if (!asNobody.permissionsApply())
        return {nullptr, QStringLiteral("root, and cannot act as nobody: ") + asNobody.error()};
    return {loadJob(LoadOptions{tmp.path()}), {}};
}

bool anyContains(const std::vector<QString>& texts, const QString& part)
{
    return std::any_of(texts.begin(), texts.end(), [&](const QString& t) { return t.contains(part); });
}

} // namespace

class TestListingGaps : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void manyOtherFilesNeverHideTheDumps()
    {
        // 60,000 logs beside the dumps, listed before them ("A" sorts before "_"): more than the 50,000 other
        // files listed, which must not push a dump out of the listing.
        QTemporaryDir tmp;
        for (int i = 0; i < 60000; ++i) {
            const QByteArray name =
                QFile::encodeName(tmp.filePath(QStringLiteral("A%1.log").arg(i, 5, 10, QLatin1Char('0'))));
            const int fd = ::open(name.constData(), O_CREAT | O_WRONLY, 0644);
            QVERIFY(fd >= 0);
            ::close(fd);
        }
        copyHealthy(tmp.path());
        const auto job = loadJob(LoadOptions{tmp.path()});
        QVERIFY(job);
        QCOMPARE(job->dumps.size(), std::size_t(4));
        QVERIFY(job->missingRanks.empty());
        QVERIFY(job->unreadableRanks.empty());
        QVERIFY2(
            anyContains(
                job->warnings,
                QStringLiteral("10000 more file(s) in %1 cannot be dumps by their names").arg(tmp.path())),
            qPrintable(QStringList(job->warnings.begin(), job->warnings.end()).join(QLatin1Char('\n'))));
    }

    void listingGapMakesMissingRanksUnreadable()
    {
        // A gap in the listing (here given directly; below, a real unreadable folder): rank 3 has no file,
        // but its dump may be where the listing did not reach. Unreadable, not judged, and no missing_dump
        // culprit.
        QTemporaryDir tmp;
        copyHealthy(tmp.path(), {3});
        JobInputs inputs;
        const Discovery found = discoverDumps(tmp.path());
        for (const DumpFile& f : found.files)
            inputs.dumps.push_back(std::get<RankDump>(readDumpFile(f.path, f.rank, *inputs.pools)));
        inputs.listingGaps.push_back(LoadError{tmp.filePath(QStringLiteral("node1")), -1, 0, false,
                                               QStringLiteral("that folder is not readable")});
        const auto job = assembleJob(std::move(inputs));
        QVERIFY(job->missingRanks.empty());
        QCOMPARE(job->unreadableRanks, std::vector<int>{3});
        const auto named = std::find_if(job->errors.begin(), job->errors.end(),
                                        [](const LoadError& e) { return e.rank == 3; });
        QVERIFY(named != job->errors.end());
        QCOMPARE(named->filePath, tmp.filePath(QStringLiteral("node1")));
        QVERIFY2(
            named->message.contains(QStringLiteral("that folder is not readable, so its dump may be there")),
            qPrintable(named->message));
        const auto analysis = analyzeJob(job);
        QCOMPARE(analysis->rankFinding(3)->kind, RankKind::UnreadableDump);
        QVERIFY(analysis->culprits.empty());
    }

    void ranksInAnUnreadableSubfolderAreUnreadable()
    {
        // <job>/node0 holds ranks 0-1, <job>/node1 (not readable) ranks 2-3.
        QTemporaryDir tmp;
        copyHealthy(tmp.filePath(QStringLiteral("node0")), {2, 3});
        copyHealthy(tmp.filePath(QStringLiteral("node1")), {0, 1});
        const LockedLoad loaded = loadWithFolderLocked(tmp, QStringLiteral("node1"));
        if (!loaded.whyNot.isEmpty())
            QSKIP(qPrintable(loaded.whyNot));
        const auto& job = loaded.job;
        QVERIFY(job);
        QVERIFY(job->missingRanks.empty());
        QCOMPARE(job->unreadableRanks, (std::vector<int>{2, 3}));
        const auto analysis = analyzeJob(job);
        for (const Culprit& c : analysis->culprits)
            QVERIFY2(c.kind != RankKind::MissingDump, qPrintable(c.reason));
        QCOMPARE(analysis->verdict, Verdict::Unknown); // 2 of 4 judged: too few for "no hang"
    }

    void unreadableSubfolderBesideTheDumpsIsNoGap()
    {
        // The dumps are in the folder itself, so its subfolders are never read: a locked one hides nothing.
        QTemporaryDir tmp;
        copyHealthy(tmp.path(), {3});
        QVERIFY(QDir(tmp.path()).mkdir(QStringLiteral("private")));
        const LockedLoad loaded = loadWithFolderLocked(tmp, QStringLiteral("private"));
        if (!loaded.whyNot.isEmpty())
            QSKIP(qPrintable(loaded.whyNot));
        const auto& job = loaded.job;
        QVERIFY(job);
        QCOMPARE(job->missingRanks, std::vector<int>{3});
    }
};

QTEST_GUILESS_MAIN(TestListingGaps)
#include "tst_listing_gaps.moc"
