// The timeline's preferences (x axis, lane order, lane height) survive a new MainWindow through QSettings
// group "timeline"; job-specific options do not, and presentation mode's large lanes are not stored.
#include "tests/ui/support/SynthSession.h"
#include "tests/ui/support/UiTestSetup.h"
#include "ui/timeline/TimelineControls.h"
#include "ui/timeline/TimelineView.h"
#include "ui/window/MainWindow.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace fd;

class TestTimelinePrefs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // Never the developer's own settings: a fresh directory for every run.
        QVERIFY(m_dir.isValid());
        test::isolateSettings("tst_timelineprefs");
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
        QVERIFY(QSettings().fileName().startsWith(m_dir.path()));
        QSettings().clear();
    }

    void defaults()
    {
        MainWindow w;
        QCOMPARE(w.timeline()->options().xMode, TimelineXMode::Sequence);
        QCOMPARE(w.timeline()->options().order, LaneOrder::ByRank);
        QCOMPARE(w.timeline()->viewportState().laneHeight, TimelineViewport{}.laneHeight);
    }

    void survivesNewWindow()
    {
        {
            MainWindow w;
            w.setSession(test::synthSession());
            w.timelineControls()->toggleXMode(); // the T shortcut
            w.timelineControls()->setLaneOrder(LaneOrder::ByProgress);
            w.timeline()->setLaneHeight(24);
            QCOMPARE(w.timeline()->options().xMode, TimelineXMode::WallTime);
            QCOMPARE(w.timeline()->options().order, LaneOrder::ByProgress);
            // A new session keeps the preferences.
            w.setSession(test::synthSession());
            QCOMPARE(w.timeline()->options().xMode, TimelineXMode::WallTime);
            QCOMPARE(w.timeline()->options().order, LaneOrder::ByProgress);
        }
        {
            const QSettings settings;
            QCOMPARE(settings.value(QStringLiteral("timeline/xMode")).toString(), QStringLiteral("wallTime"));
            QCOMPARE(settings.value(QStringLiteral("timeline/laneOrder")).toString(),
                     QStringLiteral("progress"));
            QCOMPARE(settings.value(QStringLiteral("timeline/laneHeight")).toDouble(), 24.0);
        }
        MainWindow w;
        QCOMPARE(w.timeline()->options().xMode, TimelineXMode::WallTime);
        QCOMPARE(w.timeline()->options().order, LaneOrder::ByProgress);
        QCOMPARE(w.timelineControls()->options().xMode, TimelineXMode::WallTime);
        QCOMPARE(w.timelineControls()->options().order, LaneOrder::ByProgress);
        QCOMPARE(w.timeline()->viewportState().laneHeight, 24.0);
        w.setSession(test::synthSession());
        QCOMPARE(w.timeline()->options().xMode, TimelineXMode::WallTime);
        QCOMPARE(w.timeline()->options().order, LaneOrder::ByProgress);
        QCOMPARE(w.timeline()->viewportState().laneHeight, 24.0);
    }

    void presentationLanesNotStored()
    {
        MainWindow w;
        w.resize(800, 600);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.timeline()->setLaneHeight(20);
        w.setPresentationMode(true);
        QCOMPARE(w.timeline()->viewportState().laneHeight, 28.0);
        QCOMPARE(QSettings().value(QStringLiteral("timeline/laneHeight")).toDouble(), 20.0);
        w.setPresentationMode(false);
        QCOMPARE(w.timeline()->viewportState().laneHeight, 20.0);
    }

    void unknownValuesReadAsDefaults()
    {
        {
            QSettings settings;
            settings.setValue(QStringLiteral("timeline/xMode"), QStringLiteral("bogus"));
            settings.setValue(QStringLiteral("timeline/laneOrder"), 7);
            settings.setValue(QStringLiteral("timeline/laneHeight"), QStringLiteral("tall"));
        }
        MainWindow w;
        QCOMPARE(w.timeline()->options().xMode, TimelineXMode::Sequence);
        QCOMPARE(w.timeline()->options().order, LaneOrder::ByRank);
        QCOMPARE(w.timeline()->viewportState().laneHeight, TimelineViewport{}.laneHeight);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestTimelinePrefs)
#include "tst_timelineprefs.moc"
