#include "Report.h"

#include "LoadNotes.h"

namespace fd {

const char* Report::attributionState() const
{
    return analysis && analysis->verdict == Verdict::Stop ? "STOP" : "CONTINUE";
}

const Job* Report::job() const
{
    return analysis ? analysis->job.get() : nullptr;
}

QStringList Report::warnings() const
{
    return job() ? loaderNotes(*job()) : QStringList();
}

} // namespace fd
