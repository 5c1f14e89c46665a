// bench-gui: opens the real MainWindow offscreen on a job (an fr-synth directory, say) and prints what a user
// would feel: the time from program start until the verdict is shown, the longest event-loop stall after
// the load worker finished, and the stall of each interaction (selecting the frontier collective, switching
// the PG filter and the x axis, zooming, exporting the report). Stalls are gaps in a 5 ms heartbeat on the
// GUI thread (StallMonitor), so work handed to worker threads does not count and work on the GUI thread
// does, painting included.
//   fr-synth --out /tmp/job --ranks 1024 --entries 2000 --timing --stacks --stuck-rank 517
//   bench-gui /tmp/job
#include "ui/support/StallMonitor.h"

#include "ui/session/LoadController.h"
#include "ui/support/LatestResult.h"
#include "ui/timeline/TimelineControls.h"
#include "ui/timeline/TimelineView.h"
#include "ui/window/MainWindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <cstdio>
#include <cstdlib>
#include <functional>

namespace {

QElapsedTimer g_sinceStart;

qint64 procStatusKb(const char* key)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray k(key);
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith(k))
            return line.mid(k.size()).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

// With --slow-events MS, names every event the GUI thread took longer than MS to handle (its receiver's class
// and the event's type): what a stall was spent on.
class TimedApplication : public QApplication
{
public:
    using QApplication::QApplication;
    double slowMs = -1;

    bool notify(QObject* receiver, QEvent* event) override
    {
        if (slowMs < 0 || m_depth > 0)
            return QApplication::notify(receiver, event);
        ++m_depth;
        QElapsedTimer t;
        t.start();
        const int type = int(event->type());
        const char* cls = receiver->metaObject()->className();
        const QString name = receiver->objectName();
        const char* parent = receiver->parent() ? receiver->parent()->metaObject()->className() : "";
        const bool done = QApplication::notify(receiver, event);
        --m_depth;
        const double ms = double(t.nsecsElapsed()) / 1e6;
        if (ms >= slowMs)
            std::fprintf(stderr, "bench-gui: slow event: %.0f ms in %s \"%s\" (of %s), event type %d\n", ms,
                         cls, qPrintable(name), parent, type);
        return done;
    }

private:
    int m_depth = 0;
};

void spin(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

// Runs the event loop until the window has caught up: no load, no view data computed in the background,
// then a little longer so that the paints the results asked for happen too. Returns the milliseconds it took.
double settle(const fd::MainWindow& w, int timeoutMs = 600000)
{
    QElapsedTimer t;
    t.start();
    while ((w.loader()->isBusy() || fd::backgroundTasksInFlight() > 0) && t.elapsed() < timeoutMs)
        spin(5);
    const double ms = double(t.nsecsElapsed()) / 1e6;
    spin(250);
    return ms;
}

} // namespace

