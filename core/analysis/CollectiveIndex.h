#pragma once

#include "core/model/Entry.h"

#include <cstdint>
#include <span>
#include <vector>

namespace fd {

class Job;

// Where one rank's record of a collective lives in the Job.
struct EntryRef
{
    std::uint32_t dump = 0;  // index into Job::dumps
    std::uint32_t entry = 0; // index into RankDump::entries
};

// "The collective (PG, seq) as every rank recorded it": every dump's entries grouped by (PG, kind, seq),
// where seq is collective_seq_id, or p2p_seq_id for p2p ops. A group-by over fields the Job already has,
// for views that jump from one rank's entry to its peers'; matching and judging happen in the analysis.
class CollectiveIndex
{
public:
    struct Collective
    {
        std::uint32_t pgIndex = 0xffffffffu;
        std::int64_t seq = Entry::kAbsent;
        bool p2p = false;
        StrId op = 0;                   // profiling name of the first record seen (lowest dump)
        std::span<const EntryRef> refs; // one per dump that recorded it, by dump; the last record wins (a
                                        // coalesced group's terminator comes after its inner ops)
    };

    CollectiveIndex() = default;
    explicit CollectiveIndex(const Job& job);
    // Each collective's refs view one flat array: moving keeps them valid, a copy would not.
    CollectiveIndex(const CollectiveIndex&) = delete;
    CollectiveIndex& operator=(const CollectiveIndex&) = delete;
    CollectiveIndex(CollectiveIndex&&) = default;
    CollectiveIndex& operator=(CollectiveIndex&&) = default;

    const std::vector<Collective>& collectives() const { return m_collectives; }
    // Index into collectives() of (pg, seq), or -1.
    int find(std::uint32_t pgIndex, std::int64_t seq, bool p2p = false) const;
    const Collective* get(std::uint32_t pgIndex, std::int64_t seq, bool p2p = false) const;
    // The collectives of one PG (collectives first, then p2p ops), each in sequence order.
    std::span<const Collective> ofPg(std::uint32_t pgIndex) const;

    static std::int64_t seqOf(const Entry& e) { return e.isP2p ? e.p2pSeqId : e.collectiveSeqId; }

private:
    std::vector<Collective> m_collectives; // sorted by (pgIndex, p2p, seq)
    std::vector<EntryRef> m_refs;          // every collective's refs, one after the other
};

} // namespace fd
