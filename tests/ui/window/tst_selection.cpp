// The selection every view follows: one signal per change, the charts' PG from either kind of selection, and
// the main window's views following it.
#include "tests/ui/support/SynthSession.h"
#include "tests/ui/support/UiTestSetup.h"
#include "ui/timeline/TimelineControls.h"
#include "ui/window/MainWindow.h"
#include "ui/window/Selection.h"

#include <QSignalSpy>
#include <QTest>

using namespace fd;

class TestSelection : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::isolateSettings("tst_selection"); }

    void signalsOncePerChange()
    {
        Selection selection;
        QSignalSpy pg(&selection, &Selection::pgChanged);
        QSignalSpy shown(&selection, &Selection::pgShown);
        QSignalSpy collective(&selection, &Selection::collectiveChanged);
        selection.selectPg(3);
        selection.selectPg(3);
        QCOMPARE(pg.size(), 1);
        QCOMPARE(shown.size(), 1);
        QCOMPARE(shown.last().at(0).value<std::uint32_t>(), 3u);
        const Selection::Collective c{5, 42, false, 7};
        selection.selectCollective(c);
        selection.selectCollective(c);
        QCOMPARE(collective.size(), 1);
        QCOMPARE(selection.collective(), c);
        QCOMPARE(selection.pg(), 3u); // picking a collective does not filter the views to its PG...
        QCOMPARE(shown.last().at(0).value<std::uint32_t>(), 5u); // ...but the charts show it
        selection.selectPg(kNoPg);
        QCOMPARE(pg.size(), 2);
        QCOMPARE(shown.size(), 2); // "every PG" leaves the charts where they are
        selection.clearCollective();
        selection.selectCollective(c);
        QCOMPARE(collective.size(), 2); // a new job selects its frontier again, even the same one
    }

    // A click anywhere goes through the selection, and the PG filter reaches the controls once.
    void windowFollowsTheSelection()
    {
        MainWindow w;
        w.setSession(test::synthSession());
        QVERIFY(test::waitForBackgroundViews());
        QSignalSpy pg(w.selection(), &Selection::pgChanged);
        const std::uint32_t frontierPg = w.session().analysis->divergencePg();
        QVERIFY(frontierPg != kNoPg);
        w.selectPg(frontierPg);
        QCOMPARE(w.timelineControls()->options().pgFilter, frontierPg);
        QCOMPARE(pg.size(), 1); // the controls' own optionsChanged does not select it a second time
        w.timelineControls()->setPgFilter(kNoPg);
        QCOMPARE(w.selection()->pg(), kNoPg);
        QCOMPARE(pg.size(), 2);
    }
};

QTEST_MAIN(TestSelection)
#include "tst_selection.moc"
