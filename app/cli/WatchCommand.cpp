#include "WatchCommand.h"

#include "CliPrint.h"

#include "core/analysis/Analysis.h"
#include "core/capture/CaptureResult.h"
#include "core/capture/DumpFolderWatch.h"
#include "core/model/RankListText.h"
#include "core/pipeline/Pipeline.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>

#include <cstdio>

namespace fd::cli {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(fd::cli)
};

// "6", or "at least 6 (...)" where no dump names the world's ranks (gloo): the watch then runs until its
// timeout.
QString worldText(const Job* job)
{
    if (!job)
        return QStringLiteral("0");
    return job->worldSizeKnown
               ? QString::number(job->worldSize)
               : Text::tr("at least %1 (no dump names the world's ranks)").arg(job->worldSize);
}

} // namespace

WatchOutcome runWatch(const CliOptions& o)
{
    constexpr int kPollMs = 250;
    DumpFolderWatch watch(o.watchDir, o.pattern, o.watchSettleMs);
    QElapsedTimer clock;
    clock.start();
    std::shared_ptr<const Job> job;
    Report report;
    bool complete = false;
    printLine(
        stderr,
        Text::tr("watch: %1 (pattern %2), up to %3 s").arg(o.watchDir, o.pattern).arg(o.watchTimeoutSec));
    bool gone = false;
    while (clock.elapsed() < o.watchTimeoutSec * 1000LL) {
        const bool changed = watch.poll(clock.elapsed());
        if (watch.folderGone()) {
            gone = true;
            printLine(
                stderr,
                Text::tr("watch: %1 is gone (deleted, moved or unmounted); stopping with what had arrived")
                    .arg(o.watchDir));
            break;
        }
        if (changed) {
            LoadRequest request;
            request.files = watch.takeReady();
            request.options.facts.worldSize = o.worldSize;
            request.analysis.collectiveIndex = false; // for the GUI's views only
            if (request.files.empty()) { // only growing files so far (an empty request would mean "discover")
                QThread::msleep(kPollMs);
                continue;
            }
            const AnalysedJob run = loadAndAnalyse(request);
            job = run.job;
            report = job ? makeReport(*job, run.analysis) : Report{};
            report.source =
                o.watchDir; // the files were handed over one by one: name the folder they came from
            const std::vector<int> growing = watch.growingRanks();
            complete = job && job->holdsEveryRank() && growing.empty();
            const QString verdict =
                report.analysis ? QLatin1String(verdictName(report.analysis->verdict)) : QStringLiteral("-");
            printLine(
                stderr,
                Text::tr("watch: %1 s: %2 dump(s) of world %3; missing: %4; growing: %5; verdict: %6; "
                         "hanging ranks: [%7]")
                    .arg(clock.elapsed() / 1000)
                    .arg(job ? job->dumps.size() : 0)
                    .arg(worldText(job.get()))
                    .arg(rankListTextOr(job ? job->missingRanks : std::vector<int>{}, QStringLiteral("-")),
                         rankListTextOr(growing, QStringLiteral("-")), verdict,
                         report.analysis ? rankListText(report.analysis->hangingRanks()) : QString()));
            if (complete)
                break;
        }
        QThread::msleep(kPollMs);
    }
    if (!complete && !gone)
        printLine(stderr,
                  Text::tr("watch: stopped after %1 s with the set incomplete").arg(o.watchTimeoutSec));
    if (!job || job->dumps.empty()) {
        printLine(stderr,
                  Text::tr("No complete dump arrived in %1 (pattern %2).").arg(o.watchDir, o.pattern));
        WatchOutcome out;
        out.exitNow = ExitNoUsableDump;
        return out;
    }
    WatchOutcome out;
    out.report = std::move(report);
    return out;
}

} // namespace fd::cli
