#pragma once

#include "CaptureFolder.h"
#include "CaptureResult.h"

#include <QDateTime>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <vector>

namespace fd {

// One rank on this node that takes a dump trigger through its pipe (NCCL's TORCH_NCCL_DEBUG_INFO_PIPE_FILE).
struct PipeRank
{
    QString pipePath; // <stem><rank>.pipe, a FIFO the rank reads
    QString dumpPath; // <prefix><rank>: where the rank writes its dump (TORCH_FR_DUMP_TEMP_FILE)
    int rank = -1;
};

struct PipeRankList
{
    std::vector<PipeRank> ranks; // by rank
    QStringList errors;          // one line each: nothing matched, a .pipe that is not a FIFO, ...
};

// The FIFOs named <stem><rank>.pipe on this node, each with its dump file <dumpPrefix><rank>.
PipeRankList pipeRanks(const QString& stem, const QString& dumpPrefix);

// The NCCL pipe trigger (docs/capture.md): writes to every rank's pipe, then waits until each rank's dump
// file is new (it differs from what was there before the trigger) and complete (its size held still for
// `settleMs` and the pickle ends with STOP), and copies it into a new capture folder (CaptureFolder). The
// dumps are only read, never changed. Polls every 100 ms from the event loop; emits finished() once.
class PipeCapture : public QObject
{
    Q_OBJECT
public:
    PipeCapture(std::vector<PipeRank> ranks, CaptureOptions options, int settleMs = 300,
                QObject* parent = nullptr);
    void start();
    const CaptureResult& result() const { return m_result; }

Q_SIGNALS:
    void finished(const fd::CaptureResult& result);

private:
    struct Watch
    {
        QDateTime mtimeBefore; // the dump file as it was before the trigger (invalid: none)
        qint64 sizeBefore = -1;
        qint64 size = -1; // last size seen since the trigger
        qint64 sizeSinceMs = 0;
        bool done = false;
    };
    void poll();
    void finishRank(std::size_t i);
    void complete();

    std::vector<PipeRank> m_ranks;
    CaptureOptions m_options;
    int m_settleMs;
    CaptureResult m_result;
    CaptureFolder m_folder;
    std::vector<Watch> m_watch;
    QTimer m_timer;
    qint64 m_startMs = 0;
    std::size_t m_pending = 0;
};

// Runs a pipe capture to completion in a local event loop (the CLI, tests).
CaptureResult pipeCaptureBlocking(const std::vector<PipeRank>& ranks, const CaptureOptions& options,
                                  int settleMs = 300);

// Writes one trigger to a FIFO without ever blocking: an error line, or empty. Only FIFOs are written to.
QString triggerPipe(const QString& pipePath);

} // namespace fd
