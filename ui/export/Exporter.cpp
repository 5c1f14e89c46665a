#include "Exporter.h"

#include "details/VerdictBanner.h"
#include "graph/PgGraphView.h"
#include "timeline/TimelineLegend.h"
#include "timeline/TimelineView.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLayout>
#include <QLoggingCategory>
#include <QPainter>
#include <QSvgGenerator>

#ifdef FD_HAVE_REPORT
#include "report/ReportJson.h"
#endif

Q_LOGGING_CATEGORY(lcExport, "fd.ui.export")

namespace fd {

namespace {
QString tr(const char* text)
{
    return QCoreApplication::translate("fd::Exporter", text);
}
} // namespace

QString exportPicture(const PaintFunction& paint, QSize size, const QString& path, const QString& title)
{
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(title);
        svg.setDescription(tr("Exported by FlightDeck"));
        QPainter p;
        if (!p.begin(&svg))
            return tr("Cannot write %1").arg(path);
        paint(p, size);
        p.end();
    } else {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        {
            QPainter p(&image);
            p.setRenderHint(QPainter::Antialiasing);
            p.setRenderHint(QPainter::TextAntialiasing);
            paint(p, size);
        }
        if (!image.save(path))
            return tr("Cannot write %1").arg(path);
    }
    qCInfo(lcExport) << "wrote" << path << size;
    return {};
}

QString exportWidget(QWidget* widget, const QString& path)
{
    return exportPicture([widget](QPainter& p, QSize) { widget->render(&p); }, widget->size(), path,
                         widget->accessibleName().isEmpty() ? widget->windowTitle() : widget->accessibleName());
}

void paintReport(QPainter& p, const Session& session, QSize size, const QPalette& palette)
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
    const int bannerHeight = std::max(banner.minimumSizeHint().height(), banner.layout()->totalHeightForWidth(width));
    banner.resize(width, bannerHeight);
    p.save();
    p.translate(margin, margin);
    banner.render(&p, QPoint(), QRegion(), QWidget::DrawChildren | QWidget::DrawWindowBackground);
    p.restore();

    // The graph on the left (tall: one band per kind of PG), the timeline with its legend on the right.
    const int top = margin + bannerHeight + margin;
    const int graphWidth = width * 2 / 5;
    PgGraphView graph;
    graph.setPalette(palette);
    graph.setSession(session);
    graph.renderContents(p, QRectF(margin, top, graphWidth, size.height() - top - margin));

    const int left = margin + graphWidth + margin;
    const int timelineWidth = size.width() - left - margin;
    int y = top;

    const QFont font = QCoreApplication::instance() ? QFont() : p.font();
    const QSize legend = paintLegend(&p, QPoint(left, y), palette, font);
    y += legend.height() + 8;

    TimelineView timeline;
    timeline.setPalette(palette);
    timeline.resize(timelineWidth, size.height() - y - margin);
    timeline.setSession(session);
    if (session.hl().hasFrontier()) {
        TimelineOptions o;
        o.pgFilter = session.hl().frontierPg;
        timeline.setOptions(o);
    }
    p.save();
    p.translate(left, y);
    timeline.renderContents(p, QSize(timelineWidth, size.height() - y - margin));
    p.restore();
}

QImage renderReportImage(const Session& session, QSize size, const QPalette& palette)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(palette.color(QPalette::Base));
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    paintReport(p, session, size, palette);
    return image;
}

QString writeJsonReport(const Session& session, const QString& path, const std::optional<ReportLlm>& llm)
{
#ifdef FD_HAVE_REPORT
    if (!session.job)
        return tr("Nothing to report: no job is open");
    Report report = makeReport(*session.job, session.analysis);
    report.generator = QStringLiteral("flightdeck " FLIGHTDECK_VERSION);
    report.llm = llm;
    return writeReportFile(report, path);
#else
    Q_UNUSED(session);
    Q_UNUSED(llm);
    return tr("This build has no JSON report writer: cannot write %1").arg(path);
#endif
}

} // namespace fd
