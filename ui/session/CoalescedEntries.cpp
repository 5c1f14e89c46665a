#include "CoalescedEntries.h"

#include "analysis/OpInfo.h"

namespace fd {

namespace {

bool isPointToPoint(const Entry& e, OpFamily f)
{
    return e.isP2p || f == OpFamily::Send || f == OpFamily::Recv;
}

} // namespace

CoalescedEntries::CoalescedEntries(const Job& job)
{
    // Core's name parser, so "allreduce_coalesced" (a real op with sizes) is not taken for a terminator.
    OpInfoCache cache(*job.pools);
    m_terminator.resize(job.dumps.size());
    for (std::size_t d = 0; d < job.dumps.size(); ++d) {
        const auto& entries = job.dumps[d].entries;
        auto& inner = m_terminator[d];
        inner.assign(entries.size(), -1);
        for (std::size_t i = entries.size(); i-- > 0;) {
            const Entry& t = entries[i];
            if (cache.get(t.profilingName).family != OpFamily::CoalescedEnd)
                continue;
            for (std::size_t j = i; j-- > 0;) {
                const Entry& e = entries[j];
                if (e.pgIndex != t.pgIndex)
                    continue;
                const OpFamily f = cache.get(e.profilingName).family;
                if (f == OpFamily::CoalescedEnd || inner[j] >= 0)
                    break;
                const bool member = isPointToPoint(e, f) ? (t.isP2p || e.collectiveSeqId == t.collectiveSeqId)
                                                         : (!t.isP2p && e.collectiveSeqId == t.collectiveSeqId);
                if (!member || e.state == EntryState::Completed)
                    break;
                inner[j] = std::int32_t(i);
                ++m_count;
            }
        }
    }
}

} // namespace fd
