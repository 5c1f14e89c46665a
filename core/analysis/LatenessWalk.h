#pragma once

#include "Stragglers.h"
#include "core/model/Entry.h"

#include <array>
#include <cstdint>
#include <vector>

namespace fd {

struct Job;

// The straggler analysis' walk over the job's collectives (Stragglers.cpp has the rules): each PG member's
// judged entries by seq, and per collective each member's lateness against its peers and its completion
// against theirs.
namespace lateness {

inline constexpr LatenessBasis kBases[] = {LatenessBasis::Enqueue, LatenessBasis::Start};
inline constexpr std::size_t kBasisCount = 2;

// One PG member's records: its dump and the indices of its judged entries, by seq, the last one per seq (a
// coalesced group's terminator comes after its inner ops).
struct MemberRecords
{
    std::uint32_t dump = 0;
    std::vector<std::uint32_t> entries;
    std::int64_t firstSeq = 0;
    bool consecutive =
        false; // entries[i] has seq firstSeq + i, as where the recorder dropped nothing between
};

// By PG index, every member with judged entries (collectives with a PG and a seq; p2p ops are a send and a
// receive of two ranks). Also each dump's pace: the median gap between the enqueue times of its successive
// collectives, in ms. A dump loaded without times has no records.
std::vector<std::vector<MemberRecords>> recordsByPg(const Job& job, std::vector<double>& paceOfDump);

// What one walk over a PG's collectives found, by member index, in seq order.
struct PgWalk
{
    // Per basis: the member's time minus the median of the other members' times (clock offsets removed), in
    // ms, for each collective where it and at least one peer have that time.
    std::array<std::vector<std::vector<float>>, kBasisCount> late;
    // The member's completion minus the median completion of the members that completed it, in ms (only
    // when asked for).
    std::vector<std::vector<float>> completionDeviation;
};

// `clockOffsetMs` by rank, or nullptr for none.
PgWalk walkPg(const Job& job, const std::vector<MemberRecords>& members,
              const std::vector<double>* clockOffsetMs, bool completionDeviations);

// The time an entry carries on `basis`, Entry::kNoTime where it has none. Inline: the walk asks it twice per
// member of every collective.
inline std::int64_t timeOn(const EntryTimes& t, LatenessBasis basis)
{
    const std::int64_t v = basis == LatenessBasis::Enqueue ? t.timeCreatedNs : t.timeDiscoveredStartedNs;
    return v > 0 ? v : Entry::kNoTime; // JSON writes an absent time as 0
}
// A collective with a PG and a seq, not p2p. Inline: asked of every entry of every rank.
inline bool judged(const Entry& e)
{
    return !e.isP2p && e.pgIndex != Entry::kNoPgIndex && e.collectiveSeqId != Entry::kAbsent;
}

// Sorts finite floats ascending, as std::sort orders them.
void sortFloats(std::vector<float>& v, std::vector<std::uint32_t>& scratch);

} // namespace lateness
} // namespace fd
