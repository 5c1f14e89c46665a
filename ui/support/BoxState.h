#pragma once

#include <cstdint>

namespace fd {

// What one box on a timeline lane stands for (the theme colours it, the timeline lays it out). "NeverEntered"
// marks where a rank that never entered the frontier collective would have its box. "CoalescedInner" is an op
// inside a coalesced group: its entry says "scheduled" by design (the group's terminator carries the state),
// so it must not read as pending work.
enum class BoxState : std::uint8_t
{
    Completed,
    Started,
    Scheduled,
    NeverEntered,
    CoalescedInner,
    Unknown,
    Count
};

} // namespace fd
