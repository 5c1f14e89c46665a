#pragma once

#include "core/model/Entry.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string_view>

namespace fd {

class JobPools;

// What a profiling name says about an op, parsed once per distinct name.
enum class OpFamily : std::uint8_t
{
    Other,         // gather, scatter, barrier, unknown names: compared by name only
    AllReduce,     // all_reduce, reduce, broadcast: every member has the same sizes
    AllGather,     // out numel = in numel x group size
    ReduceScatter, // in numel = out numel x group size
    AllToAll,      // per-rank sizes differ; sum of inputs = sum of outputs across members
    Send,
    Recv,
    CoalescedEnd, // "coalesced" / "<OP>_coalesced" terminator: carries the group's state, no sizes
};

struct OpInfo
{
    OpFamily family = OpFamily::Other;
    std::string_view name;      // without the backend prefix ("nccl:"), e.g. "_all_gather_base", "send 1->0"
    std::string_view canonical; // name used to compare ops across ranks: "_all_gather_base" -> "all_gather"
    int selfLocal = -1;         // p2p: local ranks inside the PG
    int peerLocal = -1;
    bool rootAsymmetric = false; // broadcast/reduce/gather/scatter: the root may finish before the others
};

OpInfo parseOpName(std::string_view profilingName);

// Caches parseOpName() by interned id: a job has few distinct names and millions of entries. Safe to call
// from several threads at once (the analysis walks the dumps in parallel). It knows the ids the pools held
// when it was made (the job is loaded by then); a later id reads as the empty name.
class OpInfoCache
{
public:
    explicit OpInfoCache(const JobPools& pools);
    const OpInfo& get(StrId profilingName) const;

private:
    const JobPools& m_pools;
    std::size_t m_size = 0;
    std::unique_ptr<OpInfo[]> m_byId;
    std::unique_ptr<std::atomic<bool>[]> m_known; // m_byId[id] is parsed; set after it is written
    mutable std::mutex m_parsing;
};

// Sizes rule of one op family for one member (the per-rank half of the all_gather / reduce_scatter rules).
// Returns false when the member's own input and output contradict the group size.
bool sizesConsistentWithGroup(OpFamily family, std::int64_t inNumel, std::int64_t outNumel,
                              std::int64_t groupSize);

} // namespace fd
