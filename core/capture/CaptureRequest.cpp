#include "CaptureRequest.h"

#include "CaptureEndpoint.h"
#include "LiveCapture.h"
#include "PipeCapture.h"

namespace fd {

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
    const bool hosts = request.source == CaptureRequest::Source::HostList;
    const EndpointList endpoints = hosts ? endpointsFromHostList(request.target, request.allowRemote)
                                         : endpointsFromSocketGlob(request.target);
    run.sourceErrors = endpoints.errors;
    run.refused = hosts && !endpoints.errors.isEmpty();
    if (!run.refused && !endpoints.endpoints.empty())
        run.result = captureBlocking(endpoints.endpoints, request.options);
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
