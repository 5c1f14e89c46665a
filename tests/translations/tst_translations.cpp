#include "core/buildinfo/Translations.h"

#include <QCoreApplication>
#include <QLocale>
#include <QTest>

// Loads each shipped language through the same loader the executables use and checks that our own strings
// and Qt's (QCommandLineParser's --help texts come from qtbase_<lang>.qm) come back translated.
class TestTranslations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { fd::installTranslations(*QCoreApplication::instance(), QStringLiteral("en")); }

    void shipsGermanAndChinese()
    {
        const QStringList languages = fd::availableLanguages();
        QVERIFY2(languages.contains(QStringLiteral("de")), qPrintable(languages.join(u' ')));
        QVERIFY2(languages.contains(QStringLiteral("zh_CN")), qPrintable(languages.join(u' ')));
    }

    void loadsLanguage_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("bcp47");
        QTest::addColumn<QString>("language"); // our translation of "language" (the --lang value name)
        QTest::newRow("de") << QStringLiteral("de") << QStringLiteral("de") << QStringLiteral("Sprache");
        QTest::newRow("de_DE") << QStringLiteral("de_DE") << QStringLiteral("de")
                               << QStringLiteral("Sprache");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("zh") << QStringLiteral("语言");
        QTest::newRow("zh") << QStringLiteral("zh") << QStringLiteral("zh") << QStringLiteral("语言");
    }

    void loadsLanguage()
    {
        QFETCH(QString, lang);
        QFETCH(QString, bcp47);
        QFETCH(QString, language);
        const fd::TranslationStatus status = fd::installTranslations(*QCoreApplication::instance(), lang);
        QVERIFY(status.language.startsWith(bcp47));
        QVERIFY(status.appCatalog);
        QCOMPARE(QCoreApplication::translate("fd::i18n", "language"), language);
        // The --lang description, as flightdeck-cli --help prints it.
        const QString description = fd::languageOption().description();
        QVERIFY(!description.isEmpty());
        QVERIFY(!description.startsWith(QLatin1String("Language of the interface")));
        if (!status.qtCatalog)
            QSKIP("Qt's own catalogs are not installed (qt6-translations-l10n)");
        QVERIFY(QCoreApplication::translate("QCommandLineParser", "Displays version information.") !=
                QLatin1String("Displays version information."));
    }

    // Each program carries its own catalog: this test, like flightdeck-cli, links only the core library, so
    // the GUI's strings are not there (translations/translations.cmake).
    void cliCarriesNoGuiStrings()
    {
        const fd::TranslationStatus status =
            fd::installTranslations(*QCoreApplication::instance(), QStringLiteral("de"));
        QVERIFY(status.appCatalog);
        QVERIFY(!status.guiCatalog);
        QCOMPARE(QCoreApplication::translate("fd::MainWindow", "&Help"), QStringLiteral("&Help"));
    }

    void englishRemovesCatalogs()
    {
        QVERIFY(fd::installTranslations(*QCoreApplication::instance(), QStringLiteral("de")).appCatalog);
        const fd::TranslationStatus status =
            fd::installTranslations(*QCoreApplication::instance(), QStringLiteral("en"));
        QCOMPARE(status.language, QStringLiteral("en"));
        QVERIFY(!status.appCatalog);
        QCOMPARE(QCoreApplication::translate("fd::i18n", "language"), QStringLiteral("language"));
        QCOMPARE(QLocale().language(), QLocale::English);
    }

    void languageFromArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        const QString exe = QStringLiteral("flightdeck-cli");
        QTest::newRow("none") << QStringList{exe, QStringLiteral("--fr-path"), QStringLiteral("x")}
                              << QString();
        QTest::newRow("separate") << QStringList{exe, QStringLiteral("--lang"), QStringLiteral("de")}
                                  << QStringLiteral("de");
        QTest::newRow("equals") << QStringList{exe, QStringLiteral("-v"), QStringLiteral("--lang=zh_CN")}
                                << QStringLiteral("zh_CN");
        QTest::newRow("after --") << QStringList{exe, QStringLiteral("--"), QStringLiteral("--lang=de")}
                                  << QString();
        QTest::newRow("missing value") << QStringList{exe, QStringLiteral("--lang")} << QString();
        QTest::newRow("program name only") << QStringList{QStringLiteral("--lang=de")} << QString();
    }

    void languageFromArguments()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        QCOMPARE(fd::languageFromArguments(args), expected);
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
