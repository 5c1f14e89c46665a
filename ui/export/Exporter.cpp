#include "Exporter.h"

#include "core/exporting/OutputFile.h"
#include "core/report/ReportJson.h"
#include "ui/details/VerdictBanner.h"
#include "ui/evidence/EvidencePainter.h"
#include "ui/graph/PgGraphView.h"
#include "ui/timeline/TimelineLegend.h"
#include "ui/timeline/TimelinePainter.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QLayout>
#include <QLoggingCategory>
#include <QPainter>
#include <QSvgGenerator>

Q_LOGGING_CATEGORY(lcExport, "fd.ui.export")

namespace fd {

namespace {
// lupdate files ExporterText::tr() strings under the context named here, the one they are looked up in.
struct ExporterText
{
    Q_DECLARE_TR_FUNCTIONS(fd::Exporter)
};

// Lanes in the report are as tall as on screen in presentation mode: readable rank labels.
constexpr int kReportLaneHeight = 22;

// One line of muted text at `at` (its top left); returns its height.
int paintCaption(QPainter& p, QPoint at, const QString& text, const QFont& font, const QPalette& palette)
{
    const QFontMetrics fm(font);
    p.save();
    p.setFont(font);
    p.setPen(palette.color(QPalette::PlaceholderText));
    p.drawText(QPoint(at.x(), at.y() + fm.ascent()), text);
    p.restore();
    return fm.height();
}
} // namespace

QString exportPicture(const PaintFunction& paint, QSize size, const QString& path, const QString& title)
{
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        QBuffer bytes;
        bytes.open(QIODevice::WriteOnly);
        QSvgGenerator svg;
        svg.setOutputDevice(&bytes);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(title);
        svg.setDescription(ExporterText::tr("Exported by FlightDeck"));
        QPainter p;
        if (!p.begin(&svg))
            return ExporterText::tr("Cannot write %1").arg(path);
        paint(p, size);
        p.end();
        if (QString error =
                writeOutputFile(path, std::string_view(bytes.data().constData(), std::size_t(bytes.size())));
            !error.isEmpty())
            return error;
    } else {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        {
            QPainter p(&image);
            p.setRenderHint(QPainter::Antialiasing);
            p.setRenderHint(QPainter::TextAntialiasing);
            paint(p, size);
        }
        if (QString error = writeImageFile(image, path); !error.isEmpty())
            return error;
    }
    qCInfo(lcExport) << "wrote" << path << size;
    return {};
}

QString exportWidget(QWidget* widget, const QString& path)
{
    return exportPicture([widget](QPainter& p, QSize) { widget->render(&p); }, widget->size(), path,
                         widget->accessibleName().isEmpty() ? widget->windowTitle()
                                                            : widget->accessibleName());
}

QString exportGraph(PgGraphView* graph, const QString& path)
{
    // Capped: a graph of thousands of PGs would otherwise make a picture no viewer opens.
    const QSize natural = graph->naturalSize().boundedTo(QSize(6000, 6000));
    const QSize size = natural.expandedTo(graph->viewport()->size());
    const QPalette palette = graph->palette();
    return exportPicture(
        [graph, palette](QPainter& p, QSize sz) {
            p.fillRect(QRect(QPoint(0, 0), sz), palette.color(QPalette::Base));
            graph->renderContents(p, QRectF(QPointF(0, 0), sz));
        },
        size, path, graph->accessibleName());
}

TimelineOptions reportTimelineOptions(const Session& session)
{
    TimelineOptions options;
    const std::uint32_t pg = session.analysis->divergencePg();
    if (!session.job || pg >= session.job->processGroups.size())
        return options;
    const std::vector<int>& members = session.job->processGroups[pg].ranks;
    const bool holdsEveryCulprit = std::all_of(
        session.analysis->culprits.begin(), session.analysis->culprits.end(),
        [&members](const Culprit& c) { return std::binary_search(members.begin(), members.end(), c.rank); });
    if (holdsEveryCulprit) {
        options.pgFilter = pg; // by its sequence ids: the frontier is one vertical line
        return options;
    }
    // Culprits outside the frontier PG (two broken GPUs in different TP groups, say) must have their lanes
    // too: every rank, culprits and their evidence peers pinned on top, by wall time where the dumps carry
    // it, the one x axis on which different PGs' ops line up.
    options.xMode = TimelineXMode::WallTime;
    return options;
}

TimelineLayout reportTimeline(const Session& session)
{
    return TimelineLayout(session, reportTimelineOptions(session));
}

void paintReport(QPainter& p, const Session& session, QSize size, const QPalette& palette)
{
    paintReport(p, session, reportTimeline(session), size, palette);
}

