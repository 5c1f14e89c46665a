// The GUI's catalog (translations/flightdeck-gui_<lang>.ts), compiled into flightdeck_ui: strings the GUI
// shows first come back translated through the loader both executables use.
#include "core/buildinfo/Translations.h"

#include <QCoreApplication>
#include <QTest>

class TestGuiTranslations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { fd::installTranslations(*QCoreApplication::instance(), QStringLiteral("en")); }

    void programStringsAreTranslated_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("about");
        QTest::addColumn<QString>("helpMenu");
        QTest::newRow("de") << QStringLiteral("de") << QStringLiteral("Über FlightDeck")
                            << QStringLiteral("&Hilfe");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("关于 FlightDeck")
                               << QStringLiteral("帮助(&H)");
    }

    void programStringsAreTranslated()
    {
        QFETCH(QString, lang);
        QFETCH(QString, about);
        QFETCH(QString, helpMenu);
        const fd::TranslationStatus status = fd::installTranslations(*QCoreApplication::instance(), lang);
        QVERIFY(status.appCatalog);
        QVERIFY(status.guiCatalog);
        QCOMPARE(QCoreApplication::translate("fd::AboutDialog", "About FlightDeck"), about);
        QCOMPARE(QCoreApplication::translate("fd::MainWindow", "&Help"), helpMenu);
        // The GUI's command line (app/gui/main.cpp) is translated too.
        const QString description =
            QCoreApplication::translate("main", "Visual debugger for PyTorch Flight Recorder dumps");
        QVERIFY(description != QLatin1String("Visual debugger for PyTorch Flight Recorder dumps"));
        // Core's strings come from the core catalog, loaded alongside.
        QVERIFY(QCoreApplication::translate("fd::i18n", "language") != QLatin1String("language"));
    }
};

QTEST_GUILESS_MAIN(TestGuiTranslations)
#include "tst_guitranslations.moc"
