#include "UiTestSetup.h"

#include "ui/support/LatestResult.h"

#include <QCoreApplication>
#include <QStandardPaths>
#include <QTest>

namespace fd::test {

void isolateSettings(const char* testName)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FlightDeckTests"));
    QCoreApplication::setApplicationName(QString::fromLatin1(testName));
}

bool waitForBackgroundViews(int timeoutMs)
{
    QTest::qWait(20); // lets a computation that was just asked for start counting itself
    return QTest::qWaitFor([] { return backgroundTasksInFlight() == 0; }, timeoutMs);
}

} // namespace fd::test
