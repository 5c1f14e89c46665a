#include "CaptureResult.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace fd {

namespace {

struct CaptureResultText
{
    Q_DECLARE_TR_FUNCTIONS(fd::CaptureResult)
};

} // namespace

int CaptureResult::captured() const
{
    return static_cast<int>(
        std::count_if(ranks.begin(), ranks.end(), [](const RankCapture& r) { return !r.file.isEmpty(); }));
}

int CaptureResult::writeFailures() const
{
    return static_cast<int>(
        std::count_if(ranks.begin(), ranks.end(), [](const RankCapture& r) { return r.writeFailed; }));
}

std::vector<int> CaptureResult::silentRanks() const
{
    std::vector<int> out;
    for (const RankCapture& r : ranks)
        if (r.noAnswer)
            out.push_back(r.rank);
    return out;
}

QString describeRankCapture(const RankCapture& r)
{
    if (!r.file.isEmpty()) {
        const QString line = CaptureResultText::tr("rank %1 (%2): %3, %4 bytes -> %5")
                                 .arg(r.rank)
                                 .arg(r.source, r.handler)
                                 .arg(r.bytes)
                                 .arg(r.file);
        return r.note.isEmpty() ? line : line + QStringLiteral("; ") + r.note;
    }
    if (r.noAnswer)
        return CaptureResultText::tr("rank %1 (%2): no answer: %3").arg(r.rank).arg(r.source, r.error);
    return CaptureResultText::tr("rank %1 (%2): %3").arg(r.rank).arg(r.source, r.error);
}

} // namespace fd
