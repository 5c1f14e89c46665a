// The banner over a job whose dumps could not be judged: UNKNOWN in grey, never a green NO HANG.
#include "ui/details/VerdictBanner.h"
#include "ui/session/LoadController.h"
#include "ui/support/Theme.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using namespace fd;

namespace {

// The healthy scenario (nothing pending), with the first `cut` dumps cut in half as a killed rank leaves
// them.
QString healthyJob(const QTemporaryDir& tmp, int cut)
{
    for (int r = 0; r < 4; ++r) {
        const QString name = QStringLiteral("_dump_%1").arg(r);
        QFile in(QStringLiteral(FD_TEST_DATA "/scenarios/healthy/") + name);
        if (!in.open(QIODevice::ReadOnly))
            return {};
        QByteArray bytes = in.readAll();
        if (r < cut)
            bytes.truncate(bytes.size() / 2);
        QFile out(QDir(tmp.path()).filePath(name));
        if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size())
            return {};
    }
    return tmp.path();
}

// The colour the banner paints behind the verdict, sampled at its top-left corner.
QColor paintedBackground(VerdictBanner& banner)
{
    banner.resize(600, 80);
    QImage image(banner.size(), QImage::Format_ARGB32);
    banner.render(&image);
    return image.pixelColor(3, 3);
}

} // namespace

class TestVerdictBanner : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void unjudgedDumpsShowUnknownNotNoHang()
    {
        QTemporaryDir all;
        const Session truncated = LoadController::loadBlocking(healthyJob(all, 4));
        QVERIFY(truncated.analysis);
        QCOMPARE(truncated.analysis->verdict, Verdict::Unknown);
        VerdictBanner banner;
        banner.setSession(truncated);
        QVERIFY2(banner.text().startsWith(QStringLiteral("UNKNOWN ")), qPrintable(banner.text()));
        QVERIFY2(banner.text().contains(QStringLiteral("no rank could be judged")),
                 qPrintable(banner.text()));
        const QColor unknown = paintedBackground(banner);

        QTemporaryDir none;
        const Session whole = LoadController::loadBlocking(healthyJob(none, 0));
        QCOMPARE(whole.analysis->verdict, Verdict::NoHang);
        VerdictBanner fine;
        fine.setSession(whole);
        QVERIFY2(fine.text().startsWith(QStringLiteral("NO HANG ")), qPrintable(fine.text()));
        const QColor green = paintedBackground(fine);
        QCOMPARE(green, theme::verdictBackground(Verdict::NoHang, fine.palette()));
        QCOMPARE(unknown, theme::verdictBackground(Verdict::Unknown, banner.palette()));
        QVERIFY(unknown != green);
    }
};

QTEST_MAIN(TestVerdictBanner)
#include "tst_verdictbanner.moc"
