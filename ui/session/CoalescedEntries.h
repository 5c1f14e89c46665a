#pragma once

#include "model/Job.h"

#include <cstdint>
#include <vector>

namespace fd {

// Which entries are the inner ops of a coalesced group. By design they stay "scheduled" forever: the
// terminator that follows them (nccl:coalesced, nccl:<OP>_coalesced) carries the group's state. The views
// draw them apart so they do not read as pending work. Same rule as core/analysis (RankProgress buildOps):
// walking back from a terminator, entries of its PG with its collective_seq_id (any p2p entry when the
// terminator is p2p) that have not completed, up to the previous terminator.
class CoalescedEntries
{
public:
    CoalescedEntries() = default;
    explicit CoalescedEntries(const Job& job);

    bool isInner(std::size_t dump, std::size_t entry) const { return terminatorOf(dump, entry) >= 0; }
    // Index (into the dump's entries) of the terminator of the group `entry` is inside, or -1.
    std::int32_t terminatorOf(std::size_t dump, std::size_t entry) const
    {
        return dump < m_terminator.size() && entry < m_terminator[dump].size() ? m_terminator[dump][entry] : -1;
    }
    std::size_t innerCount() const { return m_count; }

private:
    std::vector<std::vector<std::int32_t>> m_terminator; // per dump, per entry; -1: not a coalesced inner op
    std::size_t m_count = 0;
};

} // namespace fd
