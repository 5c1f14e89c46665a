// The real NVRx jobs rearranged the way dumps arrive (host names in file names, one folder per node, NVRx's
// fr_attribution.py's `-p '*/_dump_*'`, archives of every format): every layout must give the verdict and
// ranks of the tidy
// `_dump_<rank>` folder.
// The shared files are copied into temporary folders at test time, never into the repository.
#include "tests/support/RunProgram.h"
#include "tests/support/TestArchive.h"

#include "core/analysis/Analyzer.h"
#include "core/io/JobLoader.h"

#include <QDirIterator>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>

using namespace fd;

namespace {

QString nvrxJob(const QString& name)
{
    return QStringLiteral(FD_SHARED_FIXTURES "/nvrx/") + name;
}

// Where rank `rank` of a 16-rank job goes, relative to the layout's root.
using Placement = std::function<QString(int rank)>;

// Copies the job's 16 dumps to `root` as `place` says, and its fault_injection.log to the root.
bool arrange(const QString& job, const QString& root, const Placement& place)
{
    for (int rank = 0; rank < 16; ++rank) {
        const QString target = root + QLatin1Char('/') + place(rank);
        if (!QDir().mkpath(QFileInfo(target).path()) ||
            !QFile::copy(QStringLiteral("%1/_dump_%2").arg(job).arg(rank), target))
            return false;
    }
    return QFile::copy(job + QStringLiteral("/fault_injection.log"),
                       root + QStringLiteral("/fault_injection.log"));
}

struct Outcome
{
    Verdict verdict = Verdict::NoHang;
    std::vector<int> hanging;
    std::vector<int> ranksRead;
    std::vector<int> missing;
    std::vector<int> unreadable;
};

Outcome analyse(const QString& frPath, const QString& pattern)
{
    LoadOptions options;
    options.frPath = frPath;
    options.pattern = pattern;
    const auto job = loadJob(options);
    Outcome out;
    if (!job)
        return out;
    for (const RankDump& d : job->dumps)
        out.ranksRead.push_back(d.rank);
    std::sort(out.ranksRead.begin(), out.ranksRead.end());
    out.missing = job->missingRanks;
    out.unreadable = job->unreadableRanks;
    const auto a = analyzeJob(job);
    out.verdict = a->verdict;
    out.hanging = a->hangingRanks();
    return out;
}

QString hostOf(int rank)
{
    return QStringLiteral("node0%1").arg(rank / 8);
}

} // namespace

Q_DECLARE_METATYPE(Placement)
Q_DECLARE_METATYPE(fd::test::ArchiveKind)

class TstLayouts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
};

