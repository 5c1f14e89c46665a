#include "LoadController.h"

#include "core/capture/CaptureAnalysis.h"
#include "core/io/ArchiveReader.h"
#include "core/io/DumpDiscovery.h"
#include "core/pipeline/PipelineRunner.h"

#include <QFileInfo>
#include <QLoggingCategory>

#include <algorithm>

Q_LOGGING_CATEGORY(lcLoad, "fd.ui.load")

namespace fd {

namespace {
// The views draw every entry's times; an entry's origin (thread, stack) only when it is selected, and the
// details view then reads that rank's origins again (io/RankOrigins.h). Loading without them is what lets the
// GUI load a job nearly as fast as the CLI (docs/performance.md).
constexpr DetailLevel kGuiDetails = DetailLevel::Times;
} // namespace

LoadController::LoadController(QObject* parent) : QObject(parent), m_runner(new PipelineRunner(this))
{
    connect(m_runner, &PipelineRunner::progress, this, &LoadController::progress);
    connect(m_runner, &PipelineRunner::analysing, this, &LoadController::analysing);
    connect(m_runner, &PipelineRunner::finished, this, &LoadController::onFinished);
}

LoadController::~LoadController() = default;

void LoadController::begin(const QString& what, const LoadRequest& request)
{
    m_busy = true;
    m_what = what;
    qCInfo(lcLoad) << "opening" << what;
    Q_EMIT started(what);
    LoadRequest withWorld = request;
    withWorld.options.facts.worldSize = m_worldSize;
    withWorld.options.details = kGuiDetails;
    m_runner->start(withWorld); // supersedes a run in progress
}

void LoadController::openPath(const QString& path)
{
    LoadRequest request;
    request.options.frPath = path;
    begin(path, request);
}

void LoadController::openCapture(const CaptureResult& capture)
{
    LoadRequest request;
    request.options.frPath = capture.folder;
    request.options.facts.ranksWithoutDump = ranksWithoutDump(capture);
    begin(capture.folder, request);
}

void LoadController::openUrls(const QStringList& paths)
{
    if (paths.size() == 1) {
        openPath(paths.front());
        return;
    }
    LoadRequest request;
    for (const QString& p : paths) {
        if (QFileInfo(p).isDir() || isArchivePath(p)) {
            openJobAmong(p, paths); // a directory or an archive among files: that is what was meant
            return;
        }
        request.files.push_back({p, rankFromFileName(QFileInfo(p).fileName()), {}});
    }
    std::sort(request.files.begin(), request.files.end(),
              [](const DumpFile& a, const DumpFile& b) { return a.rank < b.rank; });
    begin(tr("%n file(s)", nullptr, int(request.files.size())), request);
}

void LoadController::openJobAmong(const QString& job, const QStringList& dropped)
{
    QStringList ignored = dropped;
    ignored.removeOne(job);
    LoadRequest request;
    request.options.frPath = job;
    // One job at a time: the rest of what was dropped is named in Load problems, not silently lost.
    const QString warning =
        tr("%n item(s) dropped together; opened %1 only (one job at a time). Not opened: %2", nullptr,
           int(dropped.size()))
            .arg(job, ignored.join(QStringLiteral(", ")));
    request.options.facts.warnings.push_back(warning);
    begin(job, request);
}

void LoadController::cancel()
{
    if (!m_busy)
        return;
    m_runner->cancel(); // an analysis already running finishes unseen
    m_busy = false;
    Q_EMIT cancelled();
}

void LoadController::onFinished(const AnalysedJob& run)
{
    m_busy = false;
    if (!run.job) { // the runner delivers no cancelled run; kept so that a change there cannot go unnoticed
        Q_EMIT failed(tr("Could not load %1").arg(m_what));
        return;
    }
    qCInfo(lcLoad) << "loaded in" << run.loadMs << "ms, analysed in" << run.analyseMs << "ms";
    Q_EMIT sessionReady(Session(run));
}

Session LoadController::loadBlocking(const QString& path, QString* error)
{
    LoadRequest request;
    request.options.frPath = path;
    request.options.details = kGuiDetails;
    const AnalysedJob run = loadAndAnalyse(request);
    if (!run.usable() && error) {
        *error = tr("No dump could be read from %1").arg(path);
        if (run.job && !run.job->errors.empty())
            *error += QStringLiteral(": ") + run.job->errors.front().toString();
    }
    return Session(run);
}

} // namespace fd
