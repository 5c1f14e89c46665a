// MainWindow's menus, toolbar and the export dialogs they open (the window itself is in MainWindow.cpp).
#include "MainWindow.h"

#include "HelpOverlay.h"
#include "RecentJobs.h"
#include "core/io/ArchiveReader.h"
#include "core/report/TraceExport.h"
#include "ui/about/AboutDialog.h"
#include "ui/capture/LiveActions.h"
#include "ui/charts/DurationChart.h"
#include "ui/charts/ProgressChart.h"
#include "ui/charts/StragglerChart.h"
#include "ui/details/VerdictBanner.h"
#include "ui/evidence/EvidencePanel.h"
#include "ui/explain/ExplainPanel.h"
#include "ui/export/Exporter.h"
#include "ui/graph/PgGraphView.h"
#include "ui/support/BackgroundRelease.h"
#include "ui/timeline/TimelineControls.h"
#include "ui/timeline/TimelineView.h"

#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QShortcut>
#include <QStatusBar>
#include <QToolBar>

namespace fd {

void MainWindow::buildActions()
{
    auto* file = menuBar()->addMenu(tr("&File"));
    auto* open = file->addAction(QIcon::fromTheme(QStringLiteral("document-open")),
                                 tr("&Open directory or prefix…"), QKeySequence::Open, this, [this] {
                                     const QString dir =
                                         QFileDialog::getExistingDirectory(this, tr("Open dump directory"));
                                     if (!dir.isEmpty())
                                         openPath(dir);
                                 });
    file->addAction(tr("Open &archive…"), this, [this] {
        const QString filter = tr("Archives of dumps (%1)").arg(archiveNameFilters().join(QLatin1Char(' ')));
        const QString archive =
            QFileDialog::getOpenFileName(this, tr("Open archive of dumps"), QString(), filter);
        if (!archive.isEmpty())
            openPath(archive); // read in place, never unpacked (docs/archives.md)
    });
    file->addAction(tr("Open &files…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(this, tr("Open dump files"));
        if (!files.isEmpty())
            openPaths(files);
    });
    m_recent = new RecentJobs(
        file->addMenu(tr("Open &recent")), [this](const QString& path) { openPath(path); }, this);
    file->addSeparator();
    m_live = new LiveActions(this, file, m_loader);
    // Two snapshots of the open job compared: the banner says hung or advancing, the evidence shows both.
    connect(m_live, &LiveActions::progressFound, m_banner, &VerdictBanner::setProgress);
    connect(m_live, &LiveActions::progressFound, m_evidence, &EvidencePanel::setProgress);
    file->addSeparator();
    auto* exportReportAction =
        file->addAction(tr("&Export report (PNG + JSON)…"), QKeySequence(Qt::CTRL | Qt::Key_E), this,
                        &MainWindow::exportReportDialog);
    connect(this, &MainWindow::reportExported, this,
            [this](const QString& png, const QString& json, const QString& error) {
                if (!error.isEmpty()) { // window-modal, without a nested event loop
                    auto* box = new QMessageBox(QMessageBox::Warning, tr("Export report"), error,
                                                QMessageBox::Ok, this);
                    box->setAttribute(Qt::WA_DeleteOnClose);
                    box->open();
                } else
                    statusBar()->showMessage(tr("Wrote %1 and %2").arg(png, json), 5000);
            });
    connect(this, &MainWindow::traceExported, this, [this](const QString& path, const QString& error) {
        if (error.isEmpty()) {
            statusBar()->showMessage(
                tr("Trace written to %1: open it in the Perfetto UI (ui.perfetto.dev)").arg(path), 8000);
            return;
        }
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Export trace"), error, QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    auto* exportMenu = file->addMenu(tr("Export &view"));
    exportMenu->addAction(tr("Timeline…"), this, [this] { exportViewDialog(m_timeline); });
    exportMenu->addAction(tr("Process-group graph…"), this, [this] { exportViewDialog(m_graph); });
    exportMenu->addAction(tr("Progress chart…"), this, [this] { exportViewDialog(m_progressChart); });
    exportMenu->addAction(tr("Duration chart…"), this, [this] { exportViewDialog(m_durationChart); });
    exportMenu->addAction(tr("Stragglers chart…"), this, [this] { exportViewDialog(m_stragglerChart); });
    exportMenu->addAction(tr("Trace (Perfetto, chrome://tracing)…"), this, &MainWindow::exportTraceDialog);
    exportMenu->addAction(tr("Whole window…"), this, [this] { exportViewDialog(this); });
    auto* underMouse = new QShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), this);
    connect(underMouse, &QShortcut::activated, this, [this] {
        QWidget* w = QApplication::widgetAt(QCursor::pos());
        for (; w; w = w->parentWidget())
            if (w == m_timeline || w == m_graph || w == m_progressChart || w == m_durationChart)
                return exportViewDialog(w);
        exportViewDialog(this);
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    auto* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("Zoom &back"), QKeySequence(Qt::Key_Backspace), m_timeline, &TimelineView::zoomBack);
    view->addAction(tr("Back to the &evidence"), m_timeline, &TimelineView::resetZoom);
    // One key for the whole picture: every collective on the timeline, the whole graph.
    auto* showAll = view->addAction(tr("Show &all"), QKeySequence(Qt::Key_A), this, [this] {
        m_timeline->showAll();
        m_graph->fitAll();
    });
    showAll->setToolTip(tr("Show every collective and the whole graph (A)"));
    view->addAction(tr("Toggle x: sequence / wall &time"), QKeySequence(Qt::Key_T), m_controls,
                    &TimelineControls::toggleXMode);
    view->addAction(tr("Filter to the &frontier PG"), QKeySequence(Qt::Key_F), this,
                    [this] { selectPg(m_session.analysis->divergencePg()); });
    view->addAction(tr("&Clear PG filter"), QKeySequence(Qt::Key_Escape), this, [this] {
        if (m_help->isVisible())
            m_help->hide();
        else if (m_presentation)
            setPresentationMode(false);
        else
            selectPg(kNoPg);
    });
    view->addSeparator();
    auto* present = view->addAction(tr("&Presentation mode"), QKeySequence(Qt::Key_F5), this,
                                    [this] { setPresentationMode(!m_presentation); });
    view->addAction(tr("F&ull screen"), QKeySequence(Qt::Key_F11), this,
                    [this] { isFullScreen() ? showNormal() : showFullScreen(); });
    view->addAction(tr("Cycle &palette"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D), this, [this] {
        m_theme = nextTheme(m_theme);
        applyTheme(m_theme);
        statusBar()->showMessage(themeName(m_theme), 3000);
    });
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());

    menuBar()->addMenu(tr("&Settings"))->addAction(tr("&LLM…"), m_explain, &ExplainPanel::openSettings);
    auto* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard shortcuts"), QKeySequence(Qt::Key_Question), this,
                    [this] { m_help->toggle(); });
    help->addAction(tr("Keyboard shortcuts (F1)"), QKeySequence(Qt::Key_F1), this,
                    [this] { m_help->toggle(); });
    help->addAction(AboutDialog::createAction(this));

