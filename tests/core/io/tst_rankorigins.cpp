// Origins on demand (io/RankOrigins.h): a job loaded as the GUI loads it (DetailLevel::Times) holds its
// entries' times but no origins (op id, thread, stack, timeout), and readRankOrigins() reads a rank's again,
// exactly what loading them at once gives, from a folder and from an archive. A file that changed or went
// away since gives an error naming it, never another dump's origins.
#include "tests/support/TestArchive.h"

#include "core/exporting/ValueJsonWriter.h"
#include "core/io/JobLoader.h"
#include "core/io/PickleDecoder.h"
#include "core/io/RankOrigins.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace fd;
using namespace fd::test;

namespace {

const QString kJob =
    QStringLiteral(FD_TEST_DATA "/dumps/v2_10_cpp"); // 4 ranks with stacks, C++ pickler layout

std::shared_ptr<const Job> load(const QString& path, DetailLevel details,
                                const QString& pattern = QStringLiteral("_dump_*"))
{
    LoadOptions options;
    options.frPath = path;
    options.pattern = pattern;
    options.details = details;
    return loadJob(options);
}

QString text(std::span<const StackFrame> frames, const std::function<QString(StrId)>& str)
{
    QStringList out;
    for (const StackFrame& f : frames)
        out << QStringLiteral("%1@%2:%3").arg(str(f.name), str(f.filename)).arg(f.line);
    return out.join(QLatin1Char('|'));
}

// Every entry's origin in the job loaded with them, against the same rank read again.
void checkSameOrigins(const Job& full, const Job& lean)
{
    QCOMPARE(lean.dumps.size(), full.dumps.size());
    int withFrames = 0;
    for (std::size_t d = 0; d < lean.dumps.size(); ++d) {
        const RankOriginsResult read = readRankOrigins(lean, lean.dumps[d]);
        if (const auto* error = std::get_if<LoadError>(&read))
            QFAIL(qPrintable(error->toString()));
        const RankOrigins& origins = *std::get<std::shared_ptr<const RankOrigins>>(read);
        QCOMPARE(origins.entryCount(), full.dumps[d].entries.size());
        for (std::size_t i = 0; i < origins.entryCount(); ++i) {
            const EntryOrigin& expected = full.dumps[d].originOf(i);
            const EntryOrigin& got = origins.origin(i);
            withFrames += expected.frames == 0 ? 0 : 1;
            QCOMPARE(text(origins.frames(i), [&](StrId s) { return origins.str(s); }),
                     text(full.pools->stack(expected.frames), [&](StrId s) { return full.str(s); }));
            QCOMPARE(got.opId, expected.opId);
            QCOMPARE(got.timeoutMs, expected.timeoutMs);
            QCOMPARE(origins.str(got.threadName), full.str(expected.threadName));
            QCOMPARE(origins.str(got.threadId), full.str(expected.threadId));
        }
    }
    // Something was compared: stacks where the dumps carry them (NVRx's jobs were dumped without), threads
    // always.
    QCOMPARE(withFrames > 0, full.dumps.front().hasStackTraces);
    QVERIFY(full.dumps.front().originOf(0).threadName != 0);
}

QString copyJob(const QTemporaryDir& dir)
{
    for (const QString& name : QDir(kJob).entryList(QDir::Files))
        QFile::copy(kJob + QLatin1Char('/') + name, dir.filePath(name));
    return dir.path();
}

QString errorOf(const RankOriginsResult& read)
{
    const auto* error = std::get_if<LoadError>(&read);
    return error ? error->toString() : QString();
}

} // namespace

