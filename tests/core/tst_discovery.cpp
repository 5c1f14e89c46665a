#include "io/DumpDiscovery.h"

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
    static void touch(const QString& dir, const QString& name)
    {
        QFile f(dir + QLatin1Char('/') + name);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("x");
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
        QVERIFY(d.notes.isEmpty());
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
        QCOMPARE(d.notes.size(), 1);
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
        if (geteuid() == 0)
            QSKIP("root reads every directory");
        QTemporaryDir dir;
        touch(dir.path(), QStringLiteral("_dump_0"));
        QFile::setPermissions(dir.path(), QFileDevice::Permissions());
        const Discovery d = discoverDumps(dir.path());
        QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QCOMPARE(d.errors.size(), std::size_t(1));
        QVERIFY(d.errors.front().message.contains(QStringLiteral("not readable")));
    }
};

QTEST_GUILESS_MAIN(TestDiscovery)
#include "tst_discovery.moc"
