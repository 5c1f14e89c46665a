#include "core/exporting/DumpExporter.h"
#include "core/io/JobLoader.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace fd;

namespace {

QString dataPath(const QString& rel)
{
    return QStringLiteral(FD_TEST_DATA "/") + rel;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void copyDir(const QString& from, const QString& to)
{
    const QDir src(from);
    for (const QString& name : src.entryList(QDir::Files))
        QVERIFY(QFile::copy(src.filePath(name), to + QLatin1Char('/') + name));
}

QByteArray digestOfFolder(const QString& dir)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    const QDir d(dir);
    for (const QString& name : d.entryList(QDir::Files, QDir::Name)) {
        h.addData(name.toUtf8());
        h.addData(readAll(d.filePath(name)));
    }
    return h.result();
}

} // namespace

// The --debug replacement, through its public API: layout, byte-exact output, and what it must never do.
class TestDumpExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Our JSON equals what Python's pickle.load gives (tests/data/expected, written by generate.py).
    void matchesPythonExpectations_data()
    {
        QTest::addColumn<QString>("folder");
        const QDir expected(dataPath(QStringLiteral("expected/dumps")));
        for (const QString& f : expected.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            QTest::newRow(qPrintable(f)) << f;
    }
    void matchesPythonExpectations()
    {
        QFETCH(QString, folder);
        QTemporaryDir out;
        const DumpExportSummary summary =
            exportDumpsToJson(dataPath(QStringLiteral("dumps/") + folder), QStringLiteral("*"), out.path());
        QVERIFY2(summary.fatalError.isEmpty(), qPrintable(summary.fatalError));
        QVERIFY(!summary.items.empty());
        for (const DumpExportItem& item : summary.items) {
            QVERIFY2(item.error.isEmpty(), qPrintable(item.error));
            const QString name = QFileInfo(item.dumpPath).fileName();
            QCOMPARE(item.jsonPath, out.filePath(name + QStringLiteral(".json")));
            const QByteArray expected =
                readAll(dataPath(QStringLiteral("expected/dumps/%1/%2.expected.json").arg(folder, name)));
            QVERIFY(!expected.isEmpty());
            QCOMPARE(readAll(item.jsonPath), expected);
        }
    }

    void defaultLayoutIsNotReadBackAsASecondCopy()
    {
        QTemporaryDir dir;
        copyDir(dataPath(QStringLiteral("dumps/v2_10_cpp")), dir.path());
        const QByteArray before = digestOfFolder(dir.path());
        const DumpExportSummary summary = exportDumpsToJson(dir.path(), QLatin1String(kDefaultPattern));
        QCOMPARE(summary.outputDir, dir.filePath(QStringLiteral("flightdeck-json")));
        QCOMPARE(summary.failures(), 0);
        QCOMPARE(summary.items.size(), std::size_t(4));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("flightdeck-json/_dump_3.json"))));
        QCOMPARE(digestOfFolder(dir.path()), before); // the dumps are untouched
        // The next run over the same folder still sees one file per rank.
        auto job = loadJob({dir.path()});
        QCOMPARE(job->dumps.size(), std::size_t(4));
        QVERIFY(job->errors.empty());
        // And a second export just replaces its own output.
        QCOMPARE(exportDumpsToJson(dir.path(), QLatin1String(kDefaultPattern)).failures(), 0);
    }

    void singleFile()
    {
        QTemporaryDir out;
        const DumpExportSummary summary = exportDumpsToJson(
            dataPath(QStringLiteral("dumps/v2_10_cpp/_dump_2")), QLatin1String(kDefaultPattern), out.path());
        QCOMPARE(summary.items.size(), std::size_t(1));
        QCOMPARE(readAll(out.filePath(QStringLiteral("_dump_2.json"))),
                 readAll(dataPath(QStringLiteral("expected/dumps/v2_10_cpp/_dump_2.expected.json"))));
        QCOMPARE(defaultExportDir(dataPath(QStringLiteral("dumps/v2_10_cpp/_dump_2"))),
                 dataPath(QStringLiteral("dumps/v2_10_cpp/flightdeck-json")));
    }

    void neverOverwritesADump()
    {
        QTemporaryDir dir;
        copyDir(dataPath(QStringLiteral("dumps/v2_10_cpp")), dir.path());
        // A JSON conversion beside the dump, as fr_attribution.py --debug leaves it: a second file for
        // rank 1.
        QVERIFY(QFile::copy(dataPath(QStringLiteral("dumps/v2_10_json/_dump_1.json")),
                            dir.filePath(QStringLiteral("_dump_1.json"))));
        const QByteArray before = digestOfFolder(dir.path());
        const DumpExportSummary summary =
            exportDumpsToJson(dir.path(), QLatin1String(kDefaultPattern), dir.path());
        QCOMPARE(summary.failures(), 1);
        const auto& refused = summary.items[1];
        QVERIFY(refused.jsonPath.isEmpty());
        QVERIFY2(refused.error.contains(QStringLiteral("not overwritten")), qPrintable(refused.error));
        QCOMPARE(readAll(dir.filePath(QStringLiteral("_dump_1.json"))),
                 readAll(dataPath(QStringLiteral("dumps/v2_10_json/_dump_1.json"))));
        QVERIFY(before != digestOfFolder(dir.path())); // the other three were written beside them
        QVERIFY(exportDumpFileToJson(dir.filePath(QStringLiteral("_dump_0")),
                                     dir.filePath(QStringLiteral("_dump_0")))
                    .has_value());
    }

    void badFileIsReportedOthersExported()
    {
        QTemporaryDir dir;
        copyDir(dataPath(QStringLiteral("dumps/v2_10_cpp")), dir.path());
        QFile::remove(dir.filePath(QStringLiteral("_dump_3")));
        QVERIFY(
            QFile::copy(dataPath(QStringLiteral("bad/truncated")), dir.filePath(QStringLiteral("_dump_3"))));
        QTemporaryDir out;
        const DumpExportSummary summary =
            exportDumpsToJson(dir.path(), QLatin1String(kDefaultPattern), out.path());
        QCOMPARE(summary.failures(), 1);
        QVERIFY(summary.items[3].error.contains(dir.filePath(QStringLiteral("_dump_3"))));
        QVERIFY(summary.items[3].error.contains(QStringLiteral("byte ")));
        QVERIFY(!QFile::exists(out.filePath(QStringLiteral("_dump_3.json"))));
        QVERIFY(QFile::exists(out.filePath(QStringLiteral("_dump_2.json"))));
    }

    void readOnlyDumpFolderIsNotWrittenInto()
    {
        // Holds for root too: the folder's permission bits say "do not write here".
        QTemporaryDir dir;
        copyDir(dataPath(QStringLiteral("dumps/v2_10_cpp")), dir.path());
        QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        const DumpExportSummary summary = exportDumpsToJson(dir.path(), QLatin1String(kDefaultPattern));
        QFile::setPermissions(dir.path(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QVERIFY2(summary.fatalError.contains(QStringLiteral("read-only")), qPrintable(summary.fatalError));
        QVERIFY(summary.fatalError.contains(QStringLiteral("--debug-dir")));
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("flightdeck-json"))));
    }

    void unwritableOutputIsAClearError()
    {
        // /proc refuses new folders even to root, so this holds in CI too.
        const DumpExportSummary summary =
            exportDumpsToJson(dataPath(QStringLiteral("dumps/v2_10_cpp")), QLatin1String(kDefaultPattern),
                              QStringLiteral("/proc/flightdeck"));
        QVERIFY(summary.fatalError.contains(QStringLiteral("--debug-dir")));
    }
};

QTEST_GUILESS_MAIN(TestDumpExport)
#include "tst_dumpexport.moc"
