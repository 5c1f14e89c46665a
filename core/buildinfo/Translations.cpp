#include "Translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace fd {

Q_LOGGING_CATEGORY(lcI18n, "fd.i18n", QtWarningMsg)

namespace {

// Marks our translators among the application's children, so a second call can remove them.
const char* const kTranslatorTag = "fd-i18n-translator";

bool loadInto(QTranslator* translator, const QLocale& locale, const QString& name, const QStringList& dirs)
{
    for (const QString& dir : dirs) {
        if (translator->load(locale, name, QStringLiteral("_"), dir)) {
            qCDebug(lcI18n) << "loaded" << translator->filePath();
            return true;
        }
        qCDebug(lcI18n) << "no" << name << "catalog for" << locale.uiLanguages() << "in" << dir;
    }
    return false;
}

bool installOne(QCoreApplication& app, const QLocale& locale, const QString& name, const QStringList& dirs)
{
    auto* translator = new QTranslator(&app);
    translator->setObjectName(QLatin1String(kTranslatorTag));
    if (!loadInto(translator, locale, name, dirs) || !QCoreApplication::installTranslator(translator)) {
        delete translator;
        return false;
    }
    return true;
}

bool isUntranslated(const QString& lang)
{
    return lang == QLatin1String("C") || lang == QLatin1String("POSIX") || lang == QLatin1String("en") ||
           lang.startsWith(QLatin1String("en_")) || lang.startsWith(QLatin1String("en-"));
}

} // namespace

TranslationStatus installTranslations(QCoreApplication& app, const QString& langOverride)
{
    const auto previous =
        app.findChildren<QTranslator*>(QLatin1String(kTranslatorTag), Qt::FindDirectChildrenOnly);
    for (QTranslator* translator : previous) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }

    TranslationStatus status;
    const QString lang = langOverride.trimmed();
    if (!lang.isEmpty() && isUntranslated(lang)) {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        status.language = QStringLiteral("en");
        return status;
    }
    // An explicit --lang also drives number and date formatting, so the UI does not mix conventions.
    const QLocale locale = lang.isEmpty() ? QLocale::system() : QLocale(lang);
    if (!lang.isEmpty()) {
        if (locale.language() == QLocale::C)
            qCWarning(lcI18n) << "unknown language" << lang << "- using English";
        QLocale::setDefault(locale);
    }
    status.language = locale.bcp47Name();

    const QString installed = QDir::cleanPath(QCoreApplication::applicationDirPath() +
                                              QStringLiteral("/../share/flightdeck/translations"));
    status.appCatalog =
        installOne(app, locale, QStringLiteral("flightdeck"), {QStringLiteral(":/i18n"), installed});
    // The GUI's catalog is compiled into the GUI only (flightdeck_ui); the CLI finds none.
    status.guiCatalog =
        installOne(app, locale, QStringLiteral("flightdeck-gui"), {QStringLiteral(":/i18n"), installed});
    status.qtCatalog = installOne(app, locale, QStringLiteral("qtbase"),
                                  {QLibraryInfo::path(QLibraryInfo::TranslationsPath)});
    return status;
}

QString languageFromArguments(const QStringList& args)
{
    const QString prefix = QStringLiteral("--lang=");
    // args[0] is the program; "--" ends the options as in QCommandLineParser.
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString& arg = args.at(i);
        if (arg == QLatin1String("--"))
            break;
        if (arg.startsWith(prefix))
            return arg.mid(prefix.size());
        if (arg == QLatin1String("--lang") && i + 1 < args.size())
            return args.at(i + 1);
    }
    return {};
}

QCommandLineOption languageOption()
{
    return QCommandLineOption(
        QStringLiteral("lang"),
        QCoreApplication::translate("fd::i18n",
                                    "Language of the interface, e.g. de, zh_CN or en (default: the system "
                                    "language)."),
        QCoreApplication::translate("fd::i18n", "language"));
}

QStringList availableLanguages()
{
    QStringList languages{QStringLiteral("en")};
    const auto files =
        QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("flightdeck_*.qm")}, QDir::Files);
    for (const QString& file : files)
        languages << file.mid(11, file.size() - 11 - 3); // strip "flightdeck_" and ".qm"
    return languages;
}

} // namespace fd
