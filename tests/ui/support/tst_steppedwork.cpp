// SteppedWork: GUI-thread work of a large job spread over event-loop turns (MainWindow builds a new session's
// views with it, after the verdict).
#include "ui/support/LatestResult.h"
#include "ui/support/SteppedWork.h"

#include <QTest>

#include <vector>

using namespace fd;

class TestSteppedWork : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stepsRunOnePerTurnInOrder()
    {
        SteppedWork work;
        std::vector<int> ran;
        work.start({[&] { ran.push_back(1); }, [&] { ran.push_back(2); }, [&] { ran.push_back(3); }}, false);
        QVERIFY(ran.empty()); // nothing before the event loop turns
        QVERIFY(work.isRunning());
        QCOMPARE(backgroundTasksInFlight(), 1);
        QCoreApplication::processEvents(); // one turn of the event loop
        QVERIFY(ran.size() <= 1);
        QTRY_COMPARE(ran, (std::vector<int>{1, 2, 3}));
        QVERIFY(!work.isRunning());
        QCOMPARE(backgroundTasksInFlight(), 0);
    }

    void nowRunsEverythingAtOnce()
    {
        SteppedWork work;
        int ran = 0;
        work.start({[&] { ++ran; }, [&] { ++ran; }}, true);
        QCOMPARE(ran, 2);
        QVERIFY(!work.isRunning());
        QCOMPARE(backgroundTasksInFlight(), 0);
    }

    void aNewStartDropsTheOldSteps()
    {
        SteppedWork work;
        std::vector<char> ran;
        work.start({[&] { ran.push_back('a'); }, [&] { ran.push_back('b'); }}, false);
        while (ran.empty()) // one turn at a time: stop after the first step
            QCoreApplication::processEvents();
        QCOMPARE(ran.size(), std::size_t(1));
        work.start({[&] { ran.push_back('x'); }}, false);
        QTRY_VERIFY(!work.isRunning());
        QTest::qWait(20);
        QCOMPARE(ran, (std::vector<char>{'a', 'x'}));
        QCOMPARE(backgroundTasksInFlight(), 0);
    }

    void aStepMayStartNewWork()
    {
        SteppedWork work;
        std::vector<char> ran;
        work.start({[&] {
                        ran.push_back('a');
                        work.start({[&] { ran.push_back('n'); }}, false); // opening another job from a step
                    },
                    [&] { ran.push_back('b'); }},
                   false);
        QTRY_VERIFY(!work.isRunning());
        QTest::qWait(20);
        QCOMPARE(ran, (std::vector<char>{'a', 'n'}));
        QCOMPARE(backgroundTasksInFlight(), 0);
    }
};

QTEST_GUILESS_MAIN(TestSteppedWork)
#include "tst_steppedwork.moc"
