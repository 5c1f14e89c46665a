#pragma once

#include "CaptureEndpoint.h"
#include "CaptureFolder.h"
#include "CaptureResult.h"
#include "SocketHttpRequest.h"

#include <QObject>
#include <QString>

#include <vector>

namespace fd {

// Pulls a fresh Flight Recorder dump from every rank's torch worker server (docs/capture.md): discovers the
// handlers with GET /handler/, then POSTs the best one (torchcomms' recorder when it holds entries, NCCL
// pickle, NCCL JSON, else the CPU recorder's JSON). All ranks are asked at once; each has its own timeout.
// Files are written into a new folder that is renamed into place only when complete, so a reader never sees a
// half capture. Nothing is written outside `outDir`. Emits finished() once.
class LiveCapture : public QObject
{
    Q_OBJECT
public:
    LiveCapture(std::vector<CaptureEndpoint> endpoints, CaptureOptions options, QObject* parent = nullptr);
    void start();
    const CaptureResult& result() const { return m_result; }

Q_SIGNALS:
    void rankDone(const fd::RankCapture& rank);
    void finished(const fd::CaptureResult& result);

private:
    void discover(std::size_t i);
    // POSTs the first handler offered from kHandlers[from] on; `again`: this is the one retry of a dump
    // request the server closed without an answer.
    void fetch(std::size_t i, const QStringList& handlers, std::size_t from, bool again = false);
    void store(std::size_t i, const QString& handler, const HttpOutcome& o);
    void rankFinished(std::size_t i);
    void complete();
    int remainingMs(std::size_t i) const;

    std::vector<CaptureEndpoint> m_endpoints;
    CaptureOptions m_options;
    CaptureResult m_result;
    CaptureFolder m_folder;
    std::vector<qint64> m_deadlines;
    std::size_t m_pending = 0;
};

// Runs a capture to completion in a local event loop (the CLI).
CaptureResult captureBlocking(const std::vector<CaptureEndpoint>& endpoints, const CaptureOptions& options);

} // namespace fd
