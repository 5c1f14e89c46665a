// Dumps inside archives (.tar, .tar.gz, .tgz, .tar.zst, .tar.xz, .zip), through the loader and the CLI. The
// archives are written by the test from the repository's own small dumps (TestArchive.h), never committed.
// A clean archive must give what its folder gives; a hostile one exactly one error naming the archive and the
// member, no report, and nothing written.
#include "tests/support/RunProgram.h"
#include "tests/support/TestArchive.h"

#include "core/analysis/Analyzer.h"
#include "core/io/JobLoader.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <algorithm>

using namespace fd;
using namespace fd::test;

namespace {

const QString kJob = QStringLiteral(FD_TEST_DATA "/dumps/v2_10_cpp"); // 4 ranks, rank 3 stops issuing

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray dumpBytes(int rank)
{
    return readAll(QStringLiteral("%1/_dump_%2").arg(kJob).arg(rank));
}

// The job as an archiver would pack `tar czf job.tar.gz job/`: a top folder with the dumps and a log.
std::vector<ArchiveMember> tidyJob()
{
    std::vector<ArchiveMember> members{folderMember(QStringLiteral("job/"))};
    for (int rank = 0; rank < 4; ++rank)
        members.push_back(fileMember(QStringLiteral("job/_dump_%1").arg(rank), dumpBytes(rank)));
    members.push_back(fileMember(QStringLiteral("job/train.log"), QByteArrayLiteral("step 1\nstep 2\n")));
    return members;
}

// The text report without the loader's leading "note:" lines (which say how the files were found).
QString afterNotes(const QString& out)
{
    QStringList lines = out.split(QLatin1Char('\n'));
    while (!lines.isEmpty() && lines.front().startsWith(QStringLiteral("note: ")))
        lines.removeFirst();
    return lines.join(QLatin1Char('\n'));
}

struct Outcome
{
    std::vector<int> ranksRead;
    std::vector<int> missing;
    std::vector<int> unreadable;
    Verdict verdict = Verdict::NoHang;
    std::vector<int> hanging;
    std::vector<LoadError> errors;
};

Outcome load(const QString& frPath)
{
    LoadOptions options;
    options.frPath = frPath;
    Outcome out;
    const auto job = loadJob(options);
    if (!job)
        return out;
    for (const RankDump& d : job->dumps)
        out.ranksRead.push_back(d.rank);
    out.missing = job->missingRanks;
    out.unreadable = job->unreadableRanks;
    out.errors = job->errors;
    if (!job->dumps.empty()) {
        const auto a = analyzeJob(job);
        out.verdict = a->verdict;
        out.hanging = a->hangingRanks();
    }
    return out;
}

// A zip whose only member `name` holds `bytes` (deflated) while its headers declare `declared` bytes: what a
// hand-made archive can claim and no archiver writes. libarchive writes the zip (sizes after the data, flag
// bit 3); the sizes are then moved into the local header, as most zips have them, with the lie in both it and
// the central directory.
QByteArray lyingZip(const QString& dir, const QString& name, const QByteArray& bytes, quint32 declared)
{
    const QString path = dir + QStringLiteral("/honest.zip");
    if (!writeArchive(path, ArchiveKind::Zip, {fileMember(name, bytes)}).isEmpty())
        return {};
    QByteArray zip = readAll(path);
    QFile::remove(path);
    const qsizetype central = zip.indexOf("PK\x01\x02");
    if (!zip.startsWith("PK\x03\x04") || central < 0 ||
        qFromLittleEndian<quint32>(zip.constData() + central + 24) != quint32(bytes.size()))
        return {};
    const quint16 flags = qFromLittleEndian<quint16>(zip.constData() + 6);
    qToLittleEndian<quint16>(flags & ~0x8, zip.data() + 6);
    zip.replace(14, 8, zip.mid(central + 16, 8)); // crc-32, compressed size
    qToLittleEndian(declared, zip.data() + 22);
    qToLittleEndian(declared, zip.data() + central + 24);
    return zip;
}

} // namespace

Q_DECLARE_METATYPE(fd::test::ArchiveKind)
Q_DECLARE_METATYPE(std::vector<fd::test::ArchiveMember>)

