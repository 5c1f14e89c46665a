#include "Report.h"

#include "model/Job.h"

#include <QDateTime>

namespace fd {

const char* Report::attributionState() const
{
    return analysis && analysis->verdict == Verdict::Stop ? "STOP" : "CONTINUE";
}

Report makeReport(const Job& job, std::shared_ptr<const Analysis> analysis)
{
    Report r;
    r.generator = QStringLiteral("flightdeck " FLIGHTDECK_VERSION);
    r.createdAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    r.source = job.source;
    r.pattern = job.pattern;
    r.prefix = job.prefix;
    r.loadErrors = job.errors;
    for (const QString& w : job.warnings)
        r.warnings << w;
    r.analysis = analysis ? std::move(analysis) : analyzeJob(job);
    return r;
}

} // namespace fd
