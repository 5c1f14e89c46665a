#include "CollectiveIndex.h"

#include "model/Job.h"

#include <algorithm>
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

} // namespace

CollectiveIndex::CollectiveIndex(const Job& job)
{
    std::unordered_map<Key, std::size_t, KeyHash> slots;
    for (std::uint32_t d = 0; d < job.dumps.size(); ++d) {
        const auto& entries = job.dumps[d].entries;
        for (std::uint32_t i = 0; i < entries.size(); ++i) {
            const Entry& e = entries[i];
            const std::int64_t seq = seqOf(e);
            if (e.pgIndex == 0xffffffffu || seq == Entry::kAbsent)
                continue;
            auto [it, inserted] = slots.try_emplace(Key{e.pgIndex, e.isP2p, seq}, m_collectives.size());
            if (inserted)
                m_collectives.push_back({e.pgIndex, seq, e.isP2p, e.profilingName, {}});
            auto& refs = m_collectives[it->second].refs;
            if (!refs.empty() && refs.back().dump == d)
                refs.back().entry = i;
            else
                refs.push_back({d, i});
        }
    }
    std::sort(m_collectives.begin(), m_collectives.end(),
              [](const Collective& a, const Collective& b) { return keyOf(a) < keyOf(b); });
}

int CollectiveIndex::find(std::uint32_t pgIndex, std::int64_t seq, bool p2p) const
{
    const Key key{pgIndex, p2p, seq};
    auto it = std::lower_bound(m_collectives.begin(), m_collectives.end(), key,
                               [](const Collective& c, const Key& k) { return keyOf(c) < k; });
    return it != m_collectives.end() && keyOf(*it) == key ? int(it - m_collectives.begin()) : -1;
}

const CollectiveIndex::Collective* CollectiveIndex::get(std::uint32_t pgIndex, std::int64_t seq, bool p2p) const
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
