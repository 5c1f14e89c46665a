// History on demand (io/RankHistory.h): a rank loaded with a window of its entries reads the ones the window
// left out again, exactly what a whole-history load of the same file holds, from a folder and from an
// archive member. A file that changed since gives an error naming it, never another dump's entries.
#include "tests/support/SamePg.h"
#include "tests/support/TestArchive.h"
#include "tools/synth/SyntheticJob.h"

#include "core/io/JobLoader.h"
#include "core/io/RankHistory.h"
#include "core/io/RankOrigins.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace fd;
using namespace fd::test;

namespace {

std::shared_ptr<const Job> load(const QString& path, WindowRule window)
{
    LoadOptions options;
    options.threads = 1;
    options.frPath = path;
    options.details = DetailLevel::Times; // as the GUI loads a job
    options.window = window;
    return loadJob(options);
}

// A hang of `ranks` ranks of `entries` entries with times and stacks (by default 4 ranks of 6000: the default
// window keeps about 2000 of each); empty when it could not be written.
QString writeLongJob(const QTemporaryDir& dir, int ranks = 4, int entries = 6000, int stuckRank = 2)
{
    SyntheticJobOptions o;
    o.ranks = ranks;
    o.entriesPerRank = entries;
    o.stuckRank = stuckRank;
    o.timing = true;
    o.withStackTraces = true;
    o.threads = 1;
    const QString path = dir.filePath(QStringLiteral("job"));
    QDir().mkpath(path);
    const auto written = SyntheticJob(o).writeTo(path);
    return written.error.isEmpty() ? path : QString();
}

QString errorOf(const RankHistoryResult& read)
{
    const auto* error = std::get_if<LoadError>(&read);
    return error ? error->toString() : QString();
}

// What readRankHistory() gives for every rank of `windowed` is what `whole` holds and the window left out,
// in file order, with the same seq, op, state and times.
void checkHistoryIsWhatWasLeftOut(const Job& windowed, const Job& whole)
{
    QCOMPARE(windowed.dumps.size(), whole.dumps.size());
    for (std::size_t d = 0; d < windowed.dumps.size(); ++d) {
        const RankDump& w = windowed.dumps[d];
        const RankDump& full = whole.dumps[d];
        QVERIFY(!w.window.whole());
        const RankHistoryResult read = readRankHistory(windowed, w);
        if (const auto* error = std::get_if<LoadError>(&read))
            QFAIL(qPrintable(error->toString()));
        const RankHistory& history = *std::get<std::shared_ptr<const RankHistory>>(read);
        QCOMPARE(history.fileEntries(), std::uint64_t(full.entries.size()));
        QCOMPARE(history.entries().size() + w.entries.size(), full.entries.size());
        QCOMPARE(history.times().size(), history.entries().size());
        std::size_t h = 0;
        for (std::size_t j = 0; j < full.entries.size(); ++j) {
            if (w.window.keeps(j, test::samePgIn(windowed, whole, full.entries[j].pg)))
                continue;
            QVERIFY(h < history.entries().size());
            const Entry& got = history.entries()[h];
            const Entry& expected = full.entries[j];
            QCOMPARE(history.fileIndex(h), std::uint64_t(j));
            QCOMPARE(got.recordId, expected.recordId);
            QCOMPARE(got.collectiveSeqId, expected.collectiveSeqId);
            QCOMPARE(got.p2pSeqId, expected.p2pSeqId);
            QCOMPARE(got.state, expected.state);
            QCOMPARE(got.retired, expected.retired);
            QCOMPARE(got.isP2p, expected.isP2p);
            QCOMPARE(got.pgIndex, expected.pgIndex); // the job's PG, as the loaded entries name it
            QCOMPARE(history.str(got.profilingName), whole.str(expected.profilingName));
            QCOMPARE(history.times()[h].timeCreatedNs, full.times[j].timeCreatedNs);
            QCOMPARE(history.times()[h].timeDiscoveredStartedNs, full.times[j].timeDiscoveredStartedNs);
            QCOMPARE(history.times()[h].timeDiscoveredCompletedNs, full.times[j].timeDiscoveredCompletedNs);
            QCOMPARE(history.times()[h].durationMs, full.times[j].durationMs);
            ++h;
        }
        QCOMPARE(h, history.entries().size());
    }
}

} // namespace

