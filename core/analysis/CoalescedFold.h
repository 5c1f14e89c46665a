#pragma once

#include "core/model/Entry.h"
#include "core/model/OpInfo.h"

#include <cstdint>
#include <span>
#include <vector>

namespace fd {

class Job;

// One inner op of a coalesced group: by design it never gets events and stays "scheduled" forever; the
// terminator that follows it (nccl:coalesced, nccl:<OP>_coalesced) carries the group's real state
// (docs/dump-format.md, "Coalesced groups").
struct CoalescedInner
{
    std::uint32_t entry = 0;      // index into RankDump::entries
    std::uint32_t terminator = 0; // index of its group's terminator, after it
};

// The inner ops of one dump's coalesced groups, sorted by entry. The rule: walking back from a terminator,
// the not-completed entries of its PG up to the previous terminator that belong to the group: non-p2p entries
// with the terminator's collective_seq_id, and p2p entries (any, when the terminator is p2p; a p2p op inside
// a non-p2p group keeps the group's collective_seq_id). "allreduce_coalesced" is a real op, not a terminator:
// OpInfo tells them apart.
std::vector<CoalescedInner> foldCoalesced(std::span<const Entry> entries, const OpInfoCache& ops);

// foldCoalesced() of every dump of a job, for lookups by (dump, entry).
class CoalescedFold
{
public:
    CoalescedFold() = default;
    CoalescedFold(const Job& job, const OpInfoCache& ops);

    // Index (into the dump's entries) of the terminator of the group `entry` is inside, or -1.
    std::int32_t terminatorOf(std::size_t dump, std::uint32_t entry) const;
    bool isInner(std::size_t dump, std::uint32_t entry) const { return terminatorOf(dump, entry) >= 0; }
    // The inner ops of one dump (index into Job::dumps), sorted by entry.
    std::span<const CoalescedInner> ofDump(std::size_t dump) const;
    std::size_t innerCount() const;

private:
    std::vector<std::vector<CoalescedInner>> m_byDump; // index = Job::dumps index
};

} // namespace fd
