#include "CoalescedFold.h"

#include "core/io/ParallelFor.h"
#include "core/model/Job.h"

#include <algorithm>

namespace fd {

namespace {

bool isPointToPoint(const Entry& e, OpFamily f)
{
    return e.isP2p || f == OpFamily::Send || f == OpFamily::Recv;
}

} // namespace

std::vector<CoalescedInner> foldCoalesced(std::span<const Entry> entries, const OpInfoCache& ops)
{
    std::vector<CoalescedInner> out;
    std::vector<std::uint8_t> inner(entries.size(), 0);
    for (std::size_t i = entries.size(); i-- > 0;) {
        const Entry& t = entries[i];
        if (ops.get(t.profilingName).family != OpFamily::CoalescedEnd)
            continue;
        for (std::size_t j = i; j-- > 0;) {
            const Entry& e = entries[j];
            if (e.pgIndex != t.pgIndex)
                continue;
            const OpFamily f = ops.get(e.profilingName).family;
            if (f == OpFamily::CoalescedEnd || inner[j])
                break;
            const bool member = isPointToPoint(e, f) ? (t.isP2p || e.collectiveSeqId == t.collectiveSeqId)
                                                     : (!t.isP2p && e.collectiveSeqId == t.collectiveSeqId);
            if (!member || e.state == EntryState::Completed)
                break;
            inner[j] = 1;
            out.push_back({static_cast<std::uint32_t>(j), static_cast<std::uint32_t>(i)});
        }
    }
    std::sort(out.begin(), out.end(),
              [](const CoalescedInner& a, const CoalescedInner& b) { return a.entry < b.entry; });
    return out;
}

CoalescedFold::CoalescedFold(const Job& job, const OpInfoCache& ops)
{
    m_byDump.resize(job.dumps.size());
    parallelFor(job.dumps.size(), 0, nullptr,
                [&](std::size_t d) { m_byDump[d] = foldCoalesced(job.dumps[d].entries, ops); });
}

std::int32_t CoalescedFold::terminatorOf(std::size_t dump, std::uint32_t entry) const
{
    if (dump >= m_byDump.size())
        return -1;
    const auto& inner = m_byDump[dump];
    auto it = std::lower_bound(inner.begin(), inner.end(), entry,
                               [](const CoalescedInner& c, std::uint32_t e) { return c.entry < e; });
    return it != inner.end() && it->entry == entry ? static_cast<std::int32_t>(it->terminator) : -1;
}

std::span<const CoalescedInner> CoalescedFold::ofDump(std::size_t dump) const
{
    if (dump >= m_byDump.size())
        return {};
    return m_byDump[dump];
}

std::size_t CoalescedFold::innerCount() const
{
    std::size_t n = 0;
    for (const auto& d : m_byDump)
        n += d.size();
    return n;
}

} // namespace fd
