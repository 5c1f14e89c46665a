#include "OpInfo.h"

#include "core/model/JobPools.h"

#include <algorithm>
#include <charconv>

namespace fd {

namespace {

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

int parseInt(std::string_view s)
{
    int v = -1;
    const auto* b = s.data();
    while (b < s.data() + s.size() && (*b == ' '))
        ++b;
    std::from_chars(b, s.data() + s.size(), v);
    return v;
}

} // namespace

OpInfo parseOpName(std::string_view full)
{
    OpInfo info;
    // "nccl:all_reduce", "xccl:...", or a bare name: drop everything up to the first ':'.
    const auto colon = full.find(':');
    info.name = colon == std::string_view::npos ? full : full.substr(colon + 1);
    info.canonical = info.name;
    const std::string_view n = info.name;

    if (n.starts_with("send") || n.starts_with("recv")) {
        const bool send = n.starts_with("send");
        info.family = send ? OpFamily::Send : OpFamily::Recv;
        info.canonical = send ? std::string_view("send") : std::string_view("recv");
        // "send 1->0" / "recv 0<-1": the first number is this rank, the second its peer (PG-local ranks).
        const auto arrow = n.find(send ? "->" : "<-");
        if (arrow != std::string_view::npos) {
            info.selfLocal = parseInt(n.substr(4, arrow - 4));
            info.peerLocal = parseInt(n.substr(arrow + 2));
        }
        return info;
    }
    if (n == "coalesced" || endsWith(n, "_coalesced")) {
        // allreduce_coalesced is a real op with sizes; the upper-case and bare forms are terminators.
        if (n == "allreduce_coalesced" || n == "allgather_into_tensor_coalesced" ||
            n == "reduce_scatter_tensor_coalesced") {
            info.family = n == "allreduce_coalesced"   ? OpFamily::AllReduce
                          : n.starts_with("allgather") ? OpFamily::AllGather
                                                       : OpFamily::ReduceScatter;
            return info;
        }
        info.family = OpFamily::CoalescedEnd;
        return info;
    }
    if (n == "all_reduce" || n == "allreduce") {
        info.family = OpFamily::AllReduce;
        info.canonical = "all_reduce";
    } else if (n == "broadcast" || n == "_broadcast_oop") {
        info.family = OpFamily::AllReduce;
        info.canonical = "broadcast";
        info.rootAsymmetric = true;
    } else if (n == "reduce" || n == "_reduce_oop") {
        info.family = OpFamily::AllReduce;
        info.canonical = "reduce";
        info.rootAsymmetric = true;
    } else if (n == "all_gather" || n == "_all_gather_base" || n == "all_gather_into_tensor" ||
               n == "allgather") {
        info.family = OpFamily::AllGather;
        info.canonical = "all_gather";
    } else if (n == "reduce_scatter" || n == "_reduce_scatter_base" || n == "reduce_scatter_tensor") {
        info.family = OpFamily::ReduceScatter;
        info.canonical = "reduce_scatter";
    } else if (n == "all_to_all" || n == "all_to_allv" || n == "alltoall" || n == "alltoall_base") {
        info.family = OpFamily::AllToAll;
        info.canonical = "all_to_all";
    } else if (n == "gather" || n == "scatter") {
        info.rootAsymmetric = true;
    }
    return info;
}

OpInfoCache::OpInfoCache(const JobPools& pools)
    : m_pools(pools), m_size(std::max<std::size_t>(pools.strings.size(), 1)),
      m_byId(std::make_unique<OpInfo[]>(m_size)), m_known(std::make_unique<std::atomic<bool>[]>(m_size))
{
}

const OpInfo& OpInfoCache::get(StrId id) const
{
    if (id >= m_size)
        id = 0;
    if (!m_known[id].load(std::memory_order_acquire)) {
        // A name is parsed once: later readers see it through the release store, never half written.
        const std::lock_guard lock(m_parsing);
        if (!m_known[id].load(std::memory_order_relaxed)) {
            m_byId[id] = parseOpName(m_pools.strings.view(id));
            m_known[id].store(true, std::memory_order_release);
        }
    }
    return m_byId[id];
}

bool sizesConsistentWithGroup(OpFamily family, std::int64_t inNumel, std::int64_t outNumel,
                              std::int64_t groupSize)
{
    if (inNumel == 0 && outNumel == 0)
        return true; // sizes not recorded
    switch (family) {
    case OpFamily::AllGather:
        return outNumel == inNumel * groupSize;
    case OpFamily::ReduceScatter:
        return inNumel == outNumel * groupSize;
    case OpFamily::AllReduce: // also broadcast and reduce: one tensor in and out
        return inNumel == 0 || outNumel == 0 || inNumel == outNumel;
    default:
        return true;
    }
}

} // namespace fd
