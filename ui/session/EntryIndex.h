#pragma once

#include "Highlights.h"
#include "analysis/CollectiveIndex.h"
#include "model/Job.h"

#include <cstdint>
#include <span>
#include <vector>

namespace fd {

// Lookup tables over a Job for the views: "the collective (PG, seq) as every rank recorded it". This is a
// group-by over fields the Job already has; matching and judging belong to core/analysis.
class EntryIndex
{
public:
    struct Collective
    {
        std::uint32_t pgIndex = kNoPg;
        std::int64_t seq = Entry::kAbsent;
        bool p2p = false;
        StrId op = 0;                 // profiling name of the first record seen
        std::vector<EntryRef> refs;   // one per rank that recorded it, by rank; the last record wins (a
                                      // coalesced group's terminator comes after its inner ops)
    };

    EntryIndex() = default;
    explicit EntryIndex(const Job& job);

    const std::vector<Collective>& collectives() const { return m_collectives; }
    // Index into collectives() of (pg, seq) for collectives (not p2p), or -1.
    int find(std::uint32_t pgIndex, std::int64_t seq, bool p2p = false) const;
    // The collectives of one PG, in sequence order.
    std::span<const Collective> ofPg(std::uint32_t pgIndex) const;

    static std::int64_t seqOf(const Entry& e) { return e.isP2p ? e.p2pSeqId : e.collectiveSeqId; }

private:
    std::vector<Collective> m_collectives; // sorted by (pgIndex, p2p, seq)
};

} // namespace fd
