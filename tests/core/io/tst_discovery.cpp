#include "core/io/DumpDiscovery.h"
#include "core/io/PathGlob.h"
#include "tests/support/Unprivileged.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace fd;

// Discovery is tested on folders the test creates: names are what matter, not contents.
class TestDiscovery : public QObject
{
    Q_OBJECT

private:
    // A file that starts like a pickle (discovery looks at names and first bytes, never further).
    static void touch(const QString& dir, const QString& name,
                      const QByteArray& content = QByteArray("\x80\x02", 2))
    {
        const QString path = dir + QLatin1Char('/') + name;
        QVERIFY(QDir().mkpath(QFileInfo(path).path()));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }
    static QStringList relativePaths(const Discovery& d)
    {
        QStringList out;
        for (const auto& f : d.files)
            out << f.path.section(QLatin1Char('/'), -2);
        return out;
    }
    static const JobFile* considered(const Discovery& d, const QString& relativePath)
    {
        for (const JobFile& f : d.considered) {
            if (f.relativePath == relativePath)
                return &f;
        }
        return nullptr;
    }
    static bool anyNoteContains(const Discovery& d, const QString& text)
    {
        return std::any_of(d.notes.begin(), d.notes.end(),
                           [&](const QString& n) { return n.contains(text); });
    }
    static QList<int> ranks(const Discovery& d)
    {
        QList<int> out;
        for (const auto& f : d.files)
            out << f.rank;
        return out;
    }

private Q_SLOTS:
    void rankFromName_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("rank");
        QTest::newRow("dump") << QStringLiteral("_dump_10") << 10;
        QTest::newRow("nccl") << QStringLiteral("nccl_trace_rank_7") << 7;
        QTest::newRow("json ext") << QStringLiteral("_dump_3.json") << 3;
        QTest::newRow("dash") << QStringLiteral("trace-7") << 7;
        QTest::newRow("underscore inside") << QStringLiteral("rank_1_2") << 2;
        QTest::newRow("no number") << QStringLiteral("notes.txt") << -1;
        QTest::newRow("only number") << QStringLiteral("12") << 12;
    }
    void rankFromName()
    {
        QFETCH(QString, name);
        QFETCH(int, rank);
        QCOMPARE(rankFromFileName(name), rank);
    }

    void numericOrder()
    {
        QTemporaryDir dir;
        for (int r : {0, 1, 2, 10, 11, 3})
            touch(dir.path(), QStringLiteral("_dump_%1").arg(r));
        touch(dir.path(), QStringLiteral("README"));
        const Discovery d = discoverDumps(dir.path());
        QCOMPARE(ranks(d), (QList<int>{0, 1, 2, 3, 10, 11}));
        QCOMPARE(d.prefix, QStringLiteral("_dump_"));
        QVERIFY(d.errors.empty());
        // The one other file is listed as skipped, with the reason, and the notes say so.
        QCOMPARE(d.notes, QStringList{QStringLiteral(
                              "skipped 1 file(s) (no rank number at the end of the name): README")});
        QCOMPARE(d.considered.size(), std::size_t(7));
        const JobFile* readme = considered(d, QStringLiteral("README"));
        QVERIFY(readme);
        QCOMPARE(readme->use, FileUse::Skipped);
        QCOMPARE(readme->size, qint64(2));
        QCOMPARE(considered(d, QStringLiteral("_dump_10"))->use, FileUse::Used);
        QCOMPARE(considered(d, QStringLiteral("_dump_10"))->rank, 10);
    }

    void infersKnownPrefix_data()
    {
        QTest::addColumn<QString>("prefix");
        QTest::newRow("nccl") << QStringLiteral("nccl_trace_rank_");
        QTest::newRow("comm_lib") << QStringLiteral("comm_lib_trace_rank_");
        QTest::newRow("torchtitan") << QStringLiteral("rank_");
        QTest::newRow("any") << QStringLiteral("trace-");
    }
    void infersKnownPrefix()
    {
        QFETCH(QString, prefix);
        QTemporaryDir dir;
        for (int r = 0; r < 4; ++r)
            touch(dir.path(), prefix + QString::number(r));
        touch(dir.path(), QStringLiteral("notes.txt"));
        const Discovery d = discoverDumps(dir.path());
        QCOMPARE(ranks(d), (QList<int>{0, 1, 2, 3}));
        QCOMPARE(d.prefix, prefix);
        QCOMPARE(d.notes.size(), 2); // the name used, and notes.txt skipped
        QVERIFY2(d.notes.first().contains(prefix), qPrintable(d.notes.first()));
    }

    void explicitPatternIsNotSecondGuessed()
    {
        QTemporaryDir dir;
        touch(dir.path(), QStringLiteral("rank_0"));
        const Discovery d = discoverDumps(dir.path(), QStringLiteral("foo_*"));
        QVERIFY(d.files.empty());
        QCOMPARE(d.errors.size(), std::size_t(1));
        QVERIFY(d.errors.front().message.contains(QStringLiteral("foo_*")));
    }

    void duplicateRankIsReported()
    {
        QTemporaryDir dir;
        touch(dir.path(), QStringLiteral("_dump_0"));
        touch(dir.path(), QStringLiteral("_dump_1"));
        touch(dir.path(), QStringLiteral("_dump_1.json"));
        const Discovery d = discoverDumps(dir.path());
        QCOMPARE(ranks(d), (QList<int>{0, 1}));
        QVERIFY(d.files[1].path.endsWith(QStringLiteral("_dump_1"))); // the original, not the conversion
        QCOMPARE(d.errors.size(), std::size_t(1));
        QCOMPARE(d.errors.front().rank, 1);
        QVERIFY(d.errors.front().filePath.endsWith(QStringLiteral("_dump_1.json")));
        QVERIFY(d.errors.front().message.contains(QStringLiteral("second file for rank 1")));
    }

    void singleFile()
    {
        QTemporaryDir dir;
        touch(dir.path(), QStringLiteral("_dump_5"));
        const Discovery d = discoverDumps(dir.filePath(QStringLiteral("_dump_5")));
        QCOMPARE(ranks(d), QList<int>{5});
    }

    void pathPrefix()
    {
        QTemporaryDir dir;
        for (int r : {0, 1, 12})
            touch(dir.path(), QStringLiteral("nccl_trace_rank_%1").arg(r));
        touch(dir.path(), QStringLiteral("nccl_trace_rank_notes"));
        touch(dir.path(), QStringLiteral("other_3"));
        const Discovery d = discoverDumps(dir.filePath(QStringLiteral("nccl_trace_rank_")));
        QCOMPARE(ranks(d), (QList<int>{0, 1, 12}));
        QCOMPARE(d.prefix, QStringLiteral("nccl_trace_rank_"));
    }

    void missingPath()
    {
        const Discovery d = discoverDumps(QStringLiteral("/nonexistent/flightdeck/dir/"));
        QVERIFY(d.files.empty());
        QCOMPARE(d.errors.size(), std::size_t(1));
    }

    void unreadableDirectory()
    {
        QTemporaryDir dir;
        touch(dir.path(), QStringLiteral("_dump_0"));
        QFile::setPermissions(dir.path(), QFileDevice::Permissions());
        Discovery d;
        {
            const test::Unprivileged asNobody;
            if (!asNobody.permissionsApply())
                QSKIP(qPrintable(QStringLiteral("root, and cannot act as nobody: ") + asNobody.error()));
            d = discoverDumps(dir.path());
        }
        QFile::setPermissions(dir.path(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QCOMPARE(d.errors.size(), std::size_t(1));
        QVERIFY(d.errors.front().message.contains(QStringLiteral("not readable")));
    }

    // Host names between prefix and rank (PyTorch issue 140879): one job, not the most common prefix.
    void hostNamesInFileNamesAreOneJob()
    {
        QTemporaryDir dir;
        for (int r = 0; r < 8; ++r)
            touch(dir.path(), QStringLiteral("nccl_trace_rank_container-node0%1_%2").arg(r / 4).arg(r));
        const Discovery d = discoverDumps(dir.path());
        QCOMPARE(ranks(d), (QList<int>{0, 1, 2, 3, 4, 5, 6, 7}));
        QVERIFY(d.errors.empty());
        QCOMPARE(d.prefix, QStringLiteral("nccl_trace_rank_container-"));
        QVERIFY2(anyNoteContains(d, QStringLiteral("node00_ (rank 0-3), node01_ (rank 4-7)")),
                 qPrintable(d.notes.join(u'\n')));
    }

    void twoFilesForOneRankAcrossHostsAreReported()
    {
        QTemporaryDir dir;
        touch(dir.path(), QStringLiteral("trace_hostA_0"));
        touch(dir.path(), QStringLiteral("trace_hostA_1"));
        touch(dir.path(), QStringLiteral("trace_hostB_1"));
        touch(dir.path(), QStringLiteral("trace_hostB_2"));
        const Discovery d = discoverDumps(dir.path());
        QCOMPARE(ranks(d), (QList<int>{0, 1, 2}));
        QCOMPARE(d.errors.size(), std::size_t(1));
        QCOMPARE(d.errors.front().rank, 1);
        QVERIFY(d.errors.front().message.contains(QStringLiteral("second file for rank 1")));
        QCOMPARE(considered(d, QStringLiteral("trace_hostB_1"))->use, FileUse::Skipped);
    }

    // Different kinds of names in one folder are not joined: the known name wins, the rest is listed.
    void unrelatedNamesStayApart()
    {
        QTemporaryDir dir;
        for (int r = 0; r < 4; ++r)
            touch(dir.path(), QStringLiteral("rank_%1").arg(r));
        touch(dir.path(), QStringLiteral("checkpoint_7"));
        const Discovery d = discoverDumps(dir.path());
        QCOMPARE(ranks(d), (QList<int>{0, 1, 2, 3}));
        const JobFile* other = considered(d, QStringLiteral("checkpoint_7"));
        QCOMPARE(other->use, FileUse::Skipped);
        QVERIFY2(other->reason.contains(QStringLiteral("rank_<rank>")), qPrintable(other->reason));
        QCOMPARE(d.spares.size(), std::size_t(1)); // it starts like a pickle: it may be rank 7's dump
        QCOMPARE(d.spares.front().rank, 7);
    }

    void perNodeFoldersAreRead()
    {
        QTemporaryDir dir;
        for (int r = 0; r < 8; ++r)
            touch(dir.path(), QStringLiteral("node0%1/_dump_%2").arg(r / 4).arg(r));
        touch(dir.path(), QStringLiteral("fault_injection.log"), "Fault ranks: [1]\n");
        const Discovery d = discoverDumps(dir.path());
        QCOMPARE(ranks(d), (QList<int>{0, 1, 2, 3, 4, 5, 6, 7}));
        QCOMPARE(relativePaths(d).front(), QStringLiteral("node00/_dump_0"));
        QCOMPARE(d.pattern, QStringLiteral("*/_dump_*"));
        QVERIFY2(anyNoteContains(d, QStringLiteral("subfolder(s) node00/, node01/")),
                 qPrintable(d.notes.join(u'\n')));
        QCOMPARE(considered(d, QStringLiteral("fault_injection.log"))->use, FileUse::Skipped);
    }

    void subfoldersAreReadOnlyToASensibleDepth()
    {
        QTemporaryDir dir;
        touch(dir.path(), QStringLiteral("a/b/c/_dump_0"));   // three folders down: read
        touch(dir.path(), QStringLiteral("a/b/c/d/_dump_1")); // four: not looked at
        const Discovery d = discoverDumps(dir.path());
        QCOMPARE(ranks(d), QList<int>{0});
        QVERIFY(!considered(d, QStringLiteral("a/b/c/d/_dump_1")));
    }

    // The dumps directly in the folder are the job; a subfolder's copy is listed, and kept as a spare for a
    // rank that would otherwise be called missing.
    void topFolderWinsAndSubfolderFilesAreSpares()
    {
        QTemporaryDir dir;
        touch(dir.path(), QStringLiteral("_dump_0"));
        touch(dir.path(), QStringLiteral("_dump_1"));
        touch(dir.path(), QStringLiteral("old/_dump_1"));
        touch(dir.path(), QStringLiteral("old/_dump_2"));
        const Discovery d = discoverDumps(dir.path());
        QCOMPARE(ranks(d), (QList<int>{0, 1}));
        QVERIFY(considered(d, QStringLiteral("old/_dump_2"))->reason.contains(QStringLiteral("subfolder")));
        QCOMPARE(d.spares.size(), std::size_t(1));
        QVERIFY(d.spares.front().path.endsWith(QStringLiteral("old/_dump_2")));
    }

    // A numbered file that is not a dump ("run_3" holding text) must not hide the dumps in subfolders.
    void numberedNonDumpDoesNotHideSubfolders()
    {
        QTemporaryDir dir;
        touch(dir.path(), QStringLiteral("run_3"), "epoch 1 loss 0.3\n");
        touch(dir.path(), QStringLiteral("n0/_dump_0"));
        touch(dir.path(), QStringLiteral("n1/_dump_1"));
        const Discovery d = discoverDumps(dir.path());
        QCOMPARE(ranks(d), (QList<int>{0, 1}));
        QVERIFY(d.spares.empty());
    }

    // FlightDeck's own --debug output is never read as dumps.
    void ownJsonOutputIsNotRead()
    {
        QTemporaryDir dir;
        touch(dir.path(), QStringLiteral("flightdeck-json/_dump_0.json"), "{}");
        const Discovery d = discoverDumps(dir.path());
        QVERIFY(d.files.empty());
        QCOMPARE(d.errors.size(), std::size_t(1));
    }

    void fnmatchIsPythons_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<bool>("match");
        // Expected values from Python 3.11's fnmatch.fnmatchcase.
        QTest::newRow("_dump_3 | _dump_*") << QStringLiteral("_dump_3") << QStringLiteral("_dump_*") << true;
        QTest::newRow("_dump_ | _dump_*") << QStringLiteral("_dump_") << QStringLiteral("_dump_*") << true;
        QTest::newRow("a | ?") << QStringLiteral("a") << QStringLiteral("?") << true;
        QTest::newRow("ab | ?") << QStringLiteral("ab") << QStringLiteral("?") << false;
        QTest::newRow("_dump_3 | _dump_[0-3]")
            << QStringLiteral("_dump_3") << QStringLiteral("_dump_[0-3]") << true;
        QTest::newRow("_dump_4 | _dump_[0-3]")
            << QStringLiteral("_dump_4") << QStringLiteral("_dump_[0-3]") << false;
        QTest::newRow("_dump_4 | _dump_[!0-3]")
            << QStringLiteral("_dump_4") << QStringLiteral("_dump_[!0-3]") << true;
        QTest::newRow("x] | x[]]") << QStringLiteral("x]") << QStringLiteral("x[]]") << true;
        QTest::newRow("x | [!]]") << QStringLiteral("x") << QStringLiteral("[!]]") << true;
        QTest::newRow("] | [!]]") << QStringLiteral("]") << QStringLiteral("[!]]") << false;
        QTest::newRow("[ | [") << QStringLiteral("[") << QStringLiteral("[") << true;
        QTest::newRow("[a | [a") << QStringLiteral("[a") << QStringLiteral("[a") << true;
        QTest::newRow("a- | a[a-]") << QStringLiteral("a-") << QStringLiteral("a[a-]") << true;
        QTest::newRow("a- | a[-a]") << QStringLiteral("a-") << QStringLiteral("a[-a]") << true;
        QTest::newRow("b | [z-a]") << QStringLiteral("b") << QStringLiteral("[z-a]") << false;
        QTest::newRow("b | [!z-a]") << QStringLiteral("b") << QStringLiteral("[!z-a]") << true;
        QTest::newRow("- | [a--b]") << QStringLiteral("-") << QStringLiteral("[a--b]") << false;
        QTest::newRow("b | [a--b]") << QStringLiteral("b") << QStringLiteral("[a--b]") << true;
        QTest::newRow("a\\b | a\\b") << QStringLiteral("a\\b") << QStringLiteral("a\\b") << true;
        QTest::newRow("a\\b | a[\\]b") << QStringLiteral("a\\b") << QStringLiteral("a[\\]b") << true;
        QTest::newRow("abcabc | *abc") << QStringLiteral("abcabc") << QStringLiteral("*abc") << true;
        QTest::newRow("abcab | *abc*b") << QStringLiteral("abcab") << QStringLiteral("*abc*b") << true;
        QTest::newRow("node00 | node0[01]")
            << QStringLiteral("node00") << QStringLiteral("node0[01]") << true;
        QTest::newRow("x.json | *.json") << QStringLiteral("x.json") << QStringLiteral("*.json") << true;
        QTest::newRow("empty | *") << QString() << QStringLiteral("*") << true;
        QTest::newRow("aaa | a*a*a") << QStringLiteral("aaa") << QStringLiteral("a*a*a") << true;
        QTest::newRow("aa | a*a*a") << QStringLiteral("aa") << QStringLiteral("a*a*a") << false;
        QTest::newRow("_dump_10 | _dump_?")
            << QStringLiteral("_dump_10") << QStringLiteral("_dump_?") << false;
        QTest::newRow("^ | [^]") << QStringLiteral("^") << QStringLiteral("[^]") << true;
        QTest::newRow("b | [^a]") << QStringLiteral("b") << QStringLiteral("[^a]") << false;
        QTest::newRow("* | [*]") << QStringLiteral("*") << QStringLiteral("[*]") << true;
        QTest::newRow("a* | [*]") << QStringLiteral("a*") << QStringLiteral("[*]") << false;
    }
    void fnmatchIsPythons()
    {
        QFETCH(QString, name);
        QFETCH(QString, pattern);
        QFETCH(bool, match);
        QCOMPARE(fnmatchCase(name, pattern), match);
    }

    // -p as glob.glob(os.path.join(fr_path, pattern)): folder parts, classes, hidden names, `**` like `*`.
    void patternsWithFolders_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QStringList>("expected");
        const QStringList all{QStringLiteral("node00/_dump_0"), QStringLiteral("node00/_dump_1"),
                              QStringLiteral("node01/_dump_2"), QStringLiteral("node01/_dump_3")};
        QTest::newRow("*/_dump_*") << QStringLiteral("*/_dump_*") << all;
        QTest::newRow("**/_dump_*") << QStringLiteral("**/_dump_*") << all;
        QTest::newRow("class in folder") << QStringLiteral("node0[1]/_dump_*") << all.mid(2);
        QTest::newRow("class in name") << QStringLiteral("*/_dump_[!1-2]") << QStringList{all[0], all[3]};
        QTest::newRow("literal folder") << QStringLiteral("node00/_dump_?") << all.mid(0, 2);
        QTest::newRow("double slash") << QStringLiteral("node00//_dump_?") << all.mid(0, 2);
        QTest::newRow("hidden needs a dot")
            << QStringLiteral(".*/_dump_*") << QStringList{QStringLiteral(".old/_dump_9")};
        QTest::newRow("not recursive") << QStringLiteral("_dump_?") << QStringList{};
    }
    void patternsWithFolders()
    {
        QFETCH(QString, pattern);
        QFETCH(QStringList, expected);
        QTemporaryDir dir;
        for (int r = 0; r < 4; ++r)
            touch(dir.path(), QStringLiteral("node0%1/_dump_%2").arg(r / 2).arg(r));
        touch(dir.path(), QStringLiteral(".old/_dump_9"));
        const Discovery d = discoverDumps(dir.path(), pattern);
        QCOMPARE(relativePaths(d), expected);
        QCOMPARE(d.pattern, pattern);
    }

    void absolutePatternReplacesThePath()
    {
        QTemporaryDir dir;
        touch(dir.path(), QStringLiteral("sub/_dump_0"));
        touch(dir.path(), QStringLiteral("sub/_dump_1"));
        QTemporaryDir elsewhere;
        // os.path.join(fr_path, "/abs/...") is "/abs/...": fr_attribution.py reads there, and so do we.
        const Discovery d = discoverDumps(elsewhere.path(), dir.path() + QStringLiteral("/sub/_dump_*"));
        QCOMPARE(ranks(d), (QList<int>{0, 1}));
    }
};

QTEST_GUILESS_MAIN(TestDiscovery)
#include "tst_discovery.moc"
