#include "MainWindow.h"

#include "HelpOverlay.h"
#include "RecentJobs.h"
#include "Selection.h"
#include "core/pipeline/Pipeline.h"
#include "ui/charts/DurationChart.h"
#include "ui/charts/ProgressChart.h"
#include "ui/charts/StragglerChart.h"
#include "ui/details/DetailsPanel.h"
#include "ui/details/TableViews.h"
#include "ui/details/VerdictBanner.h"
#include "ui/evidence/EvidencePanel.h"
#include "ui/explain/ExplainPanel.h"
#include "ui/export/Exporter.h"
#include "ui/graph/PgGraphView.h"
#include "ui/models/CollectiveModel.h"
#include "ui/models/FilesModel.h"
#include "ui/models/FindingsModel.h"
#include "ui/models/LoadProblemsModel.h"
#include "ui/models/ProcessGroupModel.h"
#include "ui/models/RankModel.h"
#include "ui/session/LoadController.h"
#include "ui/support/SteppedWork.h"
#include "ui/timeline/TimelineControls.h"
#include "ui/timeline/TimelineLegend.h"
#include "ui/timeline/TimelineSettings.h"
#include "ui/timeline/TimelineView.h"

#include <QAbstractProxyModel>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace fd {

namespace {
// Maps a click in a (possibly sorted) table back to the source model's row.
QModelIndex sourceIndex(const QModelIndex& index)
{
    if (auto* proxy = qobject_cast<const QAbstractProxyModel*>(index.model()))
        return proxy->mapToSource(index);
    return index;
}
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_selection(new Selection(this)), m_loader(new LoadController(this)),
      m_banner(new VerdictBanner(this)), m_controls(new TimelineControls(this)),
      m_timeline(new TimelineView(this)), m_graph(new PgGraphView(this)), m_details(new DetailsPanel(this)),
      m_progressChart(new ProgressChart(this)), m_durationChart(new DurationChart(this)),
      m_stragglerChart(new StragglerChart(this)), m_ranks(new RankModel(this)),
      m_pgs(new ProcessGroupModel(this)), m_collectives(new CollectiveModel(this)),
      m_findings(new FindingsModel(this)), m_problems(new LoadProblemsModel(this)),
      m_files(new FilesModel(this)), m_help(nullptr), m_statusLabel(new QLabel(this)),
      m_progress(new QProgressBar(this)), m_cancel(new QPushButton(tr("Cancel"), this)),
      m_viewSteps(new SteppedWork(this))
{
    setWindowTitle(tr("FlightDeck"));
    setWindowIcon(QIcon(QStringLiteral(":/flightdeck/icons/flightdeck.svg")));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    buildCentral();
    buildDocks();
    buildActions();
    buildStatusBar();
    m_help = new HelpOverlay(this);

    connect(m_loader, &LoadController::started, this, [this](const QString& what) {
        m_banner->setLoading(tr("Reading %1 …").arg(what));
        m_statusLabel->setText(tr("Loading %1").arg(what));
        m_progress->setRange(0, 0);
        m_progress->show();
        m_cancel->show();
    });
    connect(m_loader, &LoadController::progress, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });
    connect(m_loader, &LoadController::analysing, this, [this] {
        m_statusLabel->setText(tr("Analysing …"));
        m_progress->setRange(0, 0);
    });
    auto idle = [this](const QString& message) {
        m_progress->hide();
        m_cancel->hide();
        m_statusLabel->setText(message);
        m_banner->setSession(m_session);
    };
    connect(m_loader, &LoadController::sessionReady, this, [this, idle](const Session& s) {
        setSession(s);
        idle(tr("%n dump(s), %1 entries", nullptr, int(s.job->dumps.size())).arg(s.job->entryCount()));
        m_recent->remember(s.job->source);
        showLoadProblemsIfAny();
    });
    connect(m_loader, &LoadController::cancelled, this, [idle, this] { idle(tr("Loading cancelled")); });
    connect(m_loader, &LoadController::failed, this, [idle](const QString& m) { idle(m); });
    connect(m_cancel, &QPushButton::clicked, m_loader, &LoadController::cancel);

