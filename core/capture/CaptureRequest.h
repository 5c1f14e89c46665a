#pragma once

#include "CaptureResult.h"

#include <QStringList>

namespace fd {

// One capture as a user asks for it, from the CLI (`flightdeck-cli capture`) or the GUI's dialog.
struct CaptureRequest
{
    enum class Source
    {
        SocketGlob, // torch worker servers on Unix sockets (TORCH_WORKER_SERVER_SOCKET), a path glob
        HostList,   // torch worker servers on host:port, in rank order
        Pipe,       // NCCL's dump pipes: TORCH_NCCL_DEBUG_INFO_PIPE_FILE stem, TORCH_FR_DUMP_TEMP_FILE prefix
        Store, // the job's TCPStore (MASTER_ADDR:MASTER_PORT), where torch's debug server lists the workers
    };
    Source source = Source::SocketGlob;
    QString target;     // the glob, the host list, the pipe stem or the store's host:port
    QString dumpPrefix; // Source::Pipe only
    QString storePrefix = QStringLiteral("debug_server"); // Source::Store only
    int worldSize = 0;                                    // Source::Store: 0 = from the keys present
    bool allowRemote = false;
    CaptureOptions options;
};

struct CaptureRun
{
    QStringList sourceErrors; // one line each: a bad host:port, nothing matching the glob, a .pipe that is no
                              // FIFO, a store that cannot be read or holds no worker address
    QStringList
        sourceNotes; // one line each: what the source said besides (the world size a store's keys give)
    bool refused =
        false; // a host list with a bad or remote item: nothing was asked (rank numbers would shift)
    CaptureResult result; // empty ranks when nothing was asked
};

// Resolves the request's ranks and captures from them to completion. Blocking: the CLI calls it directly, the
// GUI from a thread of its own (it runs its own event loop, so it needs a QThread, not the GUI's).
CaptureRun runCapture(const CaptureRequest& request);

// The environment's defaults for a pipe capture's dump prefix: TORCH_FR_DUMP_TEMP_FILE, else
// TORCH_NCCL_DEBUG_INFO_TEMP_FILE; empty when neither is set.
QString dumpPrefixFromEnvironment();

} // namespace fd
