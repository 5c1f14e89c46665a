#include "StoreEndpoints.h"

#include "SocketHttpRequest.h"
#include "TcpStoreClient.h"
#include "WorkerAddress.h"

#include <QCoreApplication>

#include <algorithm>

namespace fd {

namespace {

struct StoreEndpointsText
{
    Q_DECLARE_TR_FUNCTIONS(fd::StoreEndpoints)
};

constexpr int kProbeBatch = 64;    // ranks per pipelined CHECK batch while the world size is unknown
constexpr int kMaxWorld = 1 << 20; // more ranks than any job has: a bound on a store that says yes to all
constexpr int kHttpProbeMs = 1500;

QString rankKey(const QString& prefix, int rank)
{
    const QString key = QStringLiteral("rank%1").arg(rank);
    return prefix.isEmpty() ? key : prefix + QLatin1Char('/') + key;
}

// A port that did not make the TCPStore handshake may be an HTTP server: torch's debug frontend (rank 0's
// start_debug_server(port)) or a worker server. Asking it GET / says which.
QString describeHttpServer(const CaptureEndpoint& endpoint)
{
    const HttpOutcome o = httpRequestBlocking(endpoint, "GET", "/", kHttpProbeMs, 1 << 20);
    if (o.status == 0)
        return {};
    if (o.body.contains("PyTorch Distributed"))
        return StoreEndpointsText::tr(
                   "%1 is torch's debug frontend (the port given to start_debug_server()), not the job's "
                   "TCPStore: use --store MASTER_ADDR:MASTER_PORT")
            .arg(endpoint.display());
    return StoreEndpointsText::tr(
               "%1 is an HTTP server (a worker server?), not a TCPStore: use --store MASTER_ADDR:MASTER_PORT")
        .arg(endpoint.display());
}

} // namespace

StoreEndpoints endpointsFromStore(const StoreRequest& request)
{
    StoreEndpoints out;
    const HostPort storeAddress = parseHostPort(request.store);
    if (!storeAddress.ok) {
        out.error = StoreEndpointsText::tr("'%1' is not host:port (the job's MASTER_ADDR:MASTER_PORT)")
                        .arg(request.store);
        return out;
    }
    const ResolvedEndpoint store = resolveEndpoint(storeAddress, request.allowRemote);
    if (!store.error.isEmpty()) {
        out.error = StoreEndpointsText::tr("store: %1").arg(store.error);
        return out;
    }
    TcpStoreClient client(request.timeoutMs);
    if (!client.open(store.endpoint.host, store.endpoint.port)) {
        const QString http =
            client.handshakeFailed() && !client.refused() ? describeHttpServer(store.endpoint) : QString();
        out.error = http.isEmpty() ? StoreEndpointsText::tr("store: %1").arg(client.error()) : http;
        return out;
    }

    // Which ranks have a key: CHECK only (a GET of a missing key would wait, or drop the connection).
    std::vector<bool> present;
    const int fixedWorld = std::min(request.worldSize, kMaxWorld);
    for (int first = 0; first < kMaxWorld;) {
        const int count = fixedWorld > 0 ? std::min(1024, fixedWorld - first) : kProbeBatch;
        if (count <= 0)
            break;
        std::vector<QByteArray> keys;
        for (int r = first; r < first + count; ++r)
            keys.push_back(TcpStoreClient::wireKey(QString(), rankKey(request.prefix, r)));
        const std::optional<std::vector<bool>> batch = client.exist(keys);
        if (!batch) {
            out.error = StoreEndpointsText::tr("store: %1").arg(client.error());
            return out;
        }
        present.insert(present.end(), batch->begin(), batch->end());
        first += count;
        if (fixedWorld == 0 && std::none_of(batch->begin(), batch->end(), [](bool b) { return b; }))
            break;
    }
    const auto last = std::find(present.rbegin(), present.rend(), true);
    if (last == present.rend()) {
        const std::optional<qint64> keys = client.keyCount();
        out.error =
            StoreEndpointsText::tr(
                "the store at %1 has no key %2 (checked up to rank %3): the job did not call "
                "torch.distributed.debug.start_debug_server(), or not yet, or it uses another "
                "--store-prefix%4")
                .arg(store.endpoint.display(), rankKey(request.prefix, 0))
                .arg(present.size() - 1)
                .arg(keys ? StoreEndpointsText::tr("; the store holds %n key(s) in all", nullptr, int(*keys))
                          : QString());
        return out;
    }
    out.worldFromKeys = fixedWorld == 0;
    out.worldSize = out.worldFromKeys ? int(present.rend() - last) : fixedWorld;
    present.resize(std::size_t(out.worldSize));

    std::vector<int> withKey;
    std::vector<QByteArray> keys;
    for (int r = 0; r < out.worldSize; ++r) {
        if (present[std::size_t(r)]) {
            withKey.push_back(r);
            keys.push_back(TcpStoreClient::wireKey(QString(), rankKey(request.prefix, r)));
        }
    }
    const std::optional<std::vector<QByteArray>> values = client.values(keys);
    if (!values) {
        out.error = StoreEndpointsText::tr("store: %1").arg(client.error());
        return out;
    }

    auto unreached = [&out, &request](int rank, const QString& error) {
        RankCapture r;
        r.rank = rank;
        r.source = rankKey(request.prefix, rank);
        r.error = error;
        r.noEndpoint = true;
        out.unreached.push_back(r);
    };
    std::size_t v = 0;
    for (int r = 0; r < out.worldSize; ++r) {
        const QString key = rankKey(request.prefix, r);
        if (!present[std::size_t(r)]) {
            unreached(r,
                      StoreEndpointsText::tr(
                          "no key %1 in the job's store: the rank did not call start_debug_server(), or not "
                          "yet, or it is gone")
                          .arg(key));
            continue;
        }
        const QByteArray& value = (*values)[v++];
        const QString text = QString::fromLatin1(value);
        const HostPort address = parseHostPort(text);
        if (!address.ok) {
            unreached(r, StoreEndpointsText::tr("%1 holds '%2', not a worker address http://host:port")
                             .arg(key, printableExcerpt(value)));
            continue;
        }
        ResolvedEndpoint resolved = resolveEndpoint(address, request.allowRemote);
        if (!resolved.error.isEmpty()) {
            unreached(r, resolved.error);
            continue;
        }
        resolved.endpoint.rank = r;
        resolved.endpoint.label = resolved.endpoint.label.isEmpty()
                                      ? text
                                      : QStringLiteral("%1 (%2)").arg(text, resolved.endpoint.host);
        out.endpoints.push_back(resolved.endpoint);
    }
    return out;
}

QString describeIfTcpStore(const QString& host, quint16 port, int timeoutMs)
{
    TcpStoreClient client(timeoutMs);
    if (!client.open(host, port))
        return {};
    return StoreEndpointsText::tr(
               "%1:%2 is a TCPStore (the job's MASTER_PORT?), not a worker server: use --store %1:%2")
        .arg(host)
        .arg(port);
}

} // namespace fd