    connect(m_timeline, &TimelineView::boxClicked, this,
            [this](int rank, std::uint32_t pg, std::int64_t seq, bool p2p) {
                selectCollective(pg, seq, p2p, rank);
            });
    connect(m_timeline, &TimelineView::olderEntryClicked, this,
            [this](const HistoryEntryRef& entry, const QString& title) {
                m_selection->clearCollective(); // clicking the collective shown before selects it again
                m_details->showOlderEntry(entry);
                statusBar()->showMessage(title, 5000);
            });
    connect(m_graph, &PgGraphView::pgClicked, this, &MainWindow::selectPg);
    connect(m_stragglerChart, &StragglerChart::rankClicked, this, &MainWindow::selectRank);
    connect(m_controls, &TimelineControls::optionsChanged, this, [this](const TimelineOptions& o) {
        saveTimelineOptions(o);
        m_timeline->setOptions(o);
        m_selection->selectPg(o.pgFilter);
    });
    connectSelection();

    connect(m_timeline, &TimelineView::laneHeightChanged, this, [this](double pixels) {
        if (!m_presentation) // presentation mode's large lanes are not the user's choice
            saveTimelineLaneHeight(pixels);
    });
    const TimelinePrefs prefs = loadTimelinePrefs();
    m_controls->setXMode(prefs.xMode);
    m_controls->setLaneOrder(prefs.order);
    m_timeline->setLaneHeight(prefs.laneHeight);

    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    setSession(Session{});
}

MainWindow::~MainWindow() = default;

void MainWindow::buildCentral()
{
    auto* timelinePane = new QWidget(this);
    auto* tl = new QVBoxLayout(timelinePane);
    tl->setContentsMargins(0, 0, 0, 0);
    tl->addWidget(m_controls);
    tl->addWidget(new TimelineLegend(timelinePane));
    tl->addWidget(m_timeline, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("centralSplitter"));
    split->addWidget(timelinePane);
    split->addWidget(m_graph);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_banner);
    layout->addWidget(split, 1);
    setCentralWidget(central);
}

QDockWidget* MainWindow::addDock(const QString& title, const QString& name, QWidget* widget,
                                 Qt::DockWidgetArea area)
{
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(name);
    dock->setWidget(widget);
    addDockWidget(area, dock);
    return dock;
}

void MainWindow::buildDocks()
{
    auto* details =
        addDock(tr("Details"), QStringLiteral("detailsDock"), m_details, Qt::BottomDockWidgetArea);
    m_collectivesView = makeTableView(m_collectives, this, true);
    auto* collectives = addDock(tr("Collectives"), QStringLiteral("collectivesDock"), m_collectivesView,
                                Qt::BottomDockWidgetArea);
    auto* findingsView = makeTableView(m_findings, this, true);
    auto* findings =
        addDock(tr("Findings"), QStringLiteral("findingsDock"), findingsView, Qt::BottomDockWidgetArea);
    auto* ranksView = makeTableView(m_ranks, this, true);
    auto* ranks = addDock(tr("Ranks"), QStringLiteral("ranksDock"), ranksView, Qt::BottomDockWidgetArea);
    auto* pgsView = makeTableView(m_pgs, this, true);
    auto* pgs = addDock(tr("Process groups"), QStringLiteral("pgsDock"), pgsView, Qt::BottomDockWidgetArea);
    auto* charts = new QTabWidget(this);
    charts->addTab(m_progressChart, tr("Progress"));
    charts->addTab(m_durationChart, tr("Durations"));
    charts->addTab(m_stragglerChart, tr("Stragglers"));
    auto* chartsDock = addDock(tr("Charts"), QStringLiteral("chartsDock"), charts, Qt::BottomDockWidgetArea);
    m_problemsView = makeTableView(m_problems, this, true);
    m_problemsDock = addDock(tr("Load problems"), QStringLiteral("problemsDock"), m_problemsView,
                             Qt::BottomDockWidgetArea);
    tabifyDockWidget(details, collectives);
    tabifyDockWidget(details, findings);
    tabifyDockWidget(details, ranks);
    tabifyDockWidget(details, pgs);
    tabifyDockWidget(details, chartsDock);
    tabifyDockWidget(details, m_problemsDock);
    // What the analysis rests on: every file discovery looked at, and why one was skipped or not read.
    QTableView* filesView = makeTableView(m_files, this, true);
    filesView->sortByColumn(FilesModel::RankColumn, Qt::AscendingOrder);
    // Paths below the opened folder ("node01/_dump_11") read whole; the reason column takes the rest.
    filesView->setColumnWidth(FilesModel::FileColumn,
                              filesView->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 36);
    auto* files = addDock(tr("Files"), QStringLiteral("filesDock"), filesView, Qt::BottomDockWidgetArea);
    tabifyDockWidget(details, files);
    // The cells each finding rests on, next to the details of the collective they are about.
    m_evidence = new EvidencePanel(this);
    m_evidenceDock =
        addDock(tr("Evidence"), QStringLiteral("evidenceDock"), m_evidence, Qt::BottomDockWidgetArea);
    tabifyDockWidget(details, m_evidenceDock);
    // The narrative sits beside the pictures, not under a tab: it is read next to the verdict.
    m_explain = new ExplainPanel(this);
    addDock(tr("Explain"), QStringLiteral("explainDock"), m_explain, Qt::RightDockWidgetArea);
    connect(m_explain, &ExplainPanel::answerReady, this,
            [this](const LlmAnswer& answer, const RankAgreement& agreement) {
                m_llm = fd::llmSection(answer, agreement, m_explain->settings());
            });
    details->raise();
    // The pictures are the point: the docks start low.
    resizeDocks({details}, {240}, Qt::Vertical);

    connect(m_collectivesView, &QTableView::clicked, this, [this](const QModelIndex& i) {
        const QModelIndex s = sourceIndex(i);
        selectCollective(s.data(ItemRoles::PgIndexRole).value<std::uint32_t>(),
                         s.data(ItemRoles::SeqRole).toLongLong(), s.data(ItemRoles::P2pRole).toBool(), -1);
    });
    connect(findingsView, &QTableView::clicked, this, [this](const QModelIndex& i) {
        const QModelIndex s = sourceIndex(i);
        const auto pg = s.data(ItemRoles::PgIndexRole).value<std::uint32_t>();
        const auto seq = s.data(ItemRoles::SeqRole).toLongLong();
        if (pg != kNoPg) {
            selectPg(pg);
            if (seq != Entry::kAbsent)
                selectCollective(pg, seq, false, -1);
        }
    });
    connect(pgsView, &QTableView::clicked, this, [this](const QModelIndex& i) {
        selectPg(sourceIndex(i).data(ItemRoles::PgIndexRole).value<std::uint32_t>());
    });
}

