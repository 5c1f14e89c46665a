#pragma once

#include "AppTheme.h"
#include "core/report/Report.h"
#include "ui/session/Session.h"
#include "ui/support/LatestResult.h"

#include <QMainWindow>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;
class QMenu;
class QDockWidget;

namespace fd {

class CollectiveModel;
class DetailsPanel;
class DurationChart;
class StragglerChart;
class EvidencePanel;
class ExplainPanel;
class FilesModel;
class FindingsModel;
class HelpOverlay;
class LiveActions;
class LoadController;
class LoadProblemsModel;
class PgGraphView;
class ProcessGroupModel;
class ProgressChart;
class RankModel;
class RecentJobs;
class SteppedWork;
class Selection;
class TimelineControls;
class TimelineView;
class VerdictBanner;

// The desktop debugger: verdict on top, timeline and PG graph side by side, docks for details, tables,
// charts and load problems. Every view follows one selection (a PG filter and a collective).
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    void openPath(const QString& path);
    void openPaths(const QStringList& paths);
    void setSession(const Session& session);
    const Session& session() const { return m_session; }

    // The selection every view follows (Selection.h).
    Selection* selection() const { return m_selection; }
    void selectPg(std::uint32_t pgIndex);
    void selectCollective(std::uint32_t pgIndex, std::int64_t seq, bool p2p, int rank);
    // A rank picked on its own (the Stragglers chart): its last collective in the PG it is latest in.
    void selectRank(int rank);
    // File > Export > Trace: the job as Chrome trace-event JSON (core/report/TraceExport.h), on a worker;
    // traceExported tells.
    void exportTraceDialog();
    void exportTraceInBackground(const QString& path);

    bool exportReport(const QString& pngPath, const QString& jsonPath, QString* error = nullptr);
    // The same without holding the GUI thread: the picture is painted here (its banner is a widget), then
    // the PNG is encoded and both files written on a worker; reportExported follows.
    void exportReportInBackground(const QString& pngPath, const QString& jsonPath);
    void setPresentationMode(bool on);
    bool isPresentationMode() const { return m_presentation; }

    TimelineView* timeline() const { return m_timeline; }
    PgGraphView* graph() const { return m_graph; }
    DetailsPanel* details() const { return m_details; }
    VerdictBanner* banner() const { return m_banner; }
    LoadController* loader() const { return m_loader; }
    QTableView* collectivesView() const { return m_collectivesView; }
    QTableView* problemsView() const { return m_problemsView; }
    TimelineControls* timelineControls() const { return m_controls; }
    HelpOverlay* helpOverlay() const { return m_help; }
    ExplainPanel* explainPanel() const { return m_explain; }
    EvidencePanel* evidencePanel() const { return m_evidence; }
    LiveActions* liveActions() const { return m_live; } // File › Capture from running job…, Watch folder…
    // The Explain panel's last complete answer for the current session, as the exported report carries it.
    const std::optional<ReportLlm>& llmSection() const { return m_llm; }

Q_SIGNALS:
    void reportExported(const QString& pngPath, const QString& jsonPath,
                        const QString& error);                     // error: "" if written
    void traceExported(const QString& path, const QString& error); // error: "" if written

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void buildCentral();
    void buildDocks();
    void buildActions();
    void buildStatusBar();
    // The views follow m_selection.
    void connectSelection();
    QDockWidget* addDock(const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area);
    void showLoadProblemsIfAny();
    void exportViewDialog(QWidget* view);
    void exportReportDialog();

    Session m_session;
    Selection* m_selection;
    LoadController* m_loader;
    VerdictBanner* m_banner;
    TimelineControls* m_controls;
    TimelineView* m_timeline;
    PgGraphView* m_graph;
    DetailsPanel* m_details;
    ProgressChart* m_progressChart;
    DurationChart* m_durationChart;
    StragglerChart* m_stragglerChart;
    RankModel* m_ranks;
    ProcessGroupModel* m_pgs;
    CollectiveModel* m_collectives;
    FindingsModel* m_findings;
    LoadProblemsModel* m_problems;
    FilesModel* m_files;
    QTableView* m_collectivesView = nullptr;
    QTableView* m_problemsView = nullptr;
    QDockWidget* m_problemsDock = nullptr;
    HelpOverlay* m_help;
    ExplainPanel* m_explain = nullptr;
    EvidencePanel* m_evidence = nullptr;
    QDockWidget* m_evidenceDock = nullptr;
    std::optional<ReportLlm> m_llm; // cleared with every new session: it narrated the previous one
    LatestResult m_exportWork;      // the report files being written
    LatestResult m_traceWork;       // the trace file being written
    RecentJobs* m_recent = nullptr;
    LiveActions* m_live = nullptr;
    QLabel* m_statusLabel;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    SteppedWork* m_viewSteps; // a new session's views, built after its verdict is shown
    bool m_presentation = false;
    QByteArray m_stateBeforePresentation;
    QFont m_fontBeforePresentation;
    double m_laneHeightBeforePresentation = 16;
    ThemeChoice m_theme = ThemeChoice::System;
};

} // namespace fd
