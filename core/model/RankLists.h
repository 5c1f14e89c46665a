#pragma once

#include "SequencePool.h"

#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fd {

using RankListId = std::uint32_t; // 0: the empty list

// The member lists of pg_config, shared by the whole job. Every dump repeats the lists of its PGs, and the
// default PG's lists every rank: at 16,384 ranks one copy per file would be 1 GB, and parsing its text
// "[0, 1, ..., 16383]" again in every file dominated the load. So each distinct list is stored once, and each
// distinct text is parsed once: later files only hash and compare it. Thread-safe.
class RankLists
{
public:
    // The id of the list `text` ("[0, 1, 2]", as PyTorch writes it) holds, sorted and without duplicates;
    // nullopt when it is not such a list.
    std::optional<RankListId> fromText(std::string_view text);
    // The id of `ranks` after sorting and removing duplicates.
    RankListId fromRanks(std::vector<int> ranks);
    std::span<const int> get(RankListId id) const { return m_lists.get(id); }
    std::size_t memoryUsage() const;

private:
    SequencePool<int> m_lists;
    mutable std::mutex m_textMutex;
    std::unordered_multimap<std::size_t, std::pair<std::string, RankListId>> m_byText; // by a sampled hash
};

} // namespace fd
