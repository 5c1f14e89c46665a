#include "CaptureAnalysis.h"

#include "io/JobAssembler.h"

#include <QCoreApplication>

#include <algorithm>

namespace fd {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(fd::CaptureAnalysis)
};

} // namespace

void addCaptureOutcome(Job& job, const CaptureResult& capture)
{
    for (const RankCapture& r : capture.ranks) {
        if (!r.file.isEmpty() || r.rank < 0 || job.dumpForRank(r.rank))
            continue;
        job.worldSize = std::max(job.worldSize, r.rank + 1);
        if (r.noAnswer) {
            // Its error carries no rank: a LoadError with one makes the rank "unreadable"; it simply has no dump.
            const QString why = r.handler == QLatin1String("pipe")
                ? Text::tr("rank %1 wrote no dump after its pipe trigger (%2): the thread that reads the pipe is "
                           "stuck, or the process is gone")
                : Text::tr("rank %1 did not answer its worker server (%2): the server runs on a thread of its own, "
                           "so a process that cannot answer it is stuck hard (e.g. in C++ holding the GIL) or gone");
            job.errors.push_back({r.source, -1, 0, false, why.arg(r.rank).arg(r.error)});
        } else {
            job.errors.push_back({r.source, r.rank, 0, false, r.error});
        }
    }
    findRankGaps(job);
}

} // namespace fd
