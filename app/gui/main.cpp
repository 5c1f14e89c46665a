// flightdeck [PATH]: the desktop debugger.
// flightdeck --watch DIR [--watch-timeout SEC]: watches a folder as a job's dumps land.
// flightdeck --export-png FILE --export-json FILE PATH: renders the report without a display and exits.
#include "buildinfo/BuildInfo.h"
#include "buildinfo/Translations.h"
#include "capture/LiveActions.h"
#include "export/Exporter.h"
#include "window/LoadController.h"
#include "window/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLoggingCategory>
#include <QTextStream>

#include <cstring>

Q_LOGGING_CATEGORY(lcApp, "fd.app")

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
    parser.setApplicationDescription(QApplication::translate("main", "Visual debugger for PyTorch Flight Recorder dumps"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("path"),
                                 QApplication::translate("main", "Dump directory, archive of dumps, dump file or path prefix"));
    const QCommandLineOption png(QStringLiteral("export-png"),
                                 QApplication::translate("main", "Write the report picture to <file> and exit"),
                                 QStringLiteral("file"));
    const QCommandLineOption json(QStringLiteral("export-json"),
                                  QApplication::translate("main", "Write the JSON report to <file> and exit"),
                                  QStringLiteral("file"));
    const QCommandLineOption watch(QStringLiteral("watch"),
                                   QApplication::translate("main", "Watch <dir> as a job's dumps land: reopen it as they "
                                                                   "arrive, until every rank's dump is there or "
                                                                   "--watch-timeout passes"),
                                   QStringLiteral("dir"));
    const QCommandLineOption watchTimeout(QStringLiteral("watch-timeout"),
                                          QApplication::translate("main", "Seconds --watch waits for the set to be complete (default: 600)"),
                                          QStringLiteral("seconds"), QString::number(fd::LiveActions::kDefaultWatchSec));
    parser.addOption(png);
    parser.addOption(json);
    const QCommandLineOption worldSize(QStringLiteral("world-size"),
                                       QApplication::translate("main", "The job's number of ranks, where the dumps do not say "
                                                                       "(gloo): ranks below it without a dump are missing"),
                                       QStringLiteral("N"));
    parser.addOption(watch);
    parser.addOption(watchTimeout);
    parser.addOption(worldSize);
    parser.addOption(fd::languageOption());
    parser.process(app);
    const QStringList args = parser.positionalArguments();

    if (parser.isSet(png) || parser.isSet(json)) {
        if (args.size() != 1) {
            QTextStream(stderr) << QApplication::translate("main", "--export-png/--export-json need one PATH") << Qt::endl;
            return 1;
        }
        return runExport(args.front(), parser.value(png), parser.value(json));
    }

    bool timeoutOk = false;
    const int watchSec = parser.value(watchTimeout).toInt(&timeoutOk);
    bool worldOk = true;
    const int ranks = parser.isSet(worldSize) ? parser.value(worldSize).toInt(&worldOk) : 0;
    if (!worldOk || ranks < 0) {
        QTextStream(stderr) << QApplication::translate("main", "--world-size must be a positive number of ranks") << Qt::endl;
        return 1;
    }
    if (parser.isSet(watch) && (!timeoutOk || watchSec <= 0 || !args.isEmpty())) {
        QTextStream(stderr) << QApplication::translate("main", "--watch takes one folder and a positive --watch-timeout, and no PATH")
                            << Qt::endl;
        return 1;
    }

    fd::MainWindow window;
    window.resize(1500, 950);
    window.show();
    window.loader()->setWorldSize(ranks);
    if (parser.isSet(watch))
        window.liveActions()->watchFolder(parser.value(watch), watchSec);
    else if (!args.isEmpty())
        window.openPaths(args);
    return app.exec();
}
