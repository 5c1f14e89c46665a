#include "CaptureAnalysis.h"

#include <QCoreApplication>

namespace fd {

namespace {

struct CaptureAnalysisText
{
    Q_DECLARE_TR_FUNCTIONS(fd::CaptureAnalysis)
};

} // namespace

std::vector<RankWithoutDump> ranksWithoutDump(const CaptureResult& capture)
{
    std::vector<RankWithoutDump> out;
    for (const RankCapture& r : capture.ranks) {
        if (!r.file.isEmpty() || r.rank < 0)
            continue;
        if (r.noEndpoint) {
            out.push_back({r.rank,
                           {r.source, -1, 0, false,
                            CaptureAnalysisText::tr(
                                "rank %1 has no usable worker server address in the job's store: %2")
                                .arg(r.rank)
                                .arg(r.error)}});
        } else if (r.noAnswer) {
            // Its error carries no rank: a LoadError with one makes the rank "unreadable"; it simply has no
            // dump.
            const QString why =
                r.handler == QLatin1String("pipe")
                    ? CaptureAnalysisText::tr("rank %1 wrote no dump after its pipe trigger (%2): the "
                                              "thread that reads the pipe is "
                                              "stuck, or the process is gone")
                    : CaptureAnalysisText::tr("rank %1 did not answer its worker server (%2): the server "
                                              "runs on a thread of its own, "
                                              "so a process that cannot answer it is stuck hard (e.g. in "
                                              "C++ holding the GIL) or gone");
            out.push_back({r.rank, {r.source, -1, 0, false, why.arg(r.rank).arg(r.error)}});
        } else {
            out.push_back({r.rank, {r.source, r.rank, 0, false, r.error}});
        }
    }
    return out;
}

} // namespace fd
