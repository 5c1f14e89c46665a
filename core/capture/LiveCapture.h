#pragma once

#include "CaptureEndpoint.h"
#include "SocketHttpRequest.h"

#include <QDateTime>
#include <QObject>
#include <QString>

#include <vector>

namespace fd {

struct CaptureOptions
{
    QString outDir;                             // the capture goes into <outDir>/capture-<UTC time>/
    int perRankTimeoutMs = 10000;               // discovery plus dump, per rank
    std::int64_t maxDumpBytes = 512LL << 20;    // per dump
};

// What one rank's worker server gave.
struct RankCapture
{
    CaptureEndpoint endpoint;
    int rank = -1;
    QString handler;   // the handler that answered, e.g. "fr_trace_json"
    QString file;      // written file, relative to the capture folder; empty when nothing was captured
    qint64 bytes = 0;
    QString error;     // one line: why there is no file
    bool noAnswer = false; // the server never answered (timeout or refused): the process is stuck or gone
};

struct CaptureResult
{
    QString folder;                 // the new capture folder; empty when none could be made
    QString fatalError;             // the folder could not be made, or no endpoint at all
    std::vector<RankCapture> ranks; // one per endpoint, by rank
    int captured() const;
    std::vector<int> silentRanks() const; // ranks whose server did not answer
};

// Pulls a fresh Flight Recorder dump from every rank's torch worker server (docs/capture.md): discovers the
// handlers with GET /handler/, then POSTs the best one (NCCL pickle, NCCL JSON, else the CPU recorder's
// JSON). All ranks are asked at once; each has its own timeout. Files are written into a new folder that
// is renamed into place only when complete, so a reader never sees a half capture. Nothing is written
// outside `outDir`. Emits finished() once.
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
    void fetch(std::size_t i, const QStringList& handlers);
    void store(std::size_t i, const QString& handler, const HttpOutcome& o);
    void rankFinished(std::size_t i);
    void complete();
    int remainingMs(std::size_t i) const;

    std::vector<CaptureEndpoint> m_endpoints;
    CaptureOptions m_options;
    CaptureResult m_result;
    QString m_partial;
    std::vector<qint64> m_deadlines;
    std::size_t m_pending = 0;
};

// Runs a capture to completion in a local event loop (the CLI).
CaptureResult captureBlocking(const std::vector<CaptureEndpoint>& endpoints, const CaptureOptions& options);

// The dump checks capture and the pipe trigger share: empty when `bytes` is a whole dump of that kind.
QString checkPickleDump(const QByteArray& bytes);
QString checkJsonDump(const QByteArray& bytes);

} // namespace fd
