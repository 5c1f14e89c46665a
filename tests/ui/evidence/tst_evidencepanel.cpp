// Evidence panels: the Evidence dock shows one panel per finding, and the panel outlines the proof cell in
// the culprit colour, where the caption says it is; the culprit's row comes first. On the committed
// broken-GPU scenario, and on the real NVRx gpu_error_1st job where ../shared is there.
#include "tests/support/SharedFixtures.h"
#include "tests/ui/support/UiTestSetup.h"
#include "ui/evidence/EvidencePainter.h"
#include "ui/evidence/EvidencePanel.h"
#include "ui/evidence/ProgressPicture.h"
#include "ui/session/LoadController.h"
#include "ui/support/Theme.h"
#include "ui/window/MainWindow.h"

#include <QPainter>
#include <QSignalSpy>
#include <QTest>

using namespace fd;

namespace {
const QString kNvrx = QStringLiteral(FD_SHARED_FIXTURES "/nvrx/gpu_error_1st");
const QString kBrokenGpu = QStringLiteral(FD_TEST_DATA "/scenarios/broken-gpu");

int pixelsOf(const QImage& img, QColor colour)
{
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            n += img.pixelColor(x, y).rgb() == colour.rgb();
    return n;
}
// The evidence picture of `e`, painted on white.
QImage paintEvidence(const Analysis& a, const Evidence& e)
{
    const EvidencePicture picture(a, e, QFont());
    QImage img(picture.size(), QImage::Format_ARGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    picture.paint(p, QPoint(0, 0), QPalette());
    return img;
}
} // namespace

class TestEvidencePanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::isolateSettings("tst_evidencepanel"); }

    // Two snapshots side by side: the slow rank's row first, its label in the culprit colour; the later
    // column filled as completed where a rank moved and as started where it did not; the panel shows it above
    // the findings until the next analysis.
    void twoSnapshotsSideBySide()
    {
        SnapshotProgress p;
        p.state = ProgressState::Advancing;
        p.intervalSeconds = 5;
        p.olderSource = QStringLiteral("/x/capture-20261201T110000Z");
        p.newerSource = QStringLiteral("/x/capture-20261201T110005Z");
        p.advancedRanks = {0, 2};
        p.stalledRanks = {1};
        p.slowRanks = {2};
        p.steps = {
            {QStringLiteral("0"), 0, 3, 6}, {QStringLiteral("0"), 1, 4, 4}, {QStringLiteral("0"), 2, 3, 6}};
        p.summary = QStringLiteral("advancing: not a hang; rank 2 is slow");
        const ProgressPicture picture(p, QFont());
        const std::vector<PgRankStep> rows = picture.rowsShown();
        QCOMPARE(rows.size(), std::size_t(3));
        QCOMPARE(rows[0].rank, 2); // slow
        QCOMPARE(rows[1].rank, 1); // stalled
        QCOMPARE(rows[2].rank, 0);
        QImage img(picture.size(), QImage::Format_ARGB32);
        img.fill(Qt::white);
        {
            QPainter painter(&img);
            picture.paint(painter, QPoint(0, 0), QPalette());
        }
        QVERIFY(pixelsOf(img, theme::culprit(QPalette())) > 0);
        QVERIFY(pixelsOf(img, theme::stateColor(BoxState::Completed, QPalette())) > 0);
        QVERIFY(pixelsOf(img, theme::stateColor(BoxState::Started, QPalette())) > 0);
        // Nothing moved for anyone: no completed fill at all.
        SnapshotProgress hung = p;
        hung.state = ProgressState::Hung;
        hung.slowRanks.clear();
        for (PgRankStep& s : hung.steps)
            s.completedAfter = s.completedBefore;
        const ProgressPicture stuck(hung, QFont());
        QImage still(stuck.size(), QImage::Format_ARGB32);
        still.fill(Qt::white);
        {
            QPainter painter(&still);
            stuck.paint(painter, QPoint(0, 0), QPalette());
        }
        QCOMPARE(pixelsOf(still, theme::stateColor(BoxState::Completed, QPalette())), 0);

        EvidencePanel panel;
        panel.resize(600, 400);
        panel.setAnalysis(std::make_shared<Analysis>());
        panel.setProgress(p);
        QVERIFY(panel.progress());
        panel.setAnalysis(std::make_shared<Analysis>());
        QVERIFY(!panel.progress());
    }

    void brokenGpuShowsTheProof()
    {
        MainWindow w;
        QSignalSpy ready(w.loader(), &LoadController::sessionReady);
        w.openPath(kBrokenGpu);
        QVERIFY(ready.wait(60000));
        const Analysis& a = *w.session().analysis;
        QVERIFY(!a.evidence.empty());
        QCOMPARE(w.evidencePanel()->panelCount(), int(a.evidence.size()));
        QCOMPARE(a.hangingRanks(), std::vector<int>{2});
        const Evidence* e = a.evidenceFor(2);
        QVERIFY(e);
        QVERIFY2(e->caption.contains(QStringLiteral("still holds it")), qPrintable(e->caption));
        QVERIFY(pixelsOf(paintEvidence(a, *e), theme::culprit(QPalette())) > 60);
    }

    void culpritRowFirst()
    {
        QString error;
        const Session s = LoadController::loadBlocking(kBrokenGpu, &error);
        QVERIFY2(s.job, qPrintable(error));
        const Evidence* e = s.analysis->evidenceFor(2);
        QVERIFY(e);
        QVERIFY(e->members.size() > 2);
        QVERIFY(e->members.front() != 2); // rank order would not put it first
        QCOMPARE(EvidencePicture(*s.analysis, *e, QFont()).ranksShown().front(), 2);
    }
};

