#include "Session.h"

namespace fd {

Session::Session(const AnalysedJob& run)
{
    if (!run.job || !run.analysis)
        return; // cancelled, or nothing loaded: the empty session
    job = run.job;
    analysis = run.analysis;
}

} // namespace fd
