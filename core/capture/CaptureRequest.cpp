#include "CaptureRequest.h"

#include "CaptureEndpoint.h"
#include "LiveCapture.h"
#include "PipeCapture.h"
#include "StoreEndpoints.h"

#include <QCoreApplication>

#include <algorithm>

namespace fd {

namespace {

struct CaptureRequestText
{
    Q_DECLARE_TR_FUNCTIONS(fd::CaptureRequest)
};

constexpr int kStoreProbeMs = 1000;
constexpr int kStoreProbesAtMost = 4;

// A --hosts item that gave no HTTP answer at all may be the job's TCPStore (MASTER_PORT), which ignores an
// HTTP request: when nothing was captured, the first few such items are asked the store's handshake, so the
// line says what the port is instead of blaming a stuck rank.
void nameTcpStorePorts(CaptureResult& result)
{
    if (result.captured() > 0)
        return;
    int probes = 0;
    for (RankCapture& r : result.ranks) {
        if (r.endpoint.isUnix() || r.endpoint.host.isEmpty() || !r.file.isEmpty() ||
            probes >= kStoreProbesAtMost)
            continue;
        if (!r.noAnswer && !r.error.contains(QLatin1String("closed")))
            continue;
        ++probes;
        if (const QString store = describeIfTcpStore(r.endpoint.host, r.endpoint.port, kStoreProbeMs);
            !store.isEmpty()) {
            r.error = store;
            r.noAnswer = false; // not a silent rank: not a rank at all
        }
    }
}

CaptureRun runStoreCapture(const CaptureRequest& request)
{
    CaptureRun run;
    StoreRequest store;
    store.store = request.target;
    store.prefix = request.storePrefix;
    store.worldSize = request.worldSize;
    store.allowRemote = request.allowRemote;
    store.timeoutMs = request.options.perRankTimeoutMs;
    StoreEndpoints found = endpointsFromStore(store);
    if (!found.error.isEmpty()) {
        run.sourceErrors << found.error;
        return run;
    }
    run.sourceNotes
        << (found.worldFromKeys
                ? CaptureRequestText::tr(
                      "the store lists workers up to rank %1: world size %2 (give --world-size if the "
                      "job has more ranks)")
                      .arg(found.worldSize - 1)
                      .arg(found.worldSize)
                : CaptureRequestText::tr("world size %1 (--world-size)").arg(found.worldSize));
    if (!found.endpoints.empty())
        run.result = captureBlocking(found.endpoints, request.options);
    for (RankCapture& r : found.unreached)
        run.result.ranks.push_back(std::move(r));
    std::stable_sort(run.result.ranks.begin(), run.result.ranks.end(),
                     [](const RankCapture& a, const RankCapture& b) { return a.rank < b.rank; });
    return run;
}

} // namespace

CaptureRun runCapture(const CaptureRequest& request)
{
    CaptureRun run;
    if (request.source == CaptureRequest::Source::Pipe) {
        const PipeRankList ranks = pipeRanks(request.target, request.dumpPrefix);
        run.sourceErrors = ranks.errors;
        if (!ranks.ranks.empty())
            run.result = pipeCaptureBlocking(ranks.ranks, request.options);
        return run;
    }
    if (request.source == CaptureRequest::Source::Store)
        return runStoreCapture(request);
    const bool hosts = request.source == CaptureRequest::Source::HostList;
    const EndpointList endpoints = hosts ? endpointsFromHostList(request.target, request.allowRemote)
                                         : endpointsFromSocketGlob(request.target);
    run.sourceErrors = endpoints.errors;
    run.refused = hosts && !endpoints.errors.isEmpty();
    if (!run.refused && !endpoints.endpoints.empty())
        run.result = captureBlocking(endpoints.endpoints, request.options);
    if (hosts)
        nameTcpStorePorts(run.result);
    return run;
}

QString dumpPrefixFromEnvironment()
{
    for (const char* var : {"TORCH_FR_DUMP_TEMP_FILE", "TORCH_NCCL_DEBUG_INFO_TEMP_FILE"})
        if (const QString value = qEnvironmentVariable(var); !value.isEmpty())
            return value;
    return {};
}

} // namespace fd