    auto* tools = addToolBar(tr("Main"));
    tools->setObjectName(QStringLiteral("mainToolBar"));
    tools->addAction(open);
    tools->addAction(exportReportAction);
    tools->addSeparator();
    tools->addAction(tr("Back"), m_timeline, &TimelineView::zoomBack)
        ->setToolTip(tr("Zoom back (Backspace)"));
    tools->addAction(tr("Evidence"), m_timeline, &TimelineView::resetZoom)
        ->setToolTip(tr("Back to the frontier and the collectives just before it (0)"));
    tools->addAction(showAll);
    tools->addSeparator();
    tools->addAction(present);
}

void MainWindow::exportTraceDialog()
{
    if (!m_session.job || !m_session.analysis)
        return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export trace"), QStringLiteral("flightdeck-trace.json"), tr("Trace-event JSON (*.json)"));
    if (!path.isEmpty())
        exportTraceInBackground(path);
}

void MainWindow::exportTraceInBackground(const QString& path)
{
    statusBar()->showMessage(tr("Writing the trace to %1 …").arg(path));
    m_traceWork.run(
        this, false,
        [session = m_session, path] {
            return writeTraceFile(*session.job, *session.analysis, {}, path).error;
        },
        [this, path](const QString& error) { Q_EMIT traceExported(path, error); });
}

bool MainWindow::exportReport(const QString& pngPath, const QString& jsonPath, QString* error)
{
    QString message;
    if (!pngPath.isEmpty())
        message = writeImageFile(renderReportImage(m_session, {1800, 1500}, palette()), pngPath);
    if (message.isEmpty() && !jsonPath.isEmpty())
        message = writeJsonReport(m_session, jsonPath, m_llm, m_evidence->progress());
    if (error)
        *error = message;
    return message.isEmpty();
}

void MainWindow::exportReportDialog()
{
    const QString png = QFileDialog::getSaveFileName(
        this, tr("Export report"), QStringLiteral("flightdeck-report.png"), tr("PNG image (*.png)"));
    if (png.isEmpty())
        return;
    const QString json = QFileInfo(png).path() + QLatin1Char('/') + QFileInfo(png).completeBaseName() +
                         QStringLiteral(".json");
    exportReportInBackground(png, json); // reportExported tells (buildActions)
}

void MainWindow::exportReportInBackground(const QString& pngPath, const QString& jsonPath)
{
    // Three hops: the timeline strip's lanes on a worker (121 ms on a 1024-rank job), the picture painted
    // here (its banner is a widget), the PNG encoded and both files written on a worker; reportExported
    // follows.
    auto write = [this, pngPath, jsonPath, session = m_session](const QImage& image) {
        m_exportWork.run(
            this, false,
            [image, pngPath, jsonPath, session, llm = m_llm, progress = m_evidence->progress()] {
                QString message;
                if (!pngPath.isEmpty())
                    message = writeImageFile(image, pngPath);
                if (message.isEmpty() && !jsonPath.isEmpty())
                    message = writeJsonReport(session, jsonPath, llm, progress);
                return message;
            },
            [this, pngPath, jsonPath](const QString& error) {
                Q_EMIT reportExported(pngPath, jsonPath, error);
            });
    };
    if (pngPath.isEmpty()) {
        write(QImage());
        return;
    }
    m_exportWork.run(
        this, false, [session = m_session] { return reportTimeline(session); },
        [this, write, session = m_session](TimelineLayout timeline) {
            const QImage image = renderReportImage(session, timeline, {1800, 1500}, palette());
            releaseInBackground(std::move(timeline));
            write(image);
        });
}

void MainWindow::exportViewDialog(QWidget* view)
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export view"), QStringLiteral("flightdeck-view.png"),
                                     tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (path.isEmpty())
        return;
    const QString error = view == m_graph ? exportGraph(m_graph, path) : exportWidget(view, path);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Export view"), error);
}

} // namespace fd
