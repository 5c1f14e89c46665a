// The typed pickle reader (core/io/PickleDumpReader.h) against the general one (decodePickle + DumpFields):
// for every input it accepts, the two must give the same RankDump (tools/fuzz/TypedReaderCheck.h, which the
// fuzzer runs too); every input it refuses goes to the general reader, which loads it or names the problem.

#include "core/io/DumpReader.h"
#include "core/io/PickleDumpReader.h"
#include "core/model/JobPools.h"
#include "tools/fuzz/TypedReaderCheck.h"
#include "tools/synth/SyntheticJob.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

#include <variant>

namespace {

std::string syntheticDump(bool stacks, bool timing, int entries)
{
    fd::SyntheticJobOptions o;
    o.ranks = 8;
    o.entriesPerRank = entries;
    o.withStackTraces = stacks;
    o.timing = timing;
    return fd::SyntheticJob(o).dumpRank(3);
}

} // namespace

class TestPickleDumpReader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readsTheCppPicklerLayoutLikeTheGeneralReader_data()
    {
        QTest::addColumn<bool>("stacks");
        QTest::addColumn<bool>("timing");
        QTest::newRow("plain") << false << false;
        QTest::newRow("stacks") << true << false;
        QTest::newRow("stacks+timing") << true << true;
    }
    void readsTheCppPicklerLayoutLikeTheGeneralReader()
    {
        QFETCH(bool, stacks);
        QFETCH(bool, timing);
        const std::string bytes = syntheticDump(stacks, timing, 300);
        const fd::fuzz::PickleReadings r = fd::fuzz::readBothWays(bytes);
        QVERIFY2(!r.typed.isEmpty(),
                 "fr-synth writes the C++ pickler's layout: the typed reader must take it");
        QCOMPARE(r.typed, r.general);
        QCOMPARE(r.typedTimes, r.generalTimes);
        QCOMPARE(r.typedBare, r.generalBare);
        QVERIFY(r.typed.count(QLatin1Char('\n')) > 300);
        QCOMPARE(r.typed.contains(QLatin1String(".py:")), stacks);
    }

    void everyFixtureReadsAlikeOrFallsBack()
    {
        // Real and hand-made dumps, broken files, fuzz seeds and findings: where the typed reader answers, it
        // answers like the general one. The C++-written fixtures must be taken by it.
        int typedCount = 0;
        for (const QString& dir :
             {QStringLiteral(FD_TEST_DATA), QStringLiteral(FD_SOURCE_DIR "/tools/fuzz/corpus")}) {
            QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                QFile f(path);
                QVERIFY(f.open(QIODevice::ReadOnly));
                const QByteArray data = f.readAll();
                const std::string_view bytes(data.constData(), std::size_t(data.size()));
                const fd::fuzz::PickleReadings r = fd::fuzz::readBothWays(bytes);
                if (r.typed.isEmpty())
                    continue;
                ++typedCount;
                QCOMPARE(r.typed, r.general);
                QCOMPARE(r.typedTimes, r.generalTimes);
                QCOMPARE(r.typedBare, r.generalBare);
            }
        }
        QVERIFY(typedCount >= 2);
    }

    void everyTruncationFallsBack()
    {
        // A cut anywhere leaves the file to the general reader, which names the offset.
        const std::string bytes = syntheticDump(true, true, 6);
        fd::JobPools pools;
        for (const fd::DetailLevel level :
             {fd::DetailLevel::Full, fd::DetailLevel::Times, fd::DetailLevel::None}) {
            for (std::size_t n = 0; n < bytes.size(); ++n)
                QVERIFY2(!fd::readPickleDumpTyped(std::string_view(bytes).substr(0, n), pools, level),
                         qPrintable(QString::number(n)));
            QVERIFY(fd::readPickleDumpTyped(bytes, pools, level));
        }
    }

    void everyChangedByteReadsAlikeOrFallsBack()
    {
        // Each byte replaced by a few values that matter to the layout (opcodes, lengths, memo ids).
        const std::string original = syntheticDump(true, true, 2);
        int typedCount = 0;
        for (std::size_t i = 0; i < original.size(); ++i) {
            for (const int v : {0x00, 0x02, int('h'), int('e')}) {
                if (static_cast<unsigned char>(original[i]) == v)
                    continue;
                std::string bytes = original;
                bytes[i] = static_cast<char>(v);
                const fd::fuzz::PickleReadings r = fd::fuzz::readBothWays(bytes);
                if (r.typed.isEmpty())
                    continue;
                ++typedCount;
                QCOMPARE(r.typed, r.general);
                QCOMPARE(r.typedTimes, r.generalTimes);
                QCOMPARE(r.typedBare, r.generalBare);
            }
        }
        QVERIFY(typedCount > 0); // changed values (ints, text) still take the typed path
    }

    void loadsThroughReadDumpFile()
    {
        // The loader's path: the typed reader for the C++ layout, with format and size set.
        const std::string bytes = syntheticDump(true, false, 50);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("_dump_3"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes.data(), qint64(bytes.size()));
        f.close();
        fd::JobPools pools;
        const auto result = fd::readDumpFile(path, 3, pools);
        QVERIFY(std::holds_alternative<fd::RankDump>(result));
        const fd::RankDump& dump = std::get<fd::RankDump>(result);
        QCOMPARE(dump.entries.size(), std::size_t(50));
        QCOMPARE(dump.fileSize, std::uint64_t(bytes.size()));
        QCOMPARE(dump.format, fd::DumpFormat::Pickle);
        QVERIFY(dump.hasStackTraces);
    }
};

QTEST_GUILESS_MAIN(TestPickleDumpReader)
#include "tst_pickledumpreader.moc"