void MainWindow::buildStatusBar()
{
    m_progress->setMaximumWidth(220);
    m_progress->hide();
    m_cancel->hide();
    statusBar()->addWidget(m_statusLabel, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
}

void MainWindow::openPath(const QString& path)
{
    m_loader->openPath(path);
}

void MainWindow::openPaths(const QStringList& paths)
{
    m_loader->openUrls(paths);
}

void MainWindow::setSession(const Session& session)
{
    m_session = session;
    m_llm.reset();
    m_selection->clearCollective();
    // The verdict first: on a large job it is on screen before the views below are built.
    m_banner->setSession(session);
    m_controls->setSession(session);
    m_problems->setSession(session); // a few rows; showLoadProblemsIfAny() reads it at once
    setWindowTitle(session.job ? tr("%1 — FlightDeck").arg(session.job->source) : tr("FlightDeck"));
    // No dump read: no analysis to explain (the banner and Load problems say why).
    const std::shared_ptr<const Analysis> analysis =
        session.isEmpty() || session.job->dumps.empty() ? nullptr : session.analysis;
    TimelineOptions kept; // the preferences (x axis, lane order) carry over to the new session
    kept.xMode = m_controls->options().xMode;
    kept.order = m_controls->options().order;
    // Each step is one event-loop turn on a large job: tables of a 1024-rank job reset in tens of
    // milliseconds each, and together they held the GUI thread for 300 ms (tools/bench-gui).
    std::vector<SteppedWork::Step> steps = {
        [this, analysis] {
            m_explain->setAnalysis(analysis); // null clears the panel
            m_evidence->setAnalysis(analysis);
            if (analysis && !analysis->evidence.empty())
                m_evidenceDock->raise(); // a finding: its proof is what to read first
        },
        [this, session, kept] { m_timeline->setSession(session, kept); }, // these three compute on workers
        [this, session] { m_graph->setSession(session); },
        [this, session] {
            m_progressChart->setSession(session);
            m_durationChart->setSession(session);
            m_stragglerChart->setSession(session);
        },
        [this, session] { m_details->setSession(session); },
    };
    for (SessionTableModel* m :
         std::initializer_list<SessionTableModel*>{m_ranks, m_pgs, m_collectives, m_findings, m_files})
        steps.emplace_back([m, session] { m->setSession(session); });
    // Start where the problem is: the frontier collective selected, its lanes visible.
    steps.emplace_back([this, session] {
        if (const FrontierItem* frontier = session.analysis->divergence(); session.job && frontier) {
            const int culprit =
                session.analysis->culprits.empty() ? -1 : session.analysis->culprits.front().rank;
            selectCollective(frontier->pgIndex, frontier->seqId, frontier->isP2p, culprit);
        }
    });
    m_viewSteps->start(std::move(steps), !session.job || fitsInline(session.job->entryCount()));
}

void MainWindow::connectSelection()
{
    connect(m_selection, &Selection::pgChanged, this, [this](std::uint32_t pg) {
        m_controls->setPgFilter(pg); // the timeline follows through optionsChanged
        m_graph->setSelectedPg(pg);
        m_collectives->setPgFilter(pg);
    });
    connect(m_selection, &Selection::pgShown, this, [this](std::uint32_t pg) {
        m_progressChart->setPg(pg);
        m_durationChart->setPg(pg);
    });
    connect(m_selection, &Selection::collectiveChanged, this, [this](const Selection::Collective& c) {
        m_timeline->setSelectedCollective(c.pgIndex, c.p2p ? Entry::kAbsent : c.seq, c.rank);
        m_details->showCollective(c.pgIndex, c.seq, c.p2p, c.rank);
        if (auto* proxy = qobject_cast<QAbstractProxyModel*>(m_collectivesView->model())) {
            const int row = m_collectives->rowOf(c.pgIndex, c.seq, c.p2p);
            if (row >= 0)
                m_collectivesView->setCurrentIndex(proxy->mapFromSource(m_collectives->index(row, 0)));
        }
        statusBar()->showMessage(m_details->title(), 5000);
    });
}

void MainWindow::selectPg(std::uint32_t pgIndex)
{
    m_selection->selectPg(pgIndex);
}

void MainWindow::selectCollective(std::uint32_t pgIndex, std::int64_t seq, bool p2p, int rank)
{
    m_selection->selectCollective({pgIndex, seq, p2p, rank});
}

void MainWindow::selectRank(int rank)
{
    if (!m_session.job || !m_session.analysis)
        return;
    const RankLateness* latest = nullptr;
    for (const RankLateness& l : m_session.analysis->lateness.perPg)
        if (l.rank == rank && (!latest || l.medianMs > latest->medianMs))
            latest = &l;
    const RankDump* dump = m_session.job->dumpForRank(rank);
    if (!latest || !dump)
        return;
    for (auto it = dump->entries.rbegin(); it != dump->entries.rend(); ++it)
        if (it->pgIndex == latest->pgIndex && !it->isP2p && it->collectiveSeqId != Entry::kAbsent)
            return selectCollective(latest->pgIndex, it->collectiveSeqId, false, rank);
}

void MainWindow::showLoadProblemsIfAny()
{
    // Per-file errors go to their panel, never to a stream of dialogs.
    if (m_problems->errorCount() > 0) {
        m_problemsDock->show();
        m_problemsDock->raise();
        statusBar()->showMessage(
            tr("%n file(s) could not be read: see Load problems", nullptr, m_problems->errorCount()));
    }
}

void MainWindow::setPresentationMode(bool on)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    if (on) {
        // Review meetings: the verdict and the two pictures, large, nothing else.
        m_stateBeforePresentation = saveState();
        m_fontBeforePresentation = centralWidget()->font();
        for (QDockWidget* dock : findChildren<QDockWidget*>())
            dock->hide();
        for (QToolBar* bar : findChildren<QToolBar*>())
            bar->hide();
        menuBar()->hide();
        statusBar()->hide();
        m_controls->hide();
        QFont big = m_fontBeforePresentation;
        big.setPointSizeF(big.pointSizeF() * 1.5);
        centralWidget()->setFont(big);
        m_laneHeightBeforePresentation = m_timeline->viewportState().laneHeight;
        m_timeline->setLaneHeight(28);
        showFullScreen();
    } else {
        centralWidget()->setFont(m_fontBeforePresentation);
        menuBar()->show();
        statusBar()->show();
        m_controls->show();
        restoreState(m_stateBeforePresentation);
        m_timeline->setLaneHeight(m_laneHeightBeforePresentation);
        showNormal();
    }
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        for (const QUrl& url : event->mimeData()->urls())
            if (url.isLocalFile()) {
                event->acceptProposedAction();
                return;
            }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    openPaths(paths);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_presentation)
        setPresentationMode(false);
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    m_loader->cancel();
    QMainWindow::closeEvent(event);
}

} // namespace fd
