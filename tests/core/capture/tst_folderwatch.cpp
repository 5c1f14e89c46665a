#include "core/capture/DumpFolderWatch.h"

#include <QDateTime>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace fd;

namespace {

void write(const QString& path, const QByteArray& bytes, QIODevice::OpenMode mode = QIODevice::WriteOnly)
{
    QFile f(path);
    QVERIFY(f.open(mode));
    f.write(bytes);
}

} // namespace

class TestFolderWatch : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // A growing file is "growing", never handed out; once its size holds and it ends with STOP it is.
    void growingFilesWaitUntilComplete()
    {
        QTemporaryDir dir;
        DumpFolderWatch w(dir.path(), QStringLiteral("_dump_*"), 100);
        QVERIFY(!w.poll(0));
        write(dir.filePath(QStringLiteral("_dump_0")), QByteArray("\x80\x02}.", 4));
        write(dir.filePath(QStringLiteral("_dump_1")), QByteArray("\x80\x02}", 3));
        QVERIFY(!w.poll(1000)); // just appeared: not settled
        QVERIFY(!w.poll(1050)); // debounced
        QVERIFY(w.poll(1200));
        std::vector<DumpFile> ready = w.takeReady();
        QCOMPARE(ready.size(), std::size_t(1));
        QCOMPARE(ready[0].rank, 0);
        QCOMPARE(w.growingRanks(), std::vector<int>{1});
        QVERIFY(!w.poll(1400)); // nothing new
        write(dir.filePath(QStringLiteral("_dump_1")), ".", QIODevice::Append);
        QVERIFY(!w.poll(1500));
        QVERIFY(!w.poll(1550)); // settling
        QVERIFY(w.poll(1650));
        QCOMPARE(w.takeReady().size(), std::size_t(2));
        QVERIFY(w.growingRanks().empty());
    }
    // A rank's next dump written over its last one, even of the same size, is a new set once it settles.
    void aDumpRewrittenInPlaceIsANewSet()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("_dump_0"));
        write(path, QByteArray("\x80\x02K\x01.", 5));
        DumpFolderWatch w(dir.path(), QStringLiteral("_dump_*"), 100);
        QVERIFY(!w.poll(0));
        QVERIFY(w.poll(200));
        QCOMPARE(w.takeReady().size(), std::size_t(1));
        QVERIFY(!w.poll(400));
        write(path, QByteArray("\x80\x02K\x02.", 5)); // same size, another time
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.setFileTime(QDateTime::currentDateTime().addSecs(5), QFileDevice::FileModificationTime));
        f.close();
        QVERIFY(!w.poll(500)); // changed: settling
        QCOMPARE(w.growingRanks(), std::vector<int>{0});
        QVERIFY(!w.poll(550));
        QVERIFY(w.poll(700));
        QCOMPARE(w.takeReady().size(), std::size_t(1));
        QVERIFY(!w.poll(900));
    }
    void jsonCompletesWithItsClosingBrace()
    {
        QTemporaryDir dir;
        write(dir.filePath(QStringLiteral("_dump_0.json")), "{\"entries\": [");
        QVERIFY(!dumpFileLooksComplete(dir.filePath(QStringLiteral("_dump_0.json"))));
        write(dir.filePath(QStringLiteral("_dump_1.json")), "{\"entries\": []}\n");
        QVERIFY(dumpFileLooksComplete(dir.filePath(QStringLiteral("_dump_1.json"))));
    }
};

QTEST_GUILESS_MAIN(TestFolderWatch)
#include "tst_folderwatch.moc"
