#pragma once

#include "Analysis.h"

#include <vector>

namespace fd {

struct AnalysisContext;
struct RankOp;

// Lines up every member's collectives of each PG by collective_seq_id and classifies the ones that are not
// completed everywhere: who has not entered, who is stuck inside, who disagrees on op, sizes or dtype.
// Only pending collectives are compared: one that completed on every member cannot be why the job hangs.
class CollectiveMatcher
{
public:
    // Findings per PG recorded in detail, oldest first; the rest are counted. Mismatches are always kept.
    static constexpr std::size_t kMaxDetailedPerPg = 64;

    explicit CollectiveMatcher(AnalysisContext& ctx);

    std::vector<PgFinding> run();
    // Mismatched collectives found by run(), across all PGs.
    const std::vector<CollectiveFinding>& mismatches() const { return m_mismatches; }

private:
    PgFinding matchPg(std::uint32_t pgIndex);
    // `compare`: also compare what the members issued (checkAgreement()).
    CollectiveFinding classify(std::uint32_t pgIndex, std::int64_t seq, bool compare);
    void checkAgreement(std::uint32_t pgIndex, CollectiveFinding& f);
    void checkCoalescedAgreement(std::uint32_t pgIndex, CollectiveFinding& f, std::size_t holders);
    std::vector<std::uint32_t> groupInnerEntries(int rank, std::uint32_t pgIndex, std::int64_t seq,
                                                 bool& maybeCut) const;
    bool innerOpsRolledOut(int rank, const RankOp& op) const;

    AnalysisContext& m_ctx;
    std::vector<CollectiveFinding> m_mismatches;
};

} // namespace fd
