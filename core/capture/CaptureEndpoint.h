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

// A comma- or space-separated host:port list; rank = position in the list. Loopback only (127.0.0.0/8,
// ::1, localhost) unless allowRemote.
EndpointList endpointsFromHostList(const QString& list, bool allowRemote);

} // namespace fd
