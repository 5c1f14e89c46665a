#pragma once

#include "model/JobPools.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fd {

// One file's cache in front of the job's shared pools (which take a lock): shapes, dtype lists and stacks
// repeat from entry to entry, so each is looked up here by its content first. Used by one thread, for one file,
// by either reader (DumpFields, PickleDumpReader).
class DumpInterner
{
public:
    explicit DumpInterner(JobPools& pools) : m_pools(pools) {}

    JobPools& pools() { return m_pools; }
    // A shape list stored flat: [count, len0, d0..., len1, d1..., ...]. Empty: 0.
    ShapesId shapes(std::span<const std::int64_t> flat) { return cached('s', flat, m_pools.shapeLists); }
    DtypesId dtypes(std::span<const StrId> ids)
    {
        // Inline: once per entry and list, and most lists hold one dtype already seen.
        if (ids.size() == 1 && ids[0] < m_singleDtype.size() && m_singleDtype[ids[0]] != kNoDtypes)
            return m_singleDtype[ids[0]];
        return dtypesSlow(ids);
    }
    StackId stack(std::span<const StackFrame> frames) { return cached('f', frames, m_pools.stacks); }

    // The PGs this file's entries named, as read (before EntrySchema's internEntryPg() completes them): a rank
    // names a dozen, so a short list scanned in order beats hashing.
    const EntryPgId* findEntryPg(const EntryPg& named) const
    {
        for (const auto& [pg, id] : m_entryPgs)
            if (pg == named)
                return &id;
        return nullptr;
    }
    void rememberEntryPg(const EntryPg& named, EntryPgId id)
    {
        if (m_entryPgs.size() < kEntryPgs) // beyond, a file of odd dumps goes to the pool each time
            m_entryPgs.emplace_back(named, id);
    }

    // Stacks are also cached by the reader's own ids for their frames (pickle nodes): entries from one call
    // site list the same memoized frame dicts, a cheaper key than the frames' content.
    const std::uint32_t* findStackByFrameIds(std::span<const std::uint32_t> ids)
    {
        return find('r', asBytes(ids));
    }
    void rememberStackByFrameIds(std::span<const std::uint32_t> ids, StackId id) { remember('r', asBytes(ids), id); }

    // Ids cached by the bytes that encode a value in the file (PickleDumpReader: a shape list, or a frames list
    // whose memo ids are never reassigned), under a tag of the caller's choice. No copy on a hit.
    const std::uint32_t* findEncoded(char tag, std::string_view encoding) { return find(tag, encoding); }
    void rememberEncoded(char tag, std::string_view encoding, std::uint32_t id) { remember(tag, encoding, id); }

private:
    struct Slot
    {
        std::uint64_t hash = 0;
        std::uint32_t id = 0;
        char tag = 0; // shapes, dtypes, stacks and the callers' keys share the cache
        std::string key;
    };

    template<typename T>
    static std::string_view asBytes(std::span<const T> items)
    {
        return {reinterpret_cast<const char*>(items.data()), items.size_bytes()};
    }
    static constexpr DtypesId kNoDtypes = 0xffffffffu; // m_singleDtype: not interned yet
    DtypesId dtypesSlow(std::span<const StrId> ids);
    static std::uint64_t hash(char tag, std::string_view key);
    const std::uint32_t* find(char tag, std::string_view key) const;
    void remember(char tag, std::string_view key, std::uint32_t id);

    template<typename T>
    std::uint32_t cached(char tag, std::span<const T> items, SequencePool<T>& pool)
    {
        if (items.empty())
            return 0;
        if (const std::uint32_t* id = find(tag, asBytes(items)))
            return *id;
        const std::uint32_t id = pool.intern(items);
        remember(tag, asBytes(items), id);
        return id;
    }

    JobPools& m_pools;
    // A small direct-mapped table: one cheap hash and one memcmp per lookup, no allocation on a hit. A power of
    // two, so a slot is a mask away (a division per lookup showed in profiles).
    static constexpr std::size_t kSlots = 512;
    std::vector<Slot> m_cache = std::vector<Slot>(kSlots);
    std::vector<DtypesId> m_singleDtype; // most lists hold one dtype: indexed by its StrId
    static constexpr std::size_t kEntryPgs = 64;
    std::vector<std::pair<EntryPg, EntryPgId>> m_entryPgs;
};

} // namespace fd
