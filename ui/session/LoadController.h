#pragma once

#include "Session.h"
#include "core/capture/CaptureResult.h"

#include <QObject>
#include <QStringList>

namespace fd {

class PipelineRunner;

// Opens a job without blocking the GUI: core's pipeline (load, then analyse) runs on a worker
// (core/pipeline/PipelineRunner.h); progress and the session arrive on the GUI thread. A newer request
// supersedes an older one; its results are dropped.
class LoadController : public QObject
{
    Q_OBJECT
public:
    explicit LoadController(QObject* parent = nullptr);
    ~LoadController() override;

    // A dump directory, one dump file, or a path prefix ("/tmp/nccl_trace_rank_").
    void openPath(const QString& path);
    // A live capture's folder, with what the capture saw (ranks that did not answer:
    // core/capture/CaptureAnalysis.h).
    void openCapture(const CaptureResult& capture);
    // Files dropped or picked together; a single directory among them is opened as a directory.
    void openUrls(const QStringList& paths);
    void cancel();
    bool isBusy() const { return m_busy; }
    // The job's number of ranks where its dumps do not say (gloo), for every load from now on; 0: the dumps'.
    void setWorldSize(int ranks) { m_worldSize = ranks; }

    // The same pipeline, synchronously (headless export, tests).
    static Session loadBlocking(const QString& path, QString* error = nullptr);

Q_SIGNALS:
    void started(const QString& what);
    void progress(int done, int total);
    void analysing();
    void sessionReady(const fd::Session& session);
    void cancelled();
    void failed(const QString& message);

private:
    void begin(const QString& what, const LoadRequest& request);
    // A directory or archive dropped with other things: opens it and says what else was not opened.
    void openJobAmong(const QString& job, const QStringList& dropped);
    void onFinished(const AnalysedJob& run);

    PipelineRunner* m_runner;
    int m_worldSize = 0;
    bool m_busy = false;
    QString m_what;
};

} // namespace fd
