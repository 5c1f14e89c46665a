// The CLI's outputs on a full disk and in a folder others can write into (docs/hostile-input.md): every
// output that cannot be written whole is named with the system's reason, leaves nothing under its final name,
// and makes the exit code 4, while the analysis is still printed. The full disk is a file-size limit the CLI
// inherits (ulimit -f, with SIGXFSZ ignored), or a small tmpfs when this test may mount one.

#include "tests/support/FileSizeLimit.h"
#include "tests/support/RunProgram.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using fd::test::FileSizeLimit;
using fd::test::runCli;

constexpr int kExitOutputFailed = 4;

void copyJob(const QString& from, const QString& to)
{
    const QDir src(QStringLiteral(FD_TEST_DATA "/scenarios/") + from);
    for (const QString& name : src.entryList(QStringList{QStringLiteral("_dump_*")}, QDir::Files))
        QVERIFY(QFile::copy(src.filePath(name), to + QLatin1Char('/') + name));
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList everything(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                               QDir::Name);
}

} // namespace

class TstCliOutputs : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // A stream is written into, never replaced: `--json /dev/stdout` prints the report where the text goes,
    // and a named pipe stays a pipe (renaming a temporary file over it, as over /dev/null, would replace the
    // node itself).
    void jsonToStdoutIsPrinted()
    {
        const fd::test::ProgramRun r =
            runCli({QStringLiteral("--fr-path"), QStringLiteral(FD_TEST_DATA "/scenarios/broken-gpu"),
                    QStringLiteral("--json"), QStringLiteral("/dev/stdout")});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QLatin1String("\"attribution_state\"")), qPrintable(r.out));
        QVERIFY(QFileInfo(QStringLiteral("/dev/stdout")).isSymLink());
    }
    void jsonIntoANamedPipe()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("report.pipe"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        QProcess reader; // holds the pipe's read end, as `jq < report.pipe` would
        reader.start(QStringLiteral("cat"), {fifo});
        QVERIFY(reader.waitForStarted());
        const fd::test::ProgramRun r =
            runCli({QStringLiteral("--fr-path"), QStringLiteral(FD_TEST_DATA "/scenarios/broken-gpu"),
                    QStringLiteral("--json"), fifo});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(reader.waitForFinished(30000));
        QVERIFY(reader.readAllStandardOutput().contains("\"attribution_state\""));
        struct stat st = {};
        QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode));
        QCOMPARE(everything(dir.path()), QStringList{QStringLiteral("report.pipe")}); // no temporary left
    }

    void jsonPastTheFileSizeLimitFailsByName()
    {
        QTemporaryDir dir;
        copyJob(QStringLiteral("broken-gpu"), dir.path());
        QDir().mkdir(dir.filePath(QStringLiteral("out")));
        fd::test::ProgramRun r;
        {
            const FileSizeLimit limit(512);
            r = runCli({QStringLiteral("--fr-path"), dir.path(), QStringLiteral("--json"),
                        dir.filePath(QStringLiteral("out/report.json"))});
        }
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, kExitOutputFailed);
        QVERIFY2(r.err.contains(QLatin1String("out/report.json: cannot write: File too large")),
                 qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("hanging ranks:")),
                 qPrintable(r.out)); // the analysis is still printed
        QCOMPARE(everything(dir.filePath(QStringLiteral("out"))),
                 QStringList()); // no partial file, no temporary one
    }

    void debugPastTheFileSizeLimitFailsByNameAndStillAnalyses()
    {
        QTemporaryDir dir;
        copyJob(QStringLiteral("broken-gpu"), dir.path());
        fd::test::ProgramRun r;
        {
            const FileSizeLimit limit(512);
            r = runCli({QStringLiteral("--fr-path"), dir.path(), QStringLiteral("--debug")});
        }
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, kExitOutputFailed);
        QVERIFY2(r.err.contains(QLatin1String("_dump_0.json: cannot write: File too large")),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("wrote 0 JSON file(s)")) &&
                     r.err.contains(QLatin1String("4 could not be written")),
                 qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("hanging ranks:")), qPrintable(r.out));
        QCOMPARE(everything(dir.filePath(QStringLiteral("flightdeck-json"))), QStringList());
    }

    // A real full disk (ENOSPC), where this test may mount a small tmpfs (root, and a kernel that lets it).
    void jsonOnAFullFileSystemFailsByName()
    {
        QTemporaryDir dir;
        copyJob(QStringLiteral("broken-gpu"), dir.path());
        const QString mnt = dir.filePath(QStringLiteral("full"));
        QDir().mkdir(mnt);
        if (::geteuid() != 0 ||
            ::mount("tmpfs", QFile::encodeName(mnt).constData(), "tmpfs", 0, "size=64k") != 0)
            QSKIP("cannot mount a tmpfs here (not root, or not allowed): the file-size-limit tests cover the "
                  "same path");
        {
            QFile filler(mnt + QStringLiteral("/filler"));
            QVERIFY(filler.open(QIODevice::WriteOnly | QIODevice::Unbuffered));
            const QByteArray block(4096, 'f');
            while (filler.write(block) == block.size()) {
            }
        }
        const fd::test::ProgramRun r =
            runCli({QStringLiteral("--fr-path"), dir.path(), QStringLiteral("--json"),
                    mnt + QStringLiteral("/report.json")});
        const QStringList left = everything(mnt);
        ::umount(QFile::encodeName(mnt).constData());
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, kExitOutputFailed);
        QVERIFY2(r.err.contains(QLatin1String("report.json: cannot write: No space left on device")),
                 qPrintable(r.err));
        QCOMPARE(left, QStringList{QStringLiteral("filler")});
    }

    // flightdeck-json made a link to another user's folder: refused by name, nothing written there, and the
    // analysis still runs (a refused --debug is not "no usable dump").
    void debugRefusesALinkedOutputFolder()
    {
        QTemporaryDir dir, victim;
        copyJob(QStringLiteral("broken-gpu"), dir.path());
        QVERIFY(QFile::link(victim.path(), dir.filePath(QStringLiteral("flightdeck-json"))));
        const fd::test::ProgramRun r =
            runCli({QStringLiteral("--fr-path"), dir.path(), QStringLiteral("--debug")});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, kExitOutputFailed);
        QVERIFY2(r.err.contains(QLatin1String("flightdeck-json: is a symbolic link")), qPrintable(r.err));
        QVERIFY2(r.out.contains(QLatin1String("hanging ranks:")), qPrintable(r.out));
        QCOMPARE(everything(victim.path()), QStringList());
    }

    // flightdeck-json/_dump_0.json made a link to a file of the victim's: that one output is refused by name
    // and the victim's file is untouched; the other dumps are exported.
    void debugRefusesALinkedOutputFile()
    {
        QTemporaryDir dir, victim;
        copyJob(QStringLiteral("broken-gpu"), dir.path());
        const QString out = dir.filePath(QStringLiteral("flightdeck-json"));
        QDir().mkdir(out);
        const QString precious = victim.filePath(QStringLiteral("victim.txt"));
        {
            QFile f(precious);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("precious\n");
        }
        QVERIFY(QFile::link(precious, out + QStringLiteral("/_dump_0.json")));
        const fd::test::ProgramRun r =
            runCli({QStringLiteral("--fr-path"), dir.path(), QStringLiteral("--debug")});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, kExitOutputFailed);
        QVERIFY2(r.err.contains(QLatin1String("_dump_0.json: is a symbolic link")), qPrintable(r.err));
        QCOMPARE(readAll(precious), QByteArray("precious\n"));
        QVERIFY(QFileInfo(out + QStringLiteral("/_dump_0.json")).isSymLink());
        for (const char* name : {"_dump_1.json", "_dump_2.json", "_dump_3.json"})
            QVERIFY2(readAll(out + QLatin1Char('/') + QLatin1String(name)).startsWith("{"), name);
        QVERIFY2(r.out.contains(QLatin1String("hanging ranks:")), qPrintable(r.out));
    }

    // The watched folder deleted while the watch waits for the rest: said at once, and the report is made of
    // what had arrived, instead of waiting out the timeout.
    void deletedWatchFolderIsReported()
    {
        QTemporaryDir parent;
        const QString watched = parent.filePath(QStringLiteral("dumps"));
        QDir().mkdir(watched);
        copyJob(QStringLiteral("missing-dump"), watched); // a rank short: the watch keeps waiting
        QProcess p;
        p.start(
            QStringLiteral(FD_BINARY_DIR "/app/cli/flightdeck-cli"),
            {QStringLiteral("--watch"), watched, QStringLiteral("--watch-timeout"), QStringLiteral("60")});
        QVERIFY(p.waitForStarted());
        QByteArray err;
        for (int i = 0; i < 200 && !err.contains("dump(s) of world"); ++i) {
            p.waitForReadyRead(100);
            err += p.readAllStandardError();
        }
        QVERIFY2(err.contains("dump(s) of world"), err.constData());
        QVERIFY(QDir(watched).removeRecursively());
        QVERIFY(p.waitForFinished(10000));
        err += p.readAllStandardError();
        QVERIFY2(err.contains("is gone (deleted, moved or unmounted)"), err.constData());
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().contains("hanging ranks:"));
    }
};

QTEST_GUILESS_MAIN(TstCliOutputs)
#include "tst_clioutputs.moc"
