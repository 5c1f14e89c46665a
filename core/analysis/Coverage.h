#pragma once

#include <QString>

#include <vector>

namespace fd {

struct Analysis;

// How much of the world the analysis could judge: ranks with a complete, readable dump. A missing rank, an
// unreadable dump and a dump cut short are not judged (docs/attribution.md, "Too few ranks judged").
struct Coverage
{
    int world = 0;
    int judged = 0;
    // "No hang" is a claim about every rank; it needs more than half of the world judged. Below that the
    // verdict is Verdict::Unknown.
    bool enoughForNoHang() const { return world > 0 && 2 * judged > world; }
};

Coverage coverageOf(const Analysis& analysis);

// The verdict's reason when too few ranks were judged to rule a hang out.
QString tooFewJudgedReason(const Analysis& analysis, const Coverage& coverage);

} // namespace fd
