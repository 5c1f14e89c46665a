#include "Report.h"

#include "model/Job.h"

#include <QDateTime>

namespace fd {

AttributionState Report::state() const
{
    // The seed always says CONTINUE; we say STOP when a restart would hang again or nothing can be isolated.
    return analysis && analysis->verdict == Verdict::Stop ? AttributionState::Stop : AttributionState::Continue;
}

const char* attributionStateName(AttributionState s)
{
    return s == AttributionState::Stop ? "STOP" : "CONTINUE";
}

Report makeReport(const Job& job, std::shared_ptr<const Analysis> analysis)
{
    Report r;
    r.generator = QStringLiteral("flightdeck " FLIGHTDECK_VERSION);
    r.createdAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    r.source = job.source;
    r.pattern = job.pattern;
    r.prefix = job.prefix;
    for (const LoadError& e : job.errors)
        r.loadErrors.push_back({e.filePath, e.rank, e.hasOffset ? static_cast<qint64>(e.offset) : -1, e.message});
    for (const QString& w : job.warnings)
        r.warnings << w;
    r.analysis = analysis ? std::move(analysis) : analyzeJob(job);
    return r;
}

} // namespace fd