// Over ../shared's real NVRx jobs: run as tst_layouts_shared where ../shared exists
// (tests/support/SharedFixtures.h).
class TstLayoutsShared : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameVerdictAsTidyFolder_data()
    {
        QTest::addColumn<QString>("job");
        QTest::addColumn<Placement>("place");
        QTest::addColumn<QString>("subfolder"); // what --fr-path names, below the temporary root
        QTest::addColumn<QString>("pattern");
        for (const QString& job : {QStringLiteral("lock_gil_1st"), QStringLiteral("gpu_error_1st")}) {
            const QByteArray j = job.toUtf8();
            // PyTorch issue 140879: the launcher puts the host into the name, two hosts of eight ranks.
            QTest::addRow("%s host names in file names", j.constData()) << job << Placement([](int r) {
                return QStringLiteral("nccl_trace_rank_container-%1_%2").arg(hostOf(r)).arg(r);
            }) << QString() << QStringLiteral("_dump_*");
            QTest::addRow("%s per-node folders", j.constData()) << job << Placement([](int r) {
                return QStringLiteral("dumps/%1/_dump_%2").arg(hostOf(r)).arg(r);
            }) << QStringLiteral("dumps") << QStringLiteral("_dump_*");
            QTest::addRow("%s per-node folders, -p */_dump_*", j.constData()) << job << Placement([](int r) {
                return QStringLiteral("dumps/%1/_dump_%2").arg(hostOf(r)).arg(r);
            }) << QStringLiteral("dumps") << QStringLiteral("*/_dump_*");
            QTest::addRow("%s per-node folders with host-named files", j.constData())
                << job
                << Placement([](int r) { return QStringLiteral("%1/trace-%1-%2.pkl").arg(hostOf(r)).arg(r); })
                << QString() << QStringLiteral("_dump_*");
        }
    }

    void sameVerdictAsTidyFolder()
    {
        QFETCH(QString, job);
        QFETCH(Placement, place);
        QFETCH(QString, subfolder);
        QFETCH(QString, pattern);
        const Outcome tidy = analyse(nvrxJob(job), QStringLiteral("_dump_*"));
        QCOMPARE(tidy.ranksRead.size(), std::size_t(16));
        QVERIFY(!tidy.hanging.empty());

        QTemporaryDir dir;
        QVERIFY(arrange(nvrxJob(job), dir.path(), place));
        const Outcome got = analyse(subfolder.isEmpty() ? dir.path() : dir.filePath(subfolder), pattern);
        QCOMPARE(got.ranksRead, tidy.ranksRead);
        QCOMPARE(got.missing, std::vector<int>{});
        QCOMPARE(got.unreadable, std::vector<int>{});
        QCOMPARE(got.verdict, tidy.verdict);
        QCOMPARE(got.hanging, tidy.hanging);
    }

    void archiveOfPerNodeFolders_data()
    {
        using fd::test::ArchiveKind;
        QTest::addColumn<ArchiveKind>("kind");
        for (ArchiveKind k : {ArchiveKind::Tar, ArchiveKind::TarGz, ArchiveKind::Tgz, ArchiveKind::TarZst,
                              ArchiveKind::TarXz, ArchiveKind::Zip})
            QTest::newRow(fd::test::archiveExtension(k)) << k;
    }

    // The ticket attachment: `tar czf job.tar.gz dumps/` of per-node folders, opened without unpacking.
    void archiveOfPerNodeFolders()
    {
        QFETCH(fd::test::ArchiveKind, kind);
        const QString job = nvrxJob(QStringLiteral("lock_gil_1st"));
        const Outcome tidy = analyse(job, QStringLiteral("_dump_*"));
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("dumps"));
        QVERIFY(
            arrange(job, folder, [](int r) { return QStringLiteral("%1/_dump_%2").arg(hostOf(r)).arg(r); }));
        std::vector<fd::test::ArchiveMember> members;
        for (QDirIterator it(folder, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
            const QString path = it.next();
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            members.push_back(fd::test::fileMember(
                QStringLiteral("dumps/") + QDir(folder).relativeFilePath(path), f.readAll()));
        }
        const QString archive =
            dir.filePath(QStringLiteral("job") + QLatin1String(fd::test::archiveExtension(kind)));
        QCOMPARE(fd::test::writeArchive(archive, kind, members), QString());

        const Outcome got = analyse(archive, QStringLiteral("_dump_*"));
        QCOMPARE(got.ranksRead, tidy.ranksRead);
        QCOMPARE(got.missing, std::vector<int>{});
        QCOMPARE(got.unreadable, std::vector<int>{});
        QCOMPARE(got.verdict, tidy.verdict);
        QCOMPARE(got.hanging, tidy.hanging);
        // fr_attribution.py's pattern works inside the archive as in the folder.
        QCOMPARE(analyse(archive, QStringLiteral("dumps/*/_dump_*")).hanging, tidy.hanging);
    }

    // A rank whose dump sits where the default search does not read it is not called missing: the file is
    // named, with why it was not read.
    void misplacedDumpIsNotCalledMissing()
    {
        const QString job = nvrxJob(QStringLiteral("lock_gil_1st"));
        QTemporaryDir dir;
        QVERIFY(arrange(job, dir.path(), [](int r) {
            return r == 9 ? QStringLiteral("late/_dump_9") : QStringLiteral("_dump_%1").arg(r);
        }));
        LoadOptions options;
        options.frPath = dir.path();
        const auto loaded = loadJob(options);
        QVERIFY(loaded);
        QCOMPARE(loaded->dumps.size(), std::size_t(15));
        QCOMPARE(loaded->missingRanks, std::vector<int>{});
        QCOMPARE(loaded->unreadableRanks, std::vector<int>{9});
        const auto it = std::find_if(loaded->errors.begin(), loaded->errors.end(),
                                     [](const LoadError& e) { return e.rank == 9; });
        QVERIFY(it != loaded->errors.end());
        QVERIFY2(it->filePath.endsWith(QStringLiteral("late/_dump_9")), qPrintable(it->filePath));
        QVERIFY2(it->message.contains(QStringLiteral("subfolder")), qPrintable(it->message));
        // The file list shows all 17 files, and what became of each.
        QCOMPARE(loaded->files.size(), std::size_t(17));
        const auto late = std::find_if(loaded->files.begin(), loaded->files.end(), [](const JobFile& f) {
            return f.relativePath == QLatin1String("late/_dump_9");
        });
        QVERIFY(late != loaded->files.end());
        QCOMPARE(late->use, FileUse::Skipped);
        QCOMPARE(late->rank, 9);
    }

    // The CLI as a script that used fr_attribution.py calls it: `-p '*/_dump_*'` on per-node folders.
    void cliReadsPerNodeFoldersWithNvrxPattern()
    {
        const QString job = nvrxJob(QStringLiteral("lock_gil_1st"));
        QTemporaryDir dir;
        QVERIFY(arrange(job, dir.path(),
                        [](int r) { return QStringLiteral("%1/_dump_%2").arg(hostOf(r)).arg(r); }));
        const fd::test::ProgramRun run = fd::test::runCli(
            {QStringLiteral("--fr-path"), dir.path(), QStringLiteral("-p"), QStringLiteral("*/_dump_*")});
        QCOMPARE(run.exitCode, 0); // the analysis ran (a hang gives 1 only with --exit-code)
        QVERIFY2(run.out.trimmed().endsWith(QStringLiteral("hanging ranks: [9, 14]")), qPrintable(run.out));
    }
};

QTEST_GUILESS_MAIN(TstLayouts)
#include "tst_layouts.moc"