// Over ../shared's real NVRx jobs: run as tst_evidencepanel_shared where ../shared exists
// (tests/support/SharedFixtures.h).
class TestEvidencePanelShared : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::isolateSettings("tst_evidencepanel_shared"); }

    void gpuErrorJobShowsTheProof()
    {
        MainWindow w;
        QSignalSpy ready(w.loader(), &LoadController::sessionReady);
        w.openPath(kNvrx);
        QVERIFY(ready.wait(60000));
        const Analysis& a = *w.session().analysis;
        QVERIFY(!a.evidence.empty());
        QCOMPARE(w.evidencePanel()->panelCount(), int(a.evidence.size()));
        const Evidence* e = a.evidenceFor(12);
        QVERIFY(e);
        QVERIFY2(e->caption.contains(QStringLiteral("still holds it")), qPrintable(e->caption));

        const QPalette palette;
        const EvidencePicture picture(a, *e, QFont());
        QVERIFY(picture.size().width() > 100);
        QImage img(picture.size(), QImage::Format_ARGB32);
        img.fill(Qt::white);
        {
            QPainter p(&img);
            picture.paint(p, QPoint(0, 0), palette);
        }
        // The proof cell's outline and the culprit's bold label are in the culprit colour; without a proof
        // cell only the label would be.
        QVERIFY(pixelsOf(img, theme::culprit(palette)) > 60);
        img.save(QStringLiteral(FD_BINARY_DIR "/evidence-gpu_error_1st.png"));
    }

    // The culprit's row comes first, whatever its rank: in a PG of hundreds of peers it must not sit below
    // the fold of a docked panel. In PG 58 (ranks 12-15) rank 14 is the culprit, then its peers in rank
    // order.
    void culpritRowFirst()
    {
        QString error;
        const Session s = LoadController::loadBlocking(kNvrx, &error);
        QVERIFY2(s.job, qPrintable(error));
        const Evidence* e = s.analysis->evidenceFor(14);
        QVERIFY(e);
        QCOMPARE(e->members, (std::vector<int>{12, 13, 14, 15}));
        QCOMPARE(EvidencePicture(*s.analysis, *e, QFont()).ranksShown(), (std::vector<int>{14, 12, 13, 15}));
    }
};

FD_TEST_MAIN_WITH_SHARED(TestEvidencePanel, TestEvidencePanelShared)
#include "tst_evidencepanel.moc"