int main(int argc, char** argv)
{
    g_sinceStart.start();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    TimedApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("FlightDeckBench")); // not the user's settings
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Event-loop stalls of the desktop app on a job"));
    parser.addHelpOption();
    const QCommandLineOption slowEvents(
        QStringLiteral("slow-events"), QStringLiteral("Name every GUI-thread event slower than MS on stderr"),
        QStringLiteral("MS"));
    parser.addOption(slowEvents);
    parser.addPositionalArgument(QStringLiteral("job"),
                                 QStringLiteral("Dump directory (fr-synth --out DIR)"));
    parser.process(app);
    if (parser.isSet(slowEvents))
        app.slowMs = parser.value(slowEvents).toDouble();
    if (parser.positionalArguments().size() != 1)
        parser.showHelp(2);
    QTextStream out(stdout);

    fd::MainWindow w;
    w.resize(1920, 1080);
    w.show();
    fd::StallMonitor monitor;
    double verdictMs = -1;
    // The job is read: from here on the GUI thread only builds views, and must never stall.
    QObject::connect(w.loader(), &fd::LoadController::analysing, &monitor, [&] { monitor.reset(); });
    QObject::connect(w.loader(), &fd::LoadController::sessionReady, &monitor, [&] {
        verdictMs = double(g_sinceStart.nsecsElapsed()) / 1e6; // MainWindow's own handler ran first
    });
    const double openedAt = double(g_sinceStart.nsecsElapsed()) / 1e6;
    w.openPath(parser.positionalArguments().front());
    const double caughtUpAt = openedAt + settle(w);
    if (!w.session().job) {
        out << "bench-gui: could not open " << parser.positionalArguments().front() << "\n";
        return 1;
    }
    const fd::Job& job = *w.session().job;
    out << QString::asprintf("job: %zu dumps, %zu entries, %.1f MB of dumps\n", job.dumps.size(),
                             job.entryCount(), double(job.totalFileBytes()) / 1e6);
    out << QString::asprintf("%-44s %9.0f ms\n", "time to verdict (from program start)", verdictMs);
    out << QString::asprintf(
        "%-44s %9.0f ms  (GUI thread busy %.0f ms of it; every view complete at %.0f ms)\n",
        "longest stall after loading", monitor.longestMs(), monitor.longestBusyMs(), caughtUpAt);

    const fd::Analysis* analysis = w.session().analysis.get();
    const bool haveFrontier = analysis && !analysis->frontier.empty();
    const std::uint32_t frontierPg = haveFrontier ? analysis->frontier.front().pgIndex : fd::kNoPg;
    QTemporaryDir exportDir;
    struct Action
    {
        const char* name;
        std::function<void()> run;
    };
    const std::vector<Action> actions = {
        {"select the frontier collective",
         [&] {
             if (haveFrontier) {
                 const fd::FrontierItem& f = analysis->frontier.front();
                 const int culprit = analysis->culprits.empty() ? -1 : analysis->culprits.front().rank;
                 w.selectCollective(f.pgIndex, f.seqId, f.isP2p, culprit);
             }
         }},
        {"PG filter: the frontier PG", [&] { w.selectPg(frontierPg); }},
        {"PG filter: none", [&] { w.selectPg(fd::kNoPg); }},
        {"x axis: wall time", [&] { w.timelineControls()->toggleXMode(); }},
        {"x axis: sequence", [&] { w.timelineControls()->toggleXMode(); }},
        {"zoom in", [&] { w.timeline()->zoomIn(); }},
        {"zoom out", [&] { w.timeline()->zoomOut(); }},
        {"show all", [&] { w.timeline()->showAll(); }},
        // Past the window: the lanes in view read their older entries again, on a worker.
        {"zoom into the history (older entries read)",
         [&] {
             w.timeline()->zoomIn();
             w.timeline()->zoomIn();
             w.timeline()->zoomIn();
             w.timeline()->requestHistories();
         }},
        {"back to the evidence", [&] { w.timeline()->resetZoom(); }},
        {"export report (PNG + JSON)",
         [&] {
             w.exportReportInBackground(exportDir.filePath(QStringLiteral("r.png")),
                                        exportDir.filePath(QStringLiteral("r.json")));
         }},
    };
    double worst = monitor.longestMs();
    double worstBusy = monitor.longestBusyMs();
    for (const Action& a : actions) {
        monitor.reset();
        a.run();
        const double caughtUp = settle(w);
        worst = std::max(worst, monitor.longestMs());
        worstBusy = std::max(worstBusy, monitor.longestBusyMs());
        out << QString::asprintf("%-44s %9.0f ms  (busy %.0f ms; caught up in %.0f ms)\n",
                                 (QStringLiteral("stall: ") + QLatin1String(a.name)).toUtf8().constData(),
                                 monitor.longestMs(), monitor.longestBusyMs(), caughtUp);
    }
    out << QString::asprintf("%-44s %9.0f ms  (GUI thread busy at most %.0f ms between two heartbeats)\n",
                             "longest stall overall", worst, worstBusy);
    double load[1] = {0};
    if (getloadavg(load, 1) == 1) // the stalls include waiting for a core: say how busy the machine was
        out << QString::asprintf("%-44s %9.2f\n", "load average (1 min)", load[0]);
    out << QString::asprintf(
        "%-44s %9.0f MB  (%.2fx the dumps)\n", "peak RSS", procStatusKb("VmHWM:") / 1024.0,
        procStatusKb("VmHWM:") * 1024.0 / std::max<double>(1, double(job.totalFileBytes())));
    return 0;
}
