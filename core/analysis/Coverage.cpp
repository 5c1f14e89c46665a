#include "Coverage.h"

#include "Analysis.h"
#include "core/model/Job.h"

#include <QStringBuilder>
#include <QStringList>

#include <algorithm>

namespace fd {

namespace {

// "0-7, 9, 12-15"
QString ranges(const std::vector<int>& sorted)
{
    QStringList parts;
    for (std::size_t i = 0; i < sorted.size();) {
        std::size_t j = i;
        while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1)
            ++j;
        parts << (i == j ? QString::number(sorted[i])
                         : QStringLiteral("%1-%2").arg(sorted[i]).arg(sorted[j]));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

Coverage coverageOf(const Analysis& a)
{
    Coverage c;
    c.world = a.job->worldSize;
    int unjudged = 0;
    for (const std::vector<int>* list : {&a.job->missingRanks, &a.job->unreadableRanks})
        unjudged +=
            int(std::count_if(list->begin(), list->end(), [&](int r) { return r >= 0 && r < c.world; }));
    c.judged = std::max(0, c.world - unjudged);
    return c;
}

QString tooFewJudgedReason(const Analysis& a, const Coverage& c)
{
    QString out =
        c.judged == 0
            ? QStringLiteral(
                  "Unknown: no rank could be judged, so the dumps can neither show a hang nor rule one out.")
            : QStringLiteral(
                  "Unknown: only %1 of the %2 ranks could be judged, too few to rule a hang out (\"no hang\" "
                  "needs more than half of the world); none of them has a pending collective or p2p op.")
                  .arg(c.judged)
                  .arg(c.world);
    if (!a.job->unreadableRanks.empty())
        out += QStringLiteral(" Rank(s) %1: the dump is unreadable or ends early (see the load errors).")
                   .arg(ranges(a.job->unreadableRanks));
    if (!a.job->missingRanks.empty())
        out += QStringLiteral(" Rank(s) %1: no dump file.").arg(ranges(a.job->missingRanks));
    return out % QStringLiteral(" Fix or collect those dumps and run again.");
}

} // namespace fd
