#include "CollectiveIndex.h"

#include "core/model/Job.h"

#include <algorithm>
#include <limits>
#include <tuple>
#include <unordered_map>

namespace fd {

namespace {

using Key = std::tuple<std::uint32_t, bool, std::int64_t>;

Key keyOf(const CollectiveIndex::Collective& c)
{
    return {c.pgIndex, c.p2p, c.seq};
}

struct KeyHash
{
    std::size_t operator()(const Key& k) const
    {
        const auto [pg, p2p, seq] = k;
        return std::hash<std::int64_t>()(seq) * 1000003u ^ (std::size_t(pg) << 1) ^ std::size_t(p2p);
    }
};

constexpr std::uint32_t kNoPg = Entry::kNoPgIndex;
constexpr std::uint32_t kNoDump = 0xffffffffu;

// The sequence numbers of one (PG, collective or p2p) "lane" across all dumps. A ring buffer holds the last
// few thousand of them on every rank, so a lane's numbers are nearly dense: each (PG, seq) gets a slot at
// base + seq - lo, an array index rather than a hash lookup (a hash map would be most of the analysis time at
// 256 ranks). A lane whose numbers are sparse (odd or damaged dumps) falls back to the map.
struct Lane
{
    std::int64_t lo = std::numeric_limits<std::int64_t>::max();
    std::int64_t hi = std::numeric_limits<std::int64_t>::min();
    std::size_t records = 0;
    std::uint32_t base = 0;
    bool dense = false;
};

std::uint32_t laneOf(const Entry& e)
{
    return e.pgIndex * 2 + (e.isP2p ? 1 : 0);
}

bool indexed(const Entry& e)
{
    return e.pgIndex != kNoPg && CollectiveIndex::seqOf(e) != Entry::kAbsent;
}

} // namespace

CollectiveIndex::CollectiveIndex(const Job& job)
{
    std::vector<Lane> lanes(job.processGroups.size() * 2);
    for (const RankDump& dump : job.dumps) {
        for (const Entry& e : dump.entries) {
            if (!indexed(e) || laneOf(e) >= lanes.size())
                continue;
            Lane& lane = lanes[laneOf(e)];
            lane.lo = std::min(lane.lo, seqOf(e));
            lane.hi = std::max(lane.hi, seqOf(e));
            ++lane.records;
        }
    }
    std::size_t slots = 0;
    for (Lane& lane : lanes) {
        if (lane.records == 0)
            continue;
        const auto span = static_cast<std::uint64_t>(lane.hi) - static_cast<std::uint64_t>(lane.lo) + 1;
        lane.dense = span <= 4 * lane.records + 64 && slots + span < kNoDump;
        if (lane.dense) {
            lane.base = std::uint32_t(slots);
            slots += span;
        }
    }
    const std::size_t denseSlots = slots;
    std::unordered_map<Key, std::uint32_t, KeyHash> sparse;
    auto slotOf = [&](const Entry& e) -> std::uint32_t {
        if (laneOf(e) < lanes.size()) {
            if (const Lane& lane = lanes[laneOf(e)]; lane.dense)
                return lane.base + std::uint32_t(seqOf(e) - lane.lo);
        }
        return sparse.try_emplace(Key{e.pgIndex, e.isP2p, seqOf(e)}, std::uint32_t(slots)).first->second;
    };

    // Count one record per (slot, dump), remember each slot's first record, then lay the records out flat.
    std::vector<std::uint32_t> count(slots), lastDump(slots, kNoDump);
    std::vector<EntryRef> first(slots);
    std::vector<std::uint32_t> entrySlot;
    entrySlot.reserve(job.entryCount());
    for (std::uint32_t d = 0; d < job.dumps.size(); ++d) {
        const auto& entries = job.dumps[d].entries;
        for (std::uint32_t i = 0; i < entries.size(); ++i) {
            if (!indexed(entries[i]))
                continue;
            const std::uint32_t slot = slotOf(entries[i]);
            if (slot == slots) { // a new sparse slot
                ++slots;
                count.push_back(0);
                lastDump.push_back(kNoDump);
                first.push_back({});
            }
            entrySlot.push_back(slot);
            if (lastDump[slot] == d)
                continue;
            if (count[slot]++ == 0)
                first[slot] = {d, i};
            lastDump[slot] = d;
        }
    }
    std::vector<std::uint32_t> offset(slots + 1, 0);
    for (std::size_t s = 0; s < slots; ++s)
        offset[s + 1] = offset[s] + count[s];
    m_refs.resize(offset[slots]);
    std::fill(lastDump.begin(), lastDump.end(), kNoDump);
    std::size_t next = 0;
    for (std::uint32_t d = 0; d < job.dumps.size(); ++d) {
        const auto& entries = job.dumps[d].entries;
        for (std::uint32_t i = 0; i < entries.size(); ++i) {
            if (!indexed(entries[i]))
                continue;
            const std::uint32_t slot = entrySlot[next++];
            if (lastDump[slot] == d) { // the last record of a dump wins (a coalesced group's terminator)
                m_refs[offset[slot] - 1].entry = i;
                continue;
            }
            m_refs[offset[slot]++] = {d, i};
            lastDump[slot] = d;
        }
    }

    // offset[s] now ends slot s. Dense slots are in (PG, p2p, seq) order already; sparse ones need sorting.
    m_collectives.reserve(slots);
    for (std::size_t s = 0; s < slots; ++s) {
        if (count[s] == 0)
            continue;
        const Entry& e = job.dumps[first[s].dump].entries[first[s].entry];
        const std::span<const EntryRef> refs(m_refs.data() + offset[s] - count[s], count[s]);
        m_collectives.push_back({e.pgIndex, seqOf(e), e.isP2p, e.profilingName, refs});
    }
    if (slots > denseSlots) {
        std::sort(m_collectives.begin(), m_collectives.end(),
                  [](const Collective& a, const Collective& b) { return keyOf(a) < keyOf(b); });
    }
}

int CollectiveIndex::find(std::uint32_t pgIndex, std::int64_t seq, bool p2p) const
{
    const Key key{pgIndex, p2p, seq};
    auto it = std::lower_bound(m_collectives.begin(), m_collectives.end(), key,
                               [](const Collective& c, const Key& k) { return keyOf(c) < k; });
    return it != m_collectives.end() && keyOf(*it) == key ? int(it - m_collectives.begin()) : -1;
}

const CollectiveIndex::Collective* CollectiveIndex::get(std::uint32_t pgIndex, std::int64_t seq,
                                                        bool p2p) const
{
    const int i = find(pgIndex, seq, p2p);
    return i >= 0 ? &m_collectives[std::size_t(i)] : nullptr;
}

std::span<const CollectiveIndex::Collective> CollectiveIndex::ofPg(std::uint32_t pgIndex) const
{
    auto lo = std::lower_bound(m_collectives.begin(), m_collectives.end(), pgIndex,
                               [](const Collective& c, std::uint32_t pg) { return c.pgIndex < pg; });
    auto hi = std::upper_bound(lo, m_collectives.end(), pgIndex,
                               [](std::uint32_t pg, const Collective& c) { return pg < c.pgIndex; });
    return {lo, hi};
}

} // namespace fd
