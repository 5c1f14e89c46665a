#pragma once

#include <QCommandLineOption>
#include <QLoggingCategory>
#include <QString>
#include <QStringList>

class QCoreApplication;

namespace fd {

// "fd.i18n": which catalogs were found; QT_LOGGING_RULES="fd.i18n.debug=true" shows the search.
Q_DECLARE_LOGGING_CATEGORY(lcI18n)

struct TranslationStatus
{
    QString language;        // BCP 47 name of the locale used ("de-DE", "zh-Hans-CN"; "en" for none)
    bool appCatalog = false; // flightdeck_<lang>.qm loaded (core's and the CLI's strings)
    bool guiCatalog = false; // flightdeck-gui_<lang>.qm loaded (in the GUI only)
    bool qtCatalog = false;  // qtbase_<lang>.qm loaded (QCommandLineParser's own --help/--version texts)
};

// Installs FlightDeck's catalogs (compiled into the binary under :/i18n, or
// <prefix>/share/flightdeck/translations next to an installed binary) and Qt's qtbase catalog from
// QLibraryInfo::TranslationsPath for the system UI languages, or for langOverride ("de", "zh_CN",
// "en"/"C" for untranslated) when it is not empty. Replaces catalogs installed by an earlier call,
// so a settings dialog or a test can switch languages. QtCore only: the CLI uses it too.
TranslationStatus installTranslations(QCoreApplication& app, const QString& langOverride);

// The value of --lang/--lang=X in args, or an empty string. Catalogs must be installed before the
// option descriptions are translated, i.e. before QCommandLineParser has parsed anything.
QString languageFromArguments(const QStringList& args);

// The shared --lang option for both executables (translated if called after installTranslations).
QCommandLineOption languageOption();

// The languages shipped in translations/, for --help texts and a language menu.
QStringList availableLanguages();

} // namespace fd