class TestRankOrigins : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theGuiLoadLeavesOriginsInTheFiles()
    {
        const auto full = load(kJob, DetailLevel::Full);
        const auto lean = load(kJob, DetailLevel::Times);
        QCOMPARE(lean->dumps.size(), std::size_t(4));
        QCOMPARE(lean->pools->stacks.size(), std::size_t(1)); // only the empty stack: none was interned
        for (std::size_t d = 0; d < lean->dumps.size(); ++d) {
            const RankDump& a = full->dumps[d];
            const RankDump& b = lean->dumps[d];
            QVERIFY(a.hasStackTraces);
            QVERIFY(!a.originsInFile);
            QVERIFY(b.hasStackTraces);
            QVERIFY(b.originsInFile);
            QCOMPARE(b.times.size(), a.times.size()); // the times are kept, the origins not
            QVERIFY(b.origins.empty());
            QCOMPARE(a.origins.size(), a.entries.size());
            for (std::size_t i = 0; i < b.times.size(); ++i) {
                QCOMPARE(b.times[i].timeCreatedNs, a.times[i].timeCreatedNs);
                QCOMPARE(b.times[i].timeDiscoveredCompletedNs, a.times[i].timeDiscoveredCompletedNs);
            }
        }
    }

    void originsReadAgainFromTheFolder_data()
    {
        QTest::addColumn<QString>("job");
        QTest::newRow("C++ pickler") << kJob;
        // Written by a real torch (gloo, one rank exits: tests/data/README.md).
        QTest::newRow("torch") << QStringLiteral(FD_TEST_DATA "/torch/rank-exits");
        // Real jobs with injected faults, where ../shared is there (never committed).
        for (const char* job : {"gpu_error_1st", "lock_gil_1st"}) {
            const QString path = QStringLiteral(FD_SHARED_FIXTURES "/nvrx/") + QLatin1String(job);
            if (QDir(path).exists())
                QTest::newRow(job) << path;
        }
    }

    void originsReadAgainFromTheFolder()
    {
        QFETCH(QString, job);
        const auto lean = load(job, DetailLevel::Times);
        QVERIFY(!lean->dumps.empty());
        for (const RankDump& d : lean->dumps)
            QVERIFY(d.originsInFile);
        checkSameOrigins(*load(job, DetailLevel::Full), *lean);
    }

    void originsReadAgainFromJsonDumps()
    {
        // The same job written as JSON with its frames (torch's own JSON has none; a converted pickle does):
        // the typed JSON reader leaves the origins in the files too, and they read again alike.
        QTemporaryDir dir;
        for (const QString& name : QDir(kJob).entryList(QDir::Files)) {
            QFile in(kJob + QLatin1Char('/') + name);
            QVERIFY(in.open(QIODevice::ReadOnly));
            const QByteArray pickle = in.readAll();
            const DecodeResult decoded =
                decodePickle(std::string_view(pickle.constData(), std::size_t(pickle.size())));
            QVERIFY(decoded.ok());
            const std::string json = valueTreeToJson(decoded.tree, ValueJsonOptions{0}).json;
            QFile out(dir.filePath(name + QStringLiteral(".json")));
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(json.data(), qint64(json.size()));
        }
        const auto full = load(dir.path(), DetailLevel::Full, QStringLiteral("*.json"));
        const auto lean = load(dir.path(), DetailLevel::Times, QStringLiteral("*.json"));
        QCOMPARE(lean->dumps.size(), std::size_t(4));
        QCOMPARE(lean->pools->stacks.size(), std::size_t(1)); // only the empty stack: none was interned
        for (const RankDump& dump : lean->dumps) {
            QCOMPARE(dump.format, DumpFormat::Json);
            QVERIFY(dump.originsInFile);
        }
        checkSameOrigins(*full, *lean);
    }

    void originsReadAgainFromAnArchive_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("tar") << int(ArchiveKind::Tar);
        QTest::newRow("tar.gz") << int(ArchiveKind::TarGz);
        QTest::newRow("zip") << int(ArchiveKind::Zip);
    }

    void originsReadAgainFromAnArchive()
    {
        QFETCH(int, kind);
        QTemporaryDir dir;
        const QString archive =
            dir.filePath(QStringLiteral("job") + QLatin1String(archiveExtension(ArchiveKind(kind))));
        std::vector<ArchiveMember> members;
        for (const QString& name : QDir(kJob).entryList(QDir::Files)) {
            QFile f(kJob + QLatin1Char('/') + name);
            QVERIFY(f.open(QIODevice::ReadOnly));
            members.push_back(fileMember(QStringLiteral("job/") + name, f.readAll()));
        }
        QCOMPARE(writeArchive(archive, ArchiveKind(kind), members), QString());
        const auto lean = load(archive, DetailLevel::Times);
        QVERIFY(lean->dumps.front().originsInFile);
        QCOMPARE(lean->dumps.front().archivePath, archive);
        QCOMPARE(lean->dumps.front().archiveMember, QStringLiteral("job/_dump_0"));
        checkSameOrigins(*load(kJob, DetailLevel::Full), *lean);

        // The archive replaced by one without that member: named, not another rank's frames.
        QVERIFY(QFile::remove(archive));
        members.erase(members.begin());
        QCOMPARE(writeArchive(archive, ArchiveKind(kind), members), QString());
        const QString error = errorOf(readRankOrigins(*lean, lean->dumps.front()));
        QVERIFY2(error.contains(QLatin1String("job/_dump_0")) &&
                     error.contains(QLatin1String("no longer in the archive")),
                 qPrintable(error));
    }

    void aFileThatChangedOrWentAwayIsNamed()
    {
        QTemporaryDir dir;
        const auto lean = load(copyJob(dir), DetailLevel::Times);
        QCOMPARE(lean->dumps.size(), std::size_t(4));

        QFile grown(lean->dumps[1].filePath);
        QVERIFY(grown.open(QIODevice::Append));
        grown.write("x");
        grown.close();
        QString error = errorOf(readRankOrigins(*lean, lean->dumps[1]));
        QVERIFY2(error.startsWith(lean->dumps[1].filePath) &&
                     error.contains(QLatin1String("changed since the job was loaded")) &&
                     error.contains(QLatin1String("bytes")),
                 qPrintable(error));

        QVERIFY(QFile::remove(lean->dumps[2].filePath));
        error = errorOf(readRankOrigins(*lean, lean->dumps[2]));
        QVERIFY2(error.startsWith(lean->dumps[2].filePath), qPrintable(error));

        // Another rank's dump in its place, cut or padded to the same size: its entries are not the ones
        // loaded.
        QFile other(lean->dumps[3].filePath);
        QVERIFY(other.open(QIODevice::ReadOnly));
        QByteArray bytes = other.readAll();
        other.close();
        bytes.resize(qsizetype(lean->dumps[0].fileSize), '\0');
        QFile replaced(lean->dumps[0].filePath);
        QVERIFY(replaced.open(QIODevice::WriteOnly | QIODevice::Truncate));
        replaced.write(bytes);
        replaced.close();
        error = errorOf(readRankOrigins(*lean, lean->dumps[0]));
        QVERIFY2(error.startsWith(lean->dumps[0].filePath) && !error.isEmpty(), qPrintable(error));

        // The untouched rank still reads.
        QCOMPARE(errorOf(readRankOrigins(*lean, lean->dumps[3])), QString());
    }

    void aDumpCutShortReadsAgainUpToTheCut()
    {
        // A rank killed while dumping: what came before the cut is loaded (RankDump::partial), and read
        // again.
        QTemporaryDir dir;
        QFile whole(kJob + QStringLiteral("/_dump_1"));
        QVERIFY(whole.open(QIODevice::ReadOnly));
        const QByteArray bytes = whole.readAll();
        QFile cut(dir.filePath(QStringLiteral("_dump_1")));
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write(bytes.left(bytes.size() * 2 / 3));
        cut.close();
        const auto lean = load(dir.path(), DetailLevel::Times);
        QCOMPARE(lean->dumps.size(), std::size_t(1));
        QVERIFY(lean->dumps.front().partial);
        QVERIFY(!lean->dumps.front().entries.empty());
        checkSameOrigins(*load(dir.path(), DetailLevel::Full), *lean);
    }

    void sameSizeOtherEntriesIsRefused()
    {
        // A JSON dump edited in place (one record id, same length): same size, other entries.
        QTemporaryDir dir;
        const QString json = QStringLiteral(FD_TEST_DATA "/dumps/v2_10_json");
        for (const QString& name : QDir(json).entryList(QDir::Files))
            QFile::copy(json + QLatin1Char('/') + name, dir.filePath(name));
        const auto job = load(dir.path(), DetailLevel::Times, QStringLiteral("*.json"));
        QVERIFY(!job->dumps.empty());
        const QString path = job->dumps.front().filePath;
        QCOMPARE(errorOf(readRankOrigins(*job, job->dumps.front())), QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray bytes = f.readAll();
        f.close();
        const qsizetype at = bytes.indexOf("\"record_id\":0,");
        QVERIFY(at >= 0);
        bytes[at + qsizetype(qstrlen("\"record_id\":"))] = '9';
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
        f.close();
        const QString error = errorOf(readRankOrigins(*job, job->dumps.front()));
        QVERIFY2(error.startsWith(path) && error.contains(QLatin1String("is not the one loaded")),
                 qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestRankOrigins)
#include "tst_rankorigins.moc"