class TestArchives : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameAsTheFolder_data()
    {
        QTest::addColumn<ArchiveKind>("kind");
        for (ArchiveKind k : {ArchiveKind::Tar, ArchiveKind::TarGz, ArchiveKind::Tgz, ArchiveKind::TarZst,
                              ArchiveKind::TarXz, ArchiveKind::Zip})
            QTest::newRow(archiveExtension(k)) << k;
    }

    // The loader reads the members straight from the archive: same ranks, verdict and culprits as the folder,
    // the log skipped, and the CLI prints the folder's report word for word.
    void sameAsTheFolder()
    {
        QFETCH(ArchiveKind, kind);
        QTemporaryDir dir;
        const QString archive = dir.filePath(QStringLiteral("job") + QLatin1String(archiveExtension(kind)));
        QCOMPARE(writeArchive(archive, kind, tidyJob()), QString());

        const Outcome folder = load(kJob);
        QCOMPARE(folder.ranksRead, (std::vector<int>{0, 1, 2, 3}));
        QCOMPARE(folder.hanging, std::vector<int>{3});
        const Outcome got = load(archive);
        QCOMPARE(got.ranksRead, folder.ranksRead);
        QCOMPARE(got.missing, std::vector<int>{});
        QCOMPARE(got.unreadable, std::vector<int>{});
        QVERIFY(got.errors.empty());
        QCOMPARE(got.verdict, folder.verdict);
        QCOMPARE(got.hanging, folder.hanging);

        // The CLI runs inside the temporary folder, so that anything it wrote would show there.
        const ProgramRun fromFolder =
            runCli({QStringLiteral("--fr-path"), kJob}, RunOptions().inDir(dir.path()));
        const ProgramRun fromArchive =
            runCli({QStringLiteral("--fr-path"), archive}, RunOptions().inDir(dir.path()));
        QCOMPARE(fromArchive.exitCode, 0);
        QVERIFY(!fromFolder.out.isEmpty());
        // The archive's layout is noted (its top folder, the log skipped); the report after the notes is the
        // folder's, word for word.
        QVERIFY2(fromArchive.out.contains(
                     QStringLiteral("note: skipped 1 file(s) (no rank number at the end of the "
                                    "name): job/train.log\n")),
                 qPrintable(fromArchive.out));
        QCOMPARE(afterNotes(fromArchive.out), fromFolder.out);
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 QStringList{QFileInfo(archive).fileName()});
    }

    // --debug on an archive writes beside it, in <archive>-flightdeck-json/, the same JSON the unpacked
    // folder gives, and nothing else anywhere; the archive is left as it was.
    void debugWritesJsonBesideTheArchive()
    {
        QTemporaryDir dir;
        const QString archive = dir.filePath(QStringLiteral("job.tar.xz"));
        QCOMPARE(writeArchive(archive, ArchiveKind::TarXz, tidyJob()), QString());
        const QByteArray before = readAll(archive);
        const QString folder = dir.filePath(QStringLiteral("unpacked"));
        QVERIFY(QDir().mkpath(folder));
        for (int rank = 0; rank < 4; ++rank)
            QVERIFY(QFile::copy(QStringLiteral("%1/_dump_%2").arg(kJob).arg(rank),
                                QStringLiteral("%1/_dump_%2").arg(folder).arg(rank)));

        const ProgramRun fromArchive =
            runCli({QStringLiteral("--fr-path"), archive, QStringLiteral("--debug")},
                   RunOptions().inDir(dir.path()));
        QCOMPARE(fromArchive.exitCode, 0);
        const ProgramRun fromFolder = runCli({QStringLiteral("--fr-path"), folder, QStringLiteral("--debug")},
                                             RunOptions().inDir(dir.path()));
        QCOMPARE(afterNotes(fromArchive.out), fromFolder.out);
        const QString json = archive + QStringLiteral("-flightdeck-json");
        QVERIFY2(fromArchive.err.contains(QStringLiteral("wrote 4 JSON file(s) to ") + json),
                 qPrintable(fromArchive.err));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
                 (QStringList{QStringLiteral("job.tar.xz"), QStringLiteral("job.tar.xz-flightdeck-json"),
                              QStringLiteral("unpacked")}));
        const QStringList written = QDir(json).entryList(QDir::Files, QDir::Name);
        QCOMPARE(written, (QStringList{QStringLiteral("_dump_0.json"), QStringLiteral("_dump_1.json"),
                                       QStringLiteral("_dump_2.json"), QStringLiteral("_dump_3.json")}));
        for (const QString& name : written) {
            const QByteArray mine = readAll(json + QLatin1Char('/') + name);
            QVERIFY(mine.startsWith("{"));
            QCOMPARE(mine, readAll(folder + QStringLiteral("/flightdeck-json/") + name));
        }
        QCOMPARE(readAll(archive), before);
    }

    // A member cut short costs its own rank only: the others still load, the error names the member inside
    // the archive, and what the member held before the cut is kept as a partial dump (not judged).
    void badMemberDoesNotLoseTheOthers()
    {
        QTemporaryDir dir;
        const QString archive = dir.filePath(QStringLiteral("job.tar.gz"));
        std::vector<ArchiveMember> members = tidyJob();
        members[2].bytes.truncate(members[2].bytes.size() / 2); // job/_dump_1
        QCOMPARE(writeArchive(archive, ArchiveKind::TarGz, members), QString());
        const Outcome got = load(archive);
        QCOMPARE(got.ranksRead, (std::vector<int>{0, 1, 2, 3}));
        QCOMPARE(got.unreadable, std::vector<int>{1});
        QCOMPARE(got.errors.size(), std::size_t(1));
        QCOMPARE(got.errors.front().filePath, archive + QStringLiteral("/job/_dump_1"));
        QCOMPARE(got.errors.front().rank, 1);
    }

    // A zip member whose compressed data is corrupt costs that member only: the read goes on with the next
    // one, which zip's central directory locates (libarchive itself gives up after a deflate error).
    void corruptZipMemberDoesNotLoseTheOthers()
    {
        QTemporaryDir dir;
        const QString archive = dir.filePath(QStringLiteral("job.zip"));
        QCOMPARE(writeArchive(archive, ArchiveKind::Zip, tidyJob()), QString());
        QByteArray zip = readAll(archive);
        // The member's compressed data starts after its local header (30 bytes, the name, the extra field).
        const qsizetype header = zip.indexOf("job/_dump_1") - 30;
        QVERIFY(header > 0 && zip.mid(header, 4) == "PK\x03\x04");
        const qsizetype data = header + 30 + qFromLittleEndian<quint16>(zip.constData() + header + 26) +
                               qFromLittleEndian<quint16>(zip.constData() + header + 28);
        for (qsizetype i = data + 20; i < data + 60; ++i)
            zip[i] = char(zip[i] ^ 0x5a);
        QFile f(archive);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(zip);
        f.close();
        const Outcome got = load(archive);
        QCOMPARE(got.ranksRead, (std::vector<int>{0, 2, 3}));
        QCOMPARE(got.unreadable, std::vector<int>{1});
        QCOMPARE(got.errors.size(), std::size_t(1));
        QCOMPARE(got.errors.front().filePath, archive + QStringLiteral("/job/_dump_1"));
        QVERIFY2(got.errors.front().message.contains(QStringLiteral("damaged")),
                 qPrintable(got.errors.front().message));
    }

    // A download cut short: the members before the cut are read, the cut one is unreadable, and the archive's
    // error says the rest is lost. Nothing is refused as hostile.
    void truncatedArchiveKeepsWhatCameBefore()
    {
        QTemporaryDir dir;
        const QString archive = dir.filePath(QStringLiteral("job.tar"));
        QCOMPARE(writeArchive(archive, ArchiveKind::Tar, tidyJob()), QString());
        QByteArray tar = readAll(archive);
        const qsizetype cut = tar.indexOf(dumpBytes(2)) + dumpBytes(2).size() / 2;
        QVERIFY(cut > 0);
        QFile f(archive);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(tar.left(cut));
        f.close();
        const Outcome got = load(archive);
        QCOMPARE(got.ranksRead, (std::vector<int>{0, 1}));
        // Rank 3 was in the part lost after the cut: unreadable with an error naming the archive, never
        // missing.
        QCOMPARE(got.unreadable, (std::vector<int>{2, 3}));
        QVERIFY(got.missing.empty());
        QCOMPARE(got.errors.size(), std::size_t(3));
        QVERIFY(std::any_of(got.errors.begin(), got.errors.end(), [&](const LoadError& e) {
            return e.rank == 3 && e.filePath == archive &&
                   e.message.contains(QStringLiteral("the archive is damaged"));
        }));
        const auto onArchive = std::find_if(got.errors.begin(), got.errors.end(),
                                            [&](const LoadError& e) { return e.filePath == archive; });
        QVERIFY(onArchive != got.errors.end());
        QVERIFY2(onArchive->message.contains(QStringLiteral("job/_dump_2")), qPrintable(onArchive->message));
        QVERIFY2(onArchive->message.contains(QStringLiteral("cannot be read")),
                 qPrintable(onArchive->message));

        // The CLI reports on what it could read, after the errors.
        const ProgramRun run = runCli({QStringLiteral("--fr-path"), archive}, RunOptions().inDir(dir.path()));
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QStringLiteral("job/_dump_2")), qPrintable(run.out));
    }

    void hostileArchive_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<ArchiveKind>("kind");
        QTest::addColumn<std::vector<ArchiveMember>>("members");
        QTest::addColumn<QByteArray>("rawBytes"); // written as is instead of `members` when set
        QTest::addColumn<QString>("member");      // the member the error must name
        QTest::addColumn<QString>("problem");     // and a phrase of its reason

        const auto withJob = [](std::vector<ArchiveMember> extra) {
            std::vector<ArchiveMember> m = tidyJob();
            m.insert(m.begin() + 2, extra.begin(), extra.end()); // among the dumps, not after them
            return m;
        };
        // 256 MiB of zeros: past the ratio floor (64 MiB), a few hundred KB packed. Without the cap it
        // would be read whole and turn up as an unreadable rank 0 beside three good ones.
        const qint64 bomb = qint64(256) << 20;
        QTest::newRow("zip bomb") << QStringLiteral("job.zip") << ArchiveKind::Zip
                                  << std::vector<ArchiveMember>{fileMember(
                                         QStringLiteral("_dump_0"), QByteArrayLiteral("\x80\x02"), bomb)}
                                  << QByteArray() << QStringLiteral("_dump_0")
                                  << QStringLiteral("times its compressed size");
        QTest::newRow("zstd bomb") << QStringLiteral("job.tar.zst") << ArchiveKind::TarZst
                                   << withJob({fileMember(QStringLiteral("job/_dump_9"),
                                                          QByteArrayLiteral("\x80\x02"), bomb)})
                                   << QByteArray() << QStringLiteral("job/_dump_9")
                                   << QStringLiteral("times its compressed size");
        QTest::newRow("absolute path")
            << QStringLiteral("job.tar") << ArchiveKind::Tar
            << withJob({fileMember(QStringLiteral("/tmp/_dump_7"), dumpBytes(0))}) << QByteArray()
            << QStringLiteral("/tmp/_dump_7") << QStringLiteral("path traversal");
        QTest::newRow("dot-dot") << QStringLiteral("job.tar.gz") << ArchiveKind::TarGz
                                 << withJob({fileMember(QStringLiteral("job/../../_dump_7"), dumpBytes(0))})
                                 << QByteArray() << QStringLiteral("job/../../_dump_7")
                                 << QStringLiteral("path traversal");
        QTest::newRow("dot-dot in a zip")
            << QStringLiteral("job.zip") << ArchiveKind::Zip
            << withJob({fileMember(QStringLiteral("../_dump_7"), dumpBytes(0))}) << QByteArray()
            << QStringLiteral("../_dump_7") << QStringLiteral("path traversal");
        QTest::newRow("symlink") << QStringLiteral("job.tgz") << ArchiveKind::Tgz
                                 << withJob({symlinkMember(QStringLiteral("job/_dump_7"),
                                                           QStringLiteral("/etc/passwd"))})
                                 << QByteArray() << QStringLiteral("job/_dump_7")
                                 << QStringLiteral("symbolic link");
        QTest::newRow("hard link") << QStringLiteral("job.tar") << ArchiveKind::Tar
                                   << withJob({hardlinkMember(QStringLiteral("job/_dump_7"),
                                                              QStringLiteral("job/_dump_0"))})
                                   << QByteArray() << QStringLiteral("job/_dump_7")
                                   << QStringLiteral("hard link");
        QTest::newRow("character device")
            << QStringLiteral("job.tar.xz") << ArchiveKind::TarXz
            << withJob({specialMember(QStringLiteral("job/_dump_7"), AE_IFCHR)}) << QByteArray()
            << QStringLiteral("job/_dump_7") << QStringLiteral("character device");
        QTest::newRow("named pipe") << QStringLiteral("job.tar") << ArchiveKind::Tar
                                    << withJob({specialMember(QStringLiteral("job/fifo"), AE_IFIFO)})
                                    << QByteArray() << QStringLiteral("job/fifo")
                                    << QStringLiteral("named pipe");
        QTest::newRow("nested by name")
            << QStringLiteral("job.tar.gz") << ArchiveKind::TarGz
            << withJob({fileMember(QStringLiteral("job/more.tar.gz"), QByteArrayLiteral("anything"))})
            << QByteArray() << QStringLiteral("job/more.tar.gz")
            << QStringLiteral("archive inside the archive");
        QTest::newRow("nested by content")
            << QStringLiteral("job.zip") << ArchiveKind::Zip
            << withJob({fileMember(QStringLiteral("job/_dump_7"),
                                   QByteArrayLiteral("\x1f\x8b\x08\x00 gzip inside"))})
            << QByteArray() << QStringLiteral("job/_dump_7") << QStringLiteral("archive inside the archive");
        QTest::newRow("member twice")
            << QStringLiteral("job.tar") << ArchiveKind::Tar
            << withJob({fileMember(QStringLiteral("job/_dump_0"), dumpBytes(1))}) << QByteArray()
            << QStringLiteral("job/_dump_0") << QStringLiteral("twice");
        QTemporaryDir scratch;
        QByteArray inflated(1 << 20, 'A'); // 1 MiB that the headers call 16 bytes
        inflated[0] = '\x80';
        inflated[1] = '\x02';
        QTest::newRow("bigger than declared")
            << QStringLiteral("job.zip") << ArchiveKind::Zip << std::vector<ArchiveMember>{}
            << lyingZip(scratch.path(), QStringLiteral("_dump_0"), inflated, 16) << QStringLiteral("_dump_0")
            << QStringLiteral("16 bytes");
    }

    // Exactly one error line, naming the archive and the member; no report; nothing written next to it.
    void hostileArchive()
    {
        QFETCH(QString, fileName);
        QFETCH(ArchiveKind, kind);
        QFETCH(std::vector<ArchiveMember>, members);
        QFETCH(QByteArray, rawBytes);
        QFETCH(QString, member);
        QFETCH(QString, problem);
        QTemporaryDir dir;
        const QString archive = dir.filePath(fileName);
        if (rawBytes.isEmpty()) {
            QCOMPARE(writeArchive(archive, kind, members), QString());
        } else {
            QFile f(archive);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(rawBytes);
        }

        QElapsedTimer timer;
        timer.start();
        const ProgramRun run = runCli({QStringLiteral("--fr-path"), archive}, RunOptions().inDir(dir.path()));
        qInfo("%s refused in %lld ms", qPrintable(fileName), timer.elapsed());
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(run.out, QString());
        const QStringList lines = run.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(lines.size() == 1, qPrintable(run.err));
        QVERIFY2(
            lines.front().startsWith(archive + QStringLiteral(": member ") + member + QStringLiteral(": ")),
            qPrintable(run.err));
        QVERIFY2(lines.front().contains(problem), qPrintable(run.err));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList{fileName});

        // The loader: the same single error, on the archive, and no dump.
        const Outcome got = load(archive);
        QVERIFY(got.ranksRead.empty());
        QCOMPARE(got.errors.size(), std::size_t(1));
        QCOMPARE(got.errors.front().filePath, archive);
    }
};

QTEST_GUILESS_MAIN(TestArchives)
#include "tst_archives.moc"
