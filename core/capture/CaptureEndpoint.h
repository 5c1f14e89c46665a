#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace fd {

// Where one rank's torch worker server listens: a Unix socket (TORCH_WORKER_SERVER_SOCKET) or host:port
// (`_WorkerServer(host, port)`, torch.distributed.debug). `rank` is -1 until something names it.
struct CaptureEndpoint
{
    QString socketPath; // set for a Unix socket
    QString host;       // else host and port
    quint16 port = 0;
    int rank = -1;
    QString label; // how to name it when host:port alone would hide where it came from, e.g. "vm:41237
                   // (127.0.0.1)"
    bool rankGuessed =
        false; // rank is only a position (--hosts): a dump that names its own rank overrides it

    bool isUnix() const { return !socketPath.isEmpty(); }
    QString display() const; // the path, or host:port
};

struct EndpointList
{
    std::vector<CaptureEndpoint> endpoints;
    QStringList errors; // one line each: a bad host:port, a remote host without --allow-remote, ...
};

// Unix sockets matching a path glob (`/tmp/fr/worker_*.sock`), sorted by the rank their name ends with
// (`worker_3.sock` -> 3; names without a number keep their order and get ranks after the numbered ones).
EndpointList endpointsFromSocketGlob(const QString& glob);

// A comma- or space-separated list of host:port (or http://host:port, as torch's debug server stores them).
// Each host is resolved and the loopback rule applies to the address (127.0.0.0/8, ::1) unless allowRemote.
// rank = position in the list, marked rankGuessed: a dump that names its rank wins (CaptureFolder::keep).
EndpointList endpointsFromHostList(const QString& list, bool allowRemote);

} // namespace fd
