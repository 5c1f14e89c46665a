// Special and changing files where dumps are expected (docs/hostile-input.md): FIFOs, devices and links to
// them named like dumps, a key file that is a FIFO, a dump cut short while it is mapped, two names for one
// rank, pickles of a protocol torch never writes. Every special file is made by the test itself.

#include "core/io/DumpDiscovery.h"
#include "core/io/DumpReader.h"
#include "core/io/JobLoader.h"
#include "core/io/MappedFileGuard.h"
#include "core/llm/LlmSettings.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <memory>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

using namespace fd;

namespace {

const QString kHealthy = QStringLiteral(FD_TEST_DATA "/scenarios/healthy"); // ranks 0-3

void copyJob(const QString& to)
{
    const QDir src(kHealthy);
    for (const QString& name : src.entryList(QStringList{QStringLiteral("_dump_*")}, QDir::Files))
        QVERIFY(QFile::copy(src.filePath(name), to + QLatin1Char('/') + name));
}

void makeFifo(const QString& path)
{
    QVERIFY2(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0, qPrintable(path));
}

void link(const QString& target, const QString& name)
{
    QVERIFY2(QFile::link(target, name), qPrintable(name));
}

void write(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

QString errorsText(const Job& job)
{
    QStringList lines;
    for (const LoadError& e : job.errors)
        lines << e.toString();
    return lines.join(QLatin1Char('\n'));
}

// A JSON dump of about `bytes` bytes: a valid empty dump with a long unknown key.
QByteArray bigJsonDump(int bytes)
{
    QByteArray d = R"({"version":"2.10","pg_config":{},"pg_status":{},"entries":[],"padding":")";
    d += QByteArray(bytes, 'p');
    return d + "\"}";
}

} // namespace

