// Paints the timeline of a synthetic 1024-rank x 2000-entry job (fr-synth's dumps, read and analysed in
// memory) into a 1920x1080 image, the way the widget does, at several zoom levels, and prints milliseconds
// per frame. Runs offscreen.
//   bench-timeline [--ranks N] [--entries N] [--frames N]
#include "tools/synth/SyntheticLoad.h"
#include "ui/timeline/TimelineCache.h"
#include "ui/timeline/TimelineLayout.h"
#include "ui/timeline/TimelinePainter.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QTextStream>

#include <algorithm>

namespace {

struct Scenario
{
    const char* name;
    double zoom;       // visible fraction of the x domain
    double laneHeight; // 0: every lane fits
};

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption ranks(QStringLiteral("ranks"), QStringLiteral("lanes"), QStringLiteral("n"),
                                   QStringLiteral("1024"));
    const QCommandLineOption entries(QStringLiteral("entries"), QStringLiteral("entries per rank"),
                                     QStringLiteral("n"), QStringLiteral("2000"));
    const QCommandLineOption frames(QStringLiteral("frames"), QStringLiteral("frames per scenario"),
                                    QStringLiteral("n"), QStringLiteral("30"));
    parser.addOptions({ranks, entries, frames});
    parser.process(app);
    QTextStream out(stdout);

    fd::SyntheticJobOptions spec;
    spec.ranks = parser.value(ranks).toInt();
    spec.tensorParallel = 8;
    spec.pipelineParallel = 4;
    spec.entriesPerRank = parser.value(entries).toInt();
    spec.stuckRank = spec.ranks / 2 + 5;
    spec.timing = true;
    spec.withStackTraces = true;
    QElapsedTimer timer;
    timer.start();
    const fd::Session session(fd::runAnalysis(fd::loadSyntheticJob(spec)));
    out << "job: " << spec.ranks << " ranks x " << spec.entriesPerRank << " entries, read and analysed in "
        << timer.elapsed() << " ms\n";
    timer.restart();
    const fd::TimelineLayout grouped(session, {});
    out << "layout: " << grouped.boxCount() << " boxes in " << timer.elapsed() << " ms, "
        << grouped.rows().size() << " rows grouped for the evidence range\n";
    // Painting is timed on every rank's lane, the most the widget can show: every rank expanded.
    std::vector<int> allRanks;
    for (const fd::TimelineLane& lane : grouped.lanes())
        allRanks.push_back(lane.rank);
    std::sort(allRanks.begin(), allRanks.end());
    timer.restart();
    const fd::TimelineLayout wide = grouped.regrouped({grouped.domainStart(), grouped.domainEnd()}, {});
    out << "regroup for the whole range: " << wide.rows().size() << " rows in " << timer.elapsed() << " ms\n";
    const fd::TimelineLayout layout = grouped.regrouped(grouped.groupWindow(), allRanks);

    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    const QPalette palette;
    const int n = std::max(1, parser.value(frames).toInt());
    auto report = [&](const char* name, double ms, const fd::TimelinePaintStats& stats) {
        out << QString::asprintf("%-40s %7.2f ms/frame  (%d lanes painted, %zu boxes visited, %zu rects)\n",
                                 name, ms, stats.lanesPainted, stats.boxesVisited, stats.rectsDrawn);
    };
    for (const Scenario& sc :
         {Scenario{"all lanes, full range", 1.0, 0}, Scenario{"all lanes, 10x zoom", 0.1, 0},
          Scenario{"16 px lanes, full range", 1.0, 16}, Scenario{"16 px lanes, 50x zoom", 0.02, 16}}) {
        fd::TimelineViewport vp;
        vp.rect = image.rect();
        vp.laneHeight =
            sc.laneHeight > 0 ? sc.laneHeight : double(vp.lanesRect().height()) / layout.rows().size();
        const double span = (layout.domainEnd() - layout.domainStart()) * sc.zoom;
        fd::TimelinePaintStats stats;
        timer.restart();
        for (int f = 0; f < n; ++f) {
            // Pan a little every frame, as a drag does: every frame paints the lanes.
            const double start =
                layout.domainStart() + (layout.domainEnd() - layout.domainStart() - span) * f / n;
            vp.scale = fd::TimeScale(start, start + span, vp.lanesRect().width());
            vp.scrollY = sc.laneHeight > 0 ? f * 37.0 : 0;
            QPainter p(&image);
            stats = fd::paintTimeline(p, layout, vp, palette);
        }
        report(sc.name, double(timer.nsecsElapsed()) / 1e6 / n, stats);
    }

    // What the widget does between zooms: the lanes come from TimelineRenderCache. A hover or tooltip repaint
    // changes nothing; a click selects another collective (outlined on every lane).
    fd::TimelineViewport vp;
    vp.rect = image.rect();
    vp.laneHeight = double(vp.lanesRect().height()) / layout.rows().size();
    vp.scale = fd::TimeScale(layout.domainStart(), layout.domainEnd(), vp.lanesRect().width());
    const fd::FrontierItem* frontier = session.analysis->divergence();
    fd::TimelineRenderCache cache;
    {
        QPainter p(&image);
        timer.restart();
        const fd::TimelinePaintStats first = cache.paint(p, layout, vp, palette);
        report("all lanes, full range, cache rebuild", double(timer.nsecsElapsed()) / 1e6, first);
    }
    for (bool selecting : {false, true}) {
        fd::TimelinePaintStats stats;
        timer.restart();
        for (int f = 0; f < n; ++f) {
            if (selecting && frontier) {
                vp.selectedPg = frontier->pgIndex;
                vp.selectedSeq = frontier->seqId - 1 - f % 8;
            }
            QPainter p(&image);
            stats = cache.paint(p, layout, vp, palette);
        }
        report(selecting ? "all lanes, full range, select (cached)" : "all lanes, full range, hover (cached)",
               double(timer.nsecsElapsed()) / 1e6 / n, stats);
    }
    return 0;
}