void paintReport(QPainter& p, const Session& session, const TimelineLayout& timeline, QSize size,
                 const QPalette& palette)
{
    p.fillRect(QRect(QPoint(0, 0), size), palette.color(QPalette::Base));
    const int margin = 16;
    const int width = size.width() - 2 * margin;

    VerdictBanner banner;
    banner.setPalette(palette);
    banner.setSession(session);
    banner.setFixedWidth(width);
    banner.resize(width, banner.sizeHint().height());
    banner.layout()->activate();
    const int bannerHeight =
        std::max(banner.minimumSizeHint().height(), banner.layout()->totalHeightForWidth(width));
    banner.resize(width, bannerHeight);
    p.save();
    p.translate(margin, margin);
    banner.render(&p, QPoint(), QRegion(), QWidget::DrawChildren | QWidget::DrawWindowBackground);
    p.restore();

    // The timeline strip first, as tall as its lanes need (capped), then the PG graph in all the room left,
    // laid out for that shape so its text stays readable.
    int y = margin + bannerHeight + margin;
    const QFont font = QCoreApplication::instance() ? QFont() : p.font();
    const QSize legend = paintLegend(&p, QPoint(margin, y), palette, font);
    y += legend.height() + 6;

    // One evidence panel per culprit's finding (up to 8, fewer when they would crowd out the pictures).
    if (session.analysis && !session.analysis->evidence.empty()) {
        const int room = (size.height() - y - margin) * 2 / 5;
        EvidenceSheet sheet;
        for (std::size_t panels = 8; panels > 0; --panels) {
            sheet = layoutEvidenceSheet(*session.analysis, font, width, panels);
            if (sheet.size.height() <= room)
                break;
        }
        paintEvidenceSheet(p, QPoint(margin, y), sheet, *session.analysis, font, palette);
        y += sheet.size.height() + margin;
    }

    const int lanes = int(std::max<std::size_t>(1, timeline.rows().size()));
    const int remaining = size.height() - y - margin;
    // A third of the room at most: the graph below needs the rest for readable node text.
    const int timelineHeight =
        std::min(TimelineViewport::kRulerHeight + lanes * kReportLaneHeight + 2, remaining / 3);
    p.save();
    p.translate(margin, y);
    p.setFont(font);
    const auto [start, end] = timeline.evidenceRange();
    paintTimelinePicture(p, timeline, QSize(width, timelineHeight), palette, start, end);
    p.restore();
    y += timelineHeight + margin;

    QRectF graphArea(margin, y, width, size.height() - y - margin);
    PgGraphView graph;
    graph.setPalette(palette);
    graph.setTargetAspect(graphArea.width() / std::max(1.0, graphArea.height()));
    graph.setSessionNow(session);
    // A graph too large to read at this size (a Megatron job's dozens of PGs) shows the causal chain only,
    // where the story is, and says so.
    if (session.job && graph.renderScale(graphArea.size()) < PgGraphView::kMinReadableScale) {
        std::vector<std::uint32_t> causal = session.analysis->causalPgs();
        if (!causal.empty() && causal.size() < session.job->processGroups.size()) {
            const QString caption =
                ExporterText::tr("Process groups of the causal chain: the culprits' and the "
                                 "frontier's, and those blocked behind them (%1 of %2; the app "
                                 "shows them all)")
                    .arg(causal.size())
                    .arg(session.job->processGroups.size());
            const int captionHeight = paintCaption(p, graphArea.topLeft().toPoint(), caption, font, palette);
            graphArea.setTop(graphArea.top() + captionHeight + 6);
            // The part first: each call lays the graph out again (on the GUI thread), and a layout of the
            // whole graph for the new aspect would be thrown away at once.
            graph.setOnlyPgs(std::move(causal));
            graph.setTargetAspect(graphArea.width() / std::max(1.0, graphArea.height()));
        }
    }
    graph.renderContents(p, graphArea);
}

QImage renderReportImage(const Session& session, QSize size, const QPalette& palette)
{
    return renderReportImage(session, reportTimeline(session), size, palette);
}

QImage renderReportImage(const Session& session, const TimelineLayout& timeline, QSize size,
                         const QPalette& palette)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(palette.color(QPalette::Base));
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    paintReport(p, session, timeline, size, palette);
    return image;
}

QString writeImageFile(const QImage& image, const QString& path)
{
    QBuffer bytes;
    bytes.open(QIODevice::WriteOnly);
    const QByteArray format = QFileInfo(path).suffix().toLower().toLatin1();
    if (!image.save(&bytes, format.isEmpty() ? "png" : format.constData()))
        return ExporterText::tr("Cannot write %1").arg(path);
    return writeOutputFile(path, std::string_view(bytes.data().constData(), std::size_t(bytes.size())));
}

QString writeJsonReport(const Session& session, const QString& path, const std::optional<ReportLlm>& llm,
                        const std::optional<SnapshotProgress>& progress)
{
    if (!session.job)
        return ExporterText::tr("Nothing to report: no job is open");
    Report report = makeReport(session.analysis);
    report.llm = llm;
    report.progress = progress;
    return writeReportFile(report, path);
}

} // namespace fd
