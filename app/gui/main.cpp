// flightdeck [PATH]: the desktop debugger.
// flightdeck --watch DIR [--watch-timeout SEC]: watches a folder as a job's dumps land.
// flightdeck --export-png FILE --export-json FILE PATH: renders the report without a display and exits.
#include "core/buildinfo/BuildInfo.h"
#include "core/buildinfo/Translations.h"
#include "core/pipeline/JobOptions.h"
#include "ui/capture/LiveActions.h"
#include "ui/export/Exporter.h"
#include "ui/session/LoadController.h"
#include "ui/window/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTextStream>

#include <cstring>

namespace {

// Decided before QApplication exists: an export needs no display, and without one the xcb platform would
// abort the program.
bool wantsHeadless(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        if (!std::strncmp(argv[i], "--export-png", 12) || !std::strncmp(argv[i], "--export-json", 13))
            return true;
    // --version/--help print and exit: they must work over ssh without a display too.
    for (int i = 1; i < argc; ++i)
        for (const char* flag : {"--version", "-v", "--help", "-h", "--help-all"})
            if (!std::strcmp(argv[i], flag))
                return true;
    return false;
}

int runExport(const QString& path, const QString& png, const QString& json)
{
    QTextStream err(stderr);
    QString error;
    const fd::Session session = fd::LoadController::loadBlocking(path, &error);
    if (!session.job || session.job->dumps.empty()) {
        err << error << Qt::endl;
        return 2;
    }
    for (const fd::LoadError& e : session.job->errors)
        err << e.toString() << Qt::endl;
    if (!png.isEmpty()) {
        if (!fd::renderReportImage(session).save(png)) {
            err << QApplication::translate("main", "Cannot write %1").arg(png) << Qt::endl;
            return 3;
        }
    }
    if (!json.isEmpty()) {
        error = fd::writeJsonReport(session, json);
        if (!error.isEmpty()) {
            err << error << Qt::endl;
            return 3;
        }
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (wantsHeadless(argc, argv) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("FlightDeck"));
    QApplication::setOrganizationName(QStringLiteral("FlightDeck"));
    QApplication::setApplicationVersion(fd::BuildInfo::applicationVersion());
    // Wayland app id and the key for the desktop file, icon and AppStream metadata (packaging/).
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.flightdeck.FlightDeck"));
    // Before the parser: option descriptions are translated when they are built.
    fd::installTranslations(app, fd::languageFromArguments(QCoreApplication::arguments()));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/flightdeck/icons/flightdeck.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Visual debugger for PyTorch Flight Recorder dumps"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("path"),
        QApplication::translate("main", "Dump directory, archive of dumps, dump file or path prefix"));
    const QCommandLineOption png(
        QStringLiteral("export-png"),
        QApplication::translate("main", "Write the report picture to <file> and exit"),
        QStringLiteral("file"));
    const QCommandLineOption json(QStringLiteral("export-json"),
                                  QApplication::translate("main", "Write the JSON report to <file> and exit"),
                                  QStringLiteral("file"));
    parser.addOption(png);
    parser.addOption(json);
    fd::JobOptions jobOptions;
    parser.addOptions(jobOptions.options());
    parser.addOption(fd::languageOption());
    parser.process(app);
    const QStringList args = parser.positionalArguments();

    if (parser.isSet(png) || parser.isSet(json)) {
        if (args.size() != 1) {
            QTextStream(stderr) << QApplication::translate("main", "--export-png/--export-json need one PATH")
                                << Qt::endl;
            return 1;
        }
        return runExport(args.front(), parser.value(png), parser.value(json));
    }

    if (const QString error = jobOptions.read(parser); !error.isEmpty()) {
        QTextStream(stderr) << error << Qt::endl;
        return 1;
    }
    if (!jobOptions.watchDir.isEmpty() && !args.isEmpty()) {
        QTextStream(stderr) << QApplication::translate("main", "--watch takes one folder and no PATH")
                            << Qt::endl;
        return 1;
    }

    fd::MainWindow window;
    window.resize(1500, 950);
    window.show();
    window.loader()->setWorldSize(jobOptions.worldSize);
    if (!jobOptions.watchDir.isEmpty())
        window.liveActions()->watchFolder(jobOptions.watchDir, jobOptions.watchTimeoutSec);
    else if (!args.isEmpty())
        window.openPaths(args);
    return app.exec();
}
