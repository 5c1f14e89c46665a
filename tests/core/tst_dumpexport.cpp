// Placeholder replaced below once the writer lands.
#include <QTest>
class TestDumpExport : public QObject { Q_OBJECT };
QTEST_GUILESS_MAIN(TestDumpExport)
#include "tst_dumpexport.moc"