class TestRankHistory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theLeftOutEntriesReadAgainFromTheFolder()
    {
        QTemporaryDir dir;
        const QString job = writeLongJob(dir);
        QVERIFY(!job.isEmpty());
        const auto windowed = load(job, WindowRule{});
        const auto whole = load(job, WindowRule::wholeHistory());
        QVERIFY(windowed && whole);
        QCOMPARE(windowed->dumps.size(), std::size_t(4));
        checkHistoryIsWhatWasLeftOut(*windowed, *whole);
        // The origins of the kept entries still read through the same checks.
        for (const RankDump& d : windowed->dumps)
            QVERIFY(
                std::holds_alternative<std::shared_ptr<const RankOrigins>>(readRankOrigins(*windowed, d)));
    }

    // A rank cut by the job's budget (a job of many files) reads its history again by the rule it was cut
    // by, as its window recorded it, and its origins too.
    void theHistoryOfARankCutByTheJobsBudgetIsWhatItLeftOut()
    {
        QTemporaryDir dir;
        const QString job = writeLongJob(dir, 8, 1200, 3);
        QVERIFY(!job.isEmpty());
        LoadOptions options;
        options.threads = 1;
        options.frPath = job;
        options.details = DetailLevel::Times;
        options.windowPerJob = 8 * 300;
        const auto windowed = loadJob(options);
        QVERIFY(windowed);
        for (const RankDump& d : windowed->dumps)
            QCOMPARE(d.window.rule, (WindowRule{300, WindowRule::kMinCompletedPerPg}));
        checkHistoryIsWhatWasLeftOut(*windowed, *load(job, WindowRule::wholeHistory()));
        for (const RankDump& d : windowed->dumps) {
            const RankOriginsResult origins = readRankOrigins(*windowed, d);
            QVERIFY(std::holds_alternative<std::shared_ptr<const RankOrigins>>(origins));
            QCOMPARE(std::get<std::shared_ptr<const RankOrigins>>(origins)->entryCount(), d.entries.size());
        }
    }

    // The origins of a whole file, numbered as the file (OriginsOf::FileEntries): those of the entries the
    // window left out too, each what a whole load with origins gives; a changed file is refused.
    void theOriginsOfTheWholeFileReadAgain()
    {
        QTemporaryDir dir;
        const QString job = writeLongJob(dir, 2, 3000, 1);
        QVERIFY(!job.isEmpty());
        const auto windowed = load(job, WindowRule{});
        LoadOptions options;
        options.threads = 1;
        options.frPath = job;
        options.window = WindowRule::wholeHistory();
        const auto full = loadJob(options); // DetailLevel::Full: the origins loaded
        QVERIFY(windowed && full);
        for (std::size_t d = 0; d < windowed->dumps.size(); ++d) {
            const RankDump& w = windowed->dumps[d];
            const RankDump& f = full->dumps[d];
            QVERIFY(!w.window.whole());
            const RankOriginsResult read = readRankOrigins(*windowed, w, OriginsOf::FileEntries);
            QVERIFY(std::holds_alternative<std::shared_ptr<const RankOrigins>>(read));
            const RankOrigins& origins = *std::get<std::shared_ptr<const RankOrigins>>(read);
            QCOMPARE(origins.entryCount(), f.entries.size());
            int leftOutWithFrames = 0;
            for (std::size_t i = 0; i < f.entries.size(); ++i) {
                const auto expected = full->pools->stack(f.originOf(i).frames);
                const auto got = origins.frames(i);
                QCOMPARE(got.size(), expected.size());
                for (std::size_t k = 0; k < got.size(); ++k) {
                    QCOMPARE(origins.str(got[k].name), full->str(expected[k].name));
                    QCOMPARE(origins.str(got[k].filename), full->str(expected[k].filename));
                    QCOMPARE(got[k].line, expected[k].line);
                }
                QCOMPARE(origins.origin(i).opId, f.originOf(i).opId);
                if (!w.window.keeps(i, test::samePgIn(*windowed, *full, f.entries[i].pg)) && !got.empty())
                    ++leftOutWithFrames;
            }
            QVERIFY(leftOutWithFrames > 0);
        }
        QFile changed(windowed->dumps[1].filePath);
        QVERIFY(changed.open(QIODevice::Append));
        changed.write("x");
        changed.close();
        const RankOriginsResult refused =
            readRankOrigins(*windowed, windowed->dumps[1], OriginsOf::FileEntries);
        QVERIFY(std::holds_alternative<LoadError>(refused));
        const QString error = std::get<LoadError>(refused).toString();
        QVERIFY2(error.contains(windowed->dumps[1].filePath) &&
                     error.contains(QLatin1String("changed since the job was loaded")),
                 qPrintable(error));
    }

    void aWholeWindowHasNoHistory()
    {
        QTemporaryDir dir;
        const QString job = writeLongJob(dir);
        const auto whole = load(job, WindowRule::wholeHistory());
        const RankHistoryResult read = readRankHistory(*whole, whole->dumps.front());
        QCOMPARE(errorOf(read), QString());
        QVERIFY(std::get<std::shared_ptr<const RankHistory>>(read)->entries().empty());
    }

    void theLeftOutEntriesReadAgainFromAnArchiveMember()
    {
        QTemporaryDir dir;
        const QString job = writeLongJob(dir);
        std::vector<ArchiveMember> members;
        for (const QString& name : QDir(job).entryList(QDir::Files)) {
            QFile f(job + QLatin1Char('/') + name);
            QVERIFY(f.open(QIODevice::ReadOnly));
            members.push_back(fileMember(QStringLiteral("job/") + name, f.readAll()));
        }
        const QString archive = dir.filePath(QStringLiteral("job.tar.zst"));
        QCOMPARE(writeArchive(archive, ArchiveKind::TarZst, members), QString());
        const auto windowed = load(archive, WindowRule{});
        QVERIFY(windowed);
        QCOMPARE(windowed->dumps.front().archivePath, archive);
        checkHistoryIsWhatWasLeftOut(*windowed, *load(job, WindowRule::wholeHistory()));
    }

    void aFileThatChangedIsNamed()
    {
        QTemporaryDir dir;
        const QString job = writeLongJob(dir);
        const auto windowed = load(job, WindowRule{});
        QVERIFY(windowed);

        // Grown by a byte.
        const RankDump& grownDump = windowed->dumps[1];
        QFile grown(grownDump.filePath);
        QVERIFY(grown.open(QIODevice::Append));
        grown.write("x");
        grown.close();
        QString error = errorOf(readRankHistory(*windowed, grownDump));
        QVERIFY2(error.startsWith(grownDump.filePath) &&
                     error.contains(QLatin1String("changed since the job was loaded")),
                 qPrintable(error));

        // Another rank's dump in its place, cut or padded to the same size: not the entries loaded.
        const RankDump& replacedDump = windowed->dumps[0];
        QFile other(windowed->dumps[3].filePath);
        QVERIFY(other.open(QIODevice::ReadOnly));
        QByteArray bytes = other.readAll();
        other.close();
        bytes.resize(qsizetype(replacedDump.fileSize), '\0');
        QFile replaced(replacedDump.filePath);
        QVERIFY(replaced.open(QIODevice::WriteOnly | QIODevice::Truncate));
        replaced.write(bytes);
        replaced.close();
        error = errorOf(readRankHistory(*windowed, replacedDump));
        QVERIFY2(error.startsWith(replacedDump.filePath) && !error.isEmpty(), qPrintable(error));

        // Gone.
        QVERIFY(QFile::remove(windowed->dumps[2].filePath));
        error = errorOf(readRankHistory(*windowed, windowed->dumps[2]));
        QVERIFY2(error.startsWith(windowed->dumps[2].filePath), qPrintable(error));

        // The untouched rank still reads.
        QCOMPARE(errorOf(readRankHistory(*windowed, windowed->dumps[3])), QString());
    }
};

QTEST_GUILESS_MAIN(TestRankHistory)
#include "tst_rankhistory.moc"
