// Runs the fuzz target's checks (tools/fuzz/DecoderChecks.h) over the seed corpus and over the inputs past
// fuzzing runs stopped on, so that each finding stays fixed in the normal and the sanitizer suites.

#include "tools/fuzz/DecoderChecks.h"

#include <QDir>
#include <QFile>
#include <QTest>

namespace {

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList inputsIn(const QString& dir)
{
    QStringList out;
    const QDir d(dir);
    for (const QString& name : d.entryList(QDir::Files, QDir::Name))
        if (!name.endsWith(QLatin1String(".md")))
            out << d.filePath(name);
    return out;
}

fd::fuzz::DecoderCheckCost check(const QByteArray& bytes)
{
    return fd::fuzz::checkDecoders(std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

} // namespace

class TestFuzzInputs : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void seedsAreWrittenInFull()
    {
        // Dump-shaped inputs must stay well inside the cap, or the fixed-point check would never run on them.
        const QStringList seeds = inputsIn(QStringLiteral(FD_SOURCE_DIR "/tools/fuzz/corpus"));
        QVERIFY(seeds.size() >= 5);
        for (const QString& path : seeds) {
            const fd::fuzz::DecoderCheckCost cost = check(readFile(path));
            QVERIFY2(!cost.capped, qPrintable(path));
            QVERIFY2(cost.jsonBytes > 0 && cost.jsonBytes * 4 < cost.jsonCap, qPrintable(path));
        }
    }

    void sharedContainersStopAtTheCap()
    {
        // The timeout's shape: 56 bytes of memo-shared tuples expand to 57 MB of JSON. The checks stop at a
        // cap proportional to the input instead of writing (and re-reading) all of it.
        const QByteArray bytes = readFile(QStringLiteral(FD_TEST_DATA "/fuzz/memo-shared-tuples"));
        QCOMPARE(bytes.size(), 56);
        const fd::fuzz::DecoderCheckCost cost = check(bytes);
        QVERIFY(cost.capped);
        QCOMPARE(cost.jsonCap, std::size_t(64 * 56 + 64 * 1024));
        QCOMPARE(cost.jsonBytes, std::size_t(0));
    }

    void everyPastFindingPasses()
    {
        const QStringList findings = inputsIn(QStringLiteral(FD_TEST_DATA "/fuzz"));
        QVERIFY(!findings.isEmpty());
        for (const QString& path : findings) {
            const fd::fuzz::DecoderCheckCost cost = check(readFile(path));
            QVERIFY2(cost.jsonBytes <= cost.jsonCap, qPrintable(path));
        }
    }
};

QTEST_GUILESS_MAIN(TestFuzzInputs)
#include "tst_fuzzinputs.moc"