class TestHostileFiles : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // _dump_3 that is a FIFO, or a link to a FIFO, /dev/zero, /dev/urandom or nothing: never opened (a FIFO
    // blocks open(), a device never ends), said in a note with what it is, and rank 3 is unreadable, not
    // missing.
    void specialFileNamedLikeADumpIsSkippedWithANote_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("said");
        QTest::newRow("fifo") << "fifo"
                              << "a FIFO";
        QTest::newRow("link to a fifo") << "link-fifo"
                                        << "a FIFO";
        QTest::newRow("link to /dev/zero") << "/dev/zero"
                                           << "a character device";
        QTest::newRow("link to /dev/urandom") << "/dev/urandom"
                                              << "a character device";
        QTest::newRow("broken link") << "broken"
                                     << "a broken symbolic link";
    }
    void specialFileNamedLikeADumpIsSkippedWithANote()
    {
        QFETCH(QString, kind);
        QFETCH(QString, said);
        QTemporaryDir dir, elsewhere;
        copyJob(dir.path());
        const QString dump3 = dir.filePath(QStringLiteral("_dump_3"));
        QVERIFY(QFile::remove(dump3));
        if (kind == QLatin1String("fifo")) {
            makeFifo(dump3);
        } else if (kind == QLatin1String("link-fifo")) {
            makeFifo(elsewhere.filePath(QStringLiteral("pipe")));
            link(elsewhere.filePath(QStringLiteral("pipe")), dump3);
        } else if (kind == QLatin1String("broken")) {
            link(elsewhere.filePath(QStringLiteral("gone")), dump3);
        } else {
            link(kind, dump3);
        }
        const Discovery d = discoverDumps(dir.path());
        QCOMPARE(d.files.size(), std::size_t(3));
        const QString notes = d.notes.join(QLatin1Char('\n'));
        QVERIFY2(notes.contains(QStringLiteral("not a regular file (%1)").arg(said)) &&
                     notes.contains(QLatin1String("_dump_3")),
                 qPrintable(notes));

        LoadOptions options;
        options.frPath = dir.path();
        const auto job = loadJob(options);
        QCOMPARE(job->dumps.size(), std::size_t(3));
        QCOMPARE(job->unreadableRanks, std::vector<int>{3});
        QVERIFY(job->missingRanks.empty());
        QVERIFY2(errorsText(*job).contains(said), qPrintable(errorsText(*job)));
    }

    // The same special files named directly (--fr-path, or opened as a dump) are refused by name, at once.
    void specialFileOpenedDirectlyIsRefused()
    {
        QTemporaryDir dir;
        makeFifo(dir.filePath(QStringLiteral("pipe")));
        link(dir.filePath(QStringLiteral("pipe")), dir.filePath(QStringLiteral("_dump_0")));
        DumpBytes fifo;
        QCOMPARE(fifo.open(dir.filePath(QStringLiteral("_dump_0"))),
                 QStringLiteral("not a regular file (a FIFO): not read"));
        DumpBytes zero;
        QCOMPARE(zero.open(QStringLiteral("/dev/zero")),
                 QStringLiteral("not a regular file (a character device): not read"));
        link(QStringLiteral("/dev/zero"), dir.filePath(QStringLiteral("zero")));
        const Discovery d = discoverDumps(dir.filePath(QStringLiteral("zero")));
        QVERIFY(d.files.empty());
        QCOMPARE(d.errors.size(), std::size_t(1));
        QVERIFY2(d.errors[0].message.contains(QLatin1String("a character device")),
                 qPrintable(d.errors[0].message));
    }

    // LLM_API_KEY_FILE naming a FIFO: skipped with the reason, never waited on.
    void keyFileThatIsAFifoIsSkipped()
    {
        QTemporaryDir home;
        const QString fifo = home.filePath(QStringLiteral("key-pipe"));
        makeFifo(fifo);
        const QByteArray saved = qgetenv("LLM_API_KEY_FILE"), savedKey = qgetenv("LLM_API_KEY");
        qunsetenv("LLM_API_KEY");
        qputenv("LLM_API_KEY_FILE", QFile::encodeName(fifo));
        const LlmSettings s = resolveLlmSettings({}, {}, home.path());
        qputenv("LLM_API_KEY_FILE", saved);
        if (!savedKey.isEmpty())
            qputenv("LLM_API_KEY", savedKey);
        QVERIFY(s.apiKey.isEmpty());
        QVERIFY2(s.keyNote.contains(QLatin1String("a FIFO")), qPrintable(s.keyNote));
    }

    // A dump cut short after it was mapped: reading it does not crash (no SIGBUS), and the bytes are named as
    // changed. Also for the reads that do not map (every guard slot taken).
    void dumpCutShortWhileMappedIsNamedAsChanged()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("_dump_0.json"));
        write(path, bigJsonDump(256 << 10));
        std::vector<std::unique_ptr<DumpBytes>> opened;
        for (int i = 0; i < MappedFileGuard::kSlots + 4; ++i) { // past the guard's slots: the rest are read
            opened.push_back(std::make_unique<DumpBytes>());
            QCOMPARE(opened.back()->open(path), QString());
            QCOMPARE(opened.back()->changedWhileRead(), QString());
        }
        QVERIFY(QFile::resize(path, 1000));
        for (const auto& bytes : opened) {
            std::uint64_t sum = 0;
            for (char c : bytes->view()) // past byte 1000 of a mapped one: zeros, not a signal
                sum += static_cast<unsigned char>(c);
            QVERIFY(sum > 0);
            const QString changed = bytes->changedWhileRead();
            QVERIFY2(changed.contains(QLatin1String("changed while it was read")) &&
                         changed.contains(QLatin1String("1000")),
                     qPrintable(changed));
        }
    }

    // A dump rewritten (cut, then written again) over and over while the loader reads it: every read is a
    // dump or a named error, never a crash.
    void dumpRewrittenWhileLoadedNeverCrashes()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("_dump_0.json"));
        const QByteArray dump = bigJsonDump(2 << 20);
        write(path, dump);
        std::atomic<bool> stop{false};
        std::thread rewriter([&] {
            while (!stop.load()) {
                QFile f(path);
                if (f.open(QIODevice::ReadWrite)) {
                    f.resize(100);
                    f.seek(0);
                    f.write(dump);
                }
            }
        });
        int changed = 0;
        for (int i = 0; i < 20; ++i) {
            JobPools pools;
            const auto result = readDumpFile(path, 0, pools, DetailLevel::None);
            if (const auto* error = std::get_if<LoadError>(&result))
                changed += error->message.contains(QLatin1String("changed while it was read"));
        }
        stop = true;
        rewriter.join();
        qInfo() << changed << "of 20 reads saw the file change";
    }

    // _dump_03 and _dump_3 both say rank 3: the name torch writes is read, the other reported as a second
    // file.
    void paddedRankNameIsReportedAsASecondFile()
    {
        QTemporaryDir dir;
        copyJob(dir.path());
        QVERIFY(
            QFile::copy(dir.filePath(QStringLiteral("_dump_3")), dir.filePath(QStringLiteral("_dump_03"))));
        const Discovery d = discoverDumps(dir.path());
        QCOMPARE(d.files.size(), std::size_t(4));
        QVERIFY2(d.files[3].path.endsWith(QLatin1String("/_dump_3")), qPrintable(d.files[3].path));
        QCOMPARE(d.errors.size(), std::size_t(1));
        QVERIFY(d.errors[0].filePath.endsWith(QLatin1String("/_dump_03")));
        QVERIFY2(d.errors[0].message.contains(QLatin1String("second file for rank 3 (also _dump_3)")),
                 qPrintable(d.errors[0].message));
    }

    // Protocols 0 and 1 (Python's pickle.dumps(d, 0) and (d, 1)) are named as such, not as "neither pickle
    // nor JSON".
    void oldPickleProtocolsAreNamed_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("protocol 0") << QByteArray("(dp0\nVversion\np1\nV2.10\np2\ns.");
        QTest::newRow("protocol 1") << QByteArray("}q\x00X\x07\x00\x00\x00versionq\x01X\x04\x00\x00\x00"
                                                  "2.10q\x02s.",
                                                  30);
    }
    void oldPickleProtocolsAreNamed()
    {
        QFETCH(QByteArray, bytes);
        QTemporaryDir dir;
        write(dir.filePath(QStringLiteral("_dump_0")), bytes);
        JobPools pools;
        const auto result = readDumpFile(dir.filePath(QStringLiteral("_dump_0")), 0, pools);
        const auto* error = std::get_if<LoadError>(&result);
        QVERIFY(error);
        QVERIFY2(error->message.contains(QLatin1String("unsupported pickle protocol")),
                 qPrintable(error->message));
    }
};

QTEST_GUILESS_MAIN(TestHostileFiles)
#include "tst_hostilefiles.moc"
