#include "LoadController.h"

#include "io/ArchiveReader.h"
#include "io/DumpDiscovery.h"
#include "io/JobLoader.h"
#include "pipeline/Pipeline.h"

#include <QFileInfo>
#include <QLoggingCategory>
#include <QPointer>
#include <QThread>
#include <QCoreApplication>

#include <algorithm>

Q_LOGGING_CATEGORY(lcLoad, "fd.ui.load")

namespace fd {

LoadController::LoadController(QObject* parent)
    : QObject(parent)
    , m_loader(new JobLoader(this))
{
    connect(m_loader, &JobLoader::progress, this, [this](int done, int total) { Q_EMIT progress(done, total); });
    connect(m_loader, &JobLoader::finished, this, &LoadController::onJobLoaded);
    connect(m_loader, &JobLoader::cancelled, this, [this] {
        m_busy = false;
        Q_EMIT cancelled();
    });
}

LoadController::~LoadController()
{
    m_loader->cancel();
}

void LoadController::begin(const QString& what)
{
    if (m_busy)
        m_loader->cancel();
    ++m_generation;
    m_busy = true;
    m_what = what;
    qCInfo(lcLoad) << "opening" << what;
    Q_EMIT started(what);
}

void LoadController::openPath(const QString& path)
{
    begin(path);
    LoadOptions options;
    options.frPath = path;
    m_loader->start(options);
}

void LoadController::openUrls(const QStringList& paths)
{
    if (paths.size() == 1) {
        openPath(paths.front());
        return;
    }
    std::vector<DumpFile> files;
    for (const QString& p : paths) {
        if (QFileInfo(p).isDir() || isArchivePath(p)) {
            openPath(p); // a directory or an archive among files: that is what was meant
            return;
        }
        files.push_back({p, rankFromFileName(QFileInfo(p).fileName()), {}});
    }
    std::sort(files.begin(), files.end(), [](const DumpFile& a, const DumpFile& b) { return a.rank < b.rank; });
    begin(tr("%n file(s)", nullptr, int(files.size())));
    m_loader->startFiles(files);
}

void LoadController::cancel()
{
    if (!m_busy)
        return;
    ++m_generation; // an analysis already running finishes unseen
    m_loader->cancel();
    m_busy = false;
    Q_EMIT cancelled();
}

void LoadController::onJobLoaded(std::shared_ptr<const Job> job)
{
    if (!m_busy)
        return;
    if (!job) {
        m_busy = false;
        Q_EMIT failed(tr("Could not load %1").arg(m_what));
        return;
    }
    Q_EMIT analysing();
    const quint64 generation = m_generation;
    QPointer<LoadController> self(this);
    // The analysis of a large job takes a while: keep it off the GUI thread too.
    QThread* thread = QThread::create([self, generation, job] {
        Session session = buildSession(job);
        QMetaObject::invokeMethod(
            qApp,
            [self, generation, session] {
                if (!self || generation != self->m_generation)
                    return;
                self->m_busy = false;
                Q_EMIT self->sessionReady(session);
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

Session LoadController::loadBlocking(const QString& path, QString* error)
{
    LoadOptions options;
    options.frPath = path;
    const AnalysedJob run = loadAndAnalyse(options);
    if (!run.usable() && error) {
        *error = tr("No dump could be read from %1").arg(path);
        if (run.job && !run.job->errors.empty())
            *error += QStringLiteral(": ") + run.job->errors.front().toString();
    }
    return buildSession(run.job, run.analysis);
}

} // namespace fd
