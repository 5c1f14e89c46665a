#include "JobOptions.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace fd {

namespace {

// The texts belong to the command line's catalog (context "fd::cli", translations/), as the CLI's other
// options.
struct JobOptionsText
{
    Q_DECLARE_TR_FUNCTIONS(fd::cli)
};

} // namespace

JobOptions::JobOptions()
    : m_watch(QStringLiteral("watch"),
              JobOptionsText::tr(
                  "Follow DIR while dumps arrive: re-analyse as files land, show the missing ranks and "
                  "the verdict "
                  "as it stands, stop when every rank's dump is there or after --watch-timeout."),
              JobOptionsText::tr("DIR")),
      m_watchTimeout(QStringLiteral("watch-timeout"),
                     JobOptionsText::tr("Seconds --watch waits for the set to be complete (default: 600)."),
                     JobOptionsText::tr("seconds"), QString::number(kDefaultWatchTimeoutSec)),
      m_worldSize(
          QStringLiteral("world-size"),
          JobOptionsText::tr(
              "The job's number of ranks, where the dumps do not say (gloo dumps name no group members): "
              "ranks below it without a dump are missing, and --watch waits for all of them."),
          JobOptionsText::tr("N"))
{
}

QString JobOptions::read(const QCommandLineParser& parser)
{
    watchDir = parser.value(m_watch);
    bool timeoutOk = false;
    watchTimeoutSec = parser.value(m_watchTimeout).toInt(&timeoutOk);
    if (!timeoutOk || watchTimeoutSec <= 0)
        return JobOptionsText::tr("--watch-timeout must be a positive number of seconds.");
    worldSize = 0;
    if (parser.isSet(m_worldSize)) {
        bool ok = false;
        worldSize = parser.value(m_worldSize).toInt(&ok);
        if (!ok || worldSize <= 0)
            return JobOptionsText::tr("--world-size must be a positive number of ranks.");
    }
    return {};
}

} // namespace fd
