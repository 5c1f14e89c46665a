#include "Session.h"

namespace fd {

Session buildSession(std::shared_ptr<const Job> job, std::shared_ptr<const Analysis> analysis)
{
    Session s;
    if (!job)
        return s;
    s.analysis = analysis ? std::move(analysis) : analyzeJob(*job);
    s.job = std::move(job);
    return s;
}

} // namespace fd
