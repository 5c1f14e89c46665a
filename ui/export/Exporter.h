#pragma once

#include "core/report/Report.h"
#include "ui/session/Session.h"
#include "ui/timeline/TimelineLayout.h"

#include <QImage>
#include <QPalette>
#include <QString>

#include <functional>

class QPainter;
class QWidget;

namespace fd {

class PgGraphView;

using PaintFunction = std::function<void(QPainter& painter, QSize size)>;

// Writes what `paint` draws at `size` to `path`: SVG (vector, QSvgGenerator) when the name ends in .svg,
// else a raster image (PNG). Works offscreen. Returns an error message, empty on success.
QString exportPicture(const PaintFunction& paint, QSize size, const QString& path, const QString& title);
// Any widget as it looks now (QWidget::render), PNG or SVG by suffix.
QString exportWidget(QWidget* widget, const QString& path);
// The whole PG graph at (at least) its natural size, so node text is as large as on screen at 100%
// whatever the view's zoom; PNG or SVG by suffix.
QString exportGraph(PgGraphView* graph, const QString& path);

// The one-page report: verdict and reason on top, the legend, one evidence panel per finding (up to 8, the
// culprits' own first), the timeline on the evidence (reportTimelineOptions) and the PG graph.
// The report's timeline strip: filtered to the frontier PG when it holds every culprit, else every rank by
// wall time, so that each culprit has a lane.
TimelineOptions reportTimelineOptions(const Session& session);
// That strip's lanes: the costly part of the report on a large job (pure data: build it on a worker).
TimelineLayout reportTimeline(const Session& session);
QImage renderReportImage(const Session& session, QSize size = {1800, 1500}, const QPalette& palette = {});
void paintReport(QPainter& painter, const Session& session, QSize size, const QPalette& palette);
// The same with the strip's lanes built beforehand (reportTimeline()).
QImage renderReportImage(const Session& session, const TimelineLayout& timeline, QSize size,
                         const QPalette& palette);
void paintReport(QPainter& painter, const Session& session, const TimelineLayout& timeline, QSize size,
                 const QPalette& palette);

// `image` encoded by `path`'s suffix (PNG when it has none) and written whole or not at all
// (core/exporting/OutputFile.h: a full disk leaves no partial file). Returns an error naming the file and the
// reason, empty on success.
QString writeImageFile(const QImage& image, const QString& path);

// The JSON report, same schema as flightdeck-cli (core/report), with the Explain panel's answer as its "llm"
// section and the comparison with the snapshot before as its "progress" when there are. Returns an error
// message, empty on success.
QString writeJsonReport(const Session& session, const QString& path, const std::optional<ReportLlm>& llm = {},
                        const std::optional<SnapshotProgress>& progress = {});

} // namespace fd
