#pragma once

#include "CaptureEndpoint.h"
#include "CaptureResult.h"

#include <QString>

#include <vector>

namespace fd {

// Where torch's debug server says each rank's worker server listens (docs/capture.md): every rank of a job
// that called torch.distributed.debug.start_debug_server() writes "http://<hostname>:<port>" under
// <prefix>/rank<N> (prefix "debug_server") in the job's TCPStore, MASTER_ADDR:MASTER_PORT.
struct StoreRequest
{
    QString store; // MASTER_ADDR:MASTER_PORT
    QString prefix = QStringLiteral("debug_server");
    int worldSize = 0;        // 0: from the keys present
    bool allowRemote = false; // the store and the workers may be on other hosts
    int timeoutMs = 10000;    // for the whole read of the store
};

struct StoreEndpoints
{
    QString error; // the store could not be read, or holds none of the keys: nothing to ask
    int worldSize = 0;
    bool worldFromKeys = false;             // no --world-size: the world ends after the last rank with a key
    std::vector<CaptureEndpoint> endpoints; // by rank, each rank taken from its key
    // Ranks of the world without a usable address (no key, garbage, remote): noEndpoint, never asked.
    std::vector<RankCapture> unreached;
};

// Reads <prefix>/rank<N> for every rank from the store with TcpStoreClient (read-only; never waits for a
// key), parses each value as http://host:port (nothing else: no path or query reaches a request), resolves
// the host and applies the loopback rule to the address. Without a world size, ranks are probed in batches
// until 64 in a row have no key; a rank missing below the last one found is reported, one missing above it
// cannot be seen.
StoreEndpoints endpointsFromStore(const StoreRequest& request);

// Whether host:port speaks the TCPStore protocol (the handshake answers): one line saying so, or empty. For a
// --hosts item that gives no HTTP answer, so that the user learns it is the job's store and not a stuck rank.
QString describeIfTcpStore(const QString& host, quint16 port, int timeoutMs);

} // namespace fd
