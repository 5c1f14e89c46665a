#include "ui/about/AboutDialog.h"

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
            versionShown =
                versionShown || label->text().contains(QStringLiteral("FlightDeck " FD_EXPECTED_VERSION));
        QVERIFY(versionShown);
        const auto boxes = dialog.findChildren<QPlainTextEdit*>();
        QCOMPARE(boxes.size(), 1);
        QPlainTextEdit* box = boxes.front();
        QVERIFY(box->isReadOnly());
        const QStringList lines = box->toPlainText().split(u'\n');
        QCOMPARE(lines.size(), 6); // version, commit, build type, compiler, Qt, platform
        QCOMPARE(lines.front(), QStringLiteral("Version: " FD_EXPECTED_VERSION));
        // Every fact is readable without scrolling: the box is as wide and as tall as its text.
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        const QFontMetrics metrics(box->font());
        for (const QString& line : lines)
            QVERIFY2(metrics.horizontalAdvance(line) <= box->viewport()->width(), qPrintable(line));
        QVERIFY(box->viewport()->height() >= metrics.lineSpacing() * int(lines.size()));
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
