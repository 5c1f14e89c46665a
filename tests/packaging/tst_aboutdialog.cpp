#include "about/AboutDialog.h"
#include "buildinfo/BuildInfo.h"

#include <QAction>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTest>

class TestAboutDialog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void showsVersionAndBuildFacts()
    {
        fd::AboutDialog dialog;
        QCOMPARE(dialog.windowTitle(), QStringLiteral("About FlightDeck"));
        bool versionShown = false;
        for (const QLabel* label : dialog.findChildren<QLabel*>())
            versionShown = versionShown || label->text().contains(fd::BuildInfo::version());
        QVERIFY(versionShown);
        const auto details = dialog.findChildren<QPlainTextEdit*>();
        QCOMPARE(details.size(), 1);
        QCOMPARE(details.front()->toPlainText(), fd::BuildInfo::details().trimmed());
        QVERIFY(details.front()->isReadOnly());
        if (qEnvironmentVariableIsSet("FD_ABOUT_SCREENSHOT"))
            dialog.grab().save(qEnvironmentVariable("FD_ABOUT_SCREENSHOT"));
    }

    void actionForHelpMenus()
    {
        QWidget parent;
        QAction* action = fd::AboutDialog::createAction(&parent);
        QCOMPARE(action->parent(), &parent);
        QCOMPARE(action->menuRole(), QAction::AboutRole);
        QCOMPARE(action->text(), QStringLiteral("&About FlightDeck"));
    }
};

QTEST_MAIN(TestAboutDialog)
#include "tst_aboutdialog.moc"
