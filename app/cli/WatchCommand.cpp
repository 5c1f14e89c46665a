#include "WatchCommand.h"

#include "CliPrint.h"
#include "CompareCommand.h"

#include "core/analysis/Analysis.h"
#include "core/capture/CaptureResult.h"
#include "core/capture/DumpFolderWatch.h"
#include "core/model/RankListText.h"
#include "core/pipeline/Pipeline.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <utility>

namespace fd::cli {

namespace {

struct WatchCommandText
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
               : WatchCommandText::tr("at least %1 (no dump names the world's ranks)").arg(job->worldSize);
}

// Each rank's dump file as it was when a set was complete: the next set is there once every one of them was
// written again.
using DumpStamps = std::map<int, std::pair<QString, qint64>>;

DumpStamps stampsOf(const Job& job)
{
    DumpStamps out;
    for (const RankDump& d : job.dumps)
        out[d.rank] = {d.filePath, QFileInfo(d.filePath).lastModified().toMSecsSinceEpoch()};
    return out;
}

// Seconds from the newest dump of one set to the newest of the next: when the job wrote them.
double secondsBetween(const DumpStamps& before, const DumpStamps& now)
{
    qint64 a = 0, b = 0;
    for (const auto& [rank, stamp] : before)
        a = std::max(a, stamp.second);
    for (const auto& [rank, stamp] : now)
        b = std::max(b, stamp.second);
    return double(b - a) / 1000.0;
}

bool everyDumpRewritten(const DumpStamps& before, const DumpStamps& now)
{
    for (const auto& [rank, stamp] : before) {
        const auto it = now.find(rank);
        if (it == now.end() || it->second == stamp)
            return false;
    }
    return true;
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
    std::optional<AnalysedJob>
        firstSet; // --watch-compare: the first complete set, to compare the next one with
    DumpStamps firstStamps;
    bool secondSet = false;
    printLine(stderr, WatchCommandText::tr("watch: %1 (pattern %2), up to %3 s")
                          .arg(o.watchDir, o.pattern)
                          .arg(o.watchTimeoutSec));
    bool gone = false;
    while (clock.elapsed() < o.watchTimeoutSec * 1000LL) {
        const bool changed = watch.poll(clock.elapsed());
        if (watch.folderGone()) {
            gone = true;
            printLine(stderr,
                      WatchCommandText::tr(
                          "watch: %1 is gone (deleted, moved or unmounted); stopping with what had arrived")
                          .arg(o.watchDir));
            break;
        }
        if (changed) {
            LoadRequest request;
            request.files = watch.takeReady();
            request.options.frPath = o.watchDir; // the job's source: the folder the files came from
            request.options.facts.worldSize = o.worldSize;
            request.analysis.collectiveIndex = false; // for the GUI's views only
            if (o.watchCompare) // the entries' times tell one job's entries from another's (compareSnapshots)
                request.options.details = DetailLevel::Times;
            if (request.files.empty()) { // only growing files so far (an empty request would mean "discover")
                QThread::msleep(kPollMs);
                continue;
            }
            const AnalysedJob run = loadAndAnalyse(request);
            job = run.job;
            report = job ? makeReport(run.analysis) : Report{};
            const std::vector<int> growing = watch.growingRanks();
            complete = job && job->holdsEveryRank() && growing.empty();
            const QString verdict =
                report.analysis ? QLatin1String(verdictName(report.analysis->verdict)) : QStringLiteral("-");
            printLine(
                stderr,
                WatchCommandText::tr(
                    "watch: %1 s: %2 dump(s) of world %3; missing: %4; growing: %5; verdict: %6; "
                    "hanging ranks: [%7]")
                    .arg(clock.elapsed() / 1000)
                    .arg(job ? job->dumps.size() : 0)
                    .arg(worldText(job.get()))
                    .arg(rankListTextOr(job ? job->missingRanks : std::vector<int>{}, QStringLiteral("-")),
                         rankListTextOr(growing, QStringLiteral("-")), verdict,
                         report.analysis ? rankListText(report.analysis->hangingRanks()) : QString()));
            if (complete && !o.watchCompare)
                break;
            if (complete && !firstSet) {
                firstSet = run;
                firstStamps = stampsOf(*job);
                printLine(stderr,
                          WatchCommandText::tr(
                              "watch: the set is complete; waiting for every rank's next dump to compare "
                              "the two (--watch-compare)"));
            } else if (const DumpStamps now = stampsOf(*job);
                       complete && everyDumpRewritten(firstStamps, now)) {
                const QString error =
                    addProgress(report, *firstSet, run, std::max(0.0, secondsBetween(firstStamps, now)));
                if (!error.isEmpty())
                    printLine(stderr, QStringLiteral("watch: ") + error);
                else
                    printLine(stderr, QStringLiteral("watch: progress: ") + report.progress->summary);
                secondSet = true;
                break;
            }
        }
        QThread::msleep(kPollMs);
    }
    if (firstSet && !secondSet)
        printLine(stderr, WatchCommandText::tr("watch: no second dump set in %1 s; nothing was compared")
                              .arg(o.watchTimeoutSec));
    else if (!complete && !gone)
        printLine(
            stderr,
            WatchCommandText::tr("watch: stopped after %1 s with the set incomplete").arg(o.watchTimeoutSec));
    if (!job || job->dumps.empty()) {
        printLine(
            stderr,
            WatchCommandText::tr("No complete dump arrived in %1 (pattern %2).").arg(o.watchDir, o.pattern));
        WatchOutcome out;
        out.exitNow = ExitNoUsableDump;
        return out;
    }
    WatchOutcome out;
    out.report = std::move(report);
    return out;
}

} // namespace fd::cli
