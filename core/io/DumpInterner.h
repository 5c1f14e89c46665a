#pragma once

#include "core/model/JobPools.h"

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fd {

// One file's cache in front of the job's shared pools (which take a lock): shapes, dtype lists and stacks
// repeat from entry to entry, so each is looked up here by its content first. Used by one thread, for one
// file, by either reader (DumpFields, PickleDumpReader).
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

    // The PG an entry named (pg_id, process_group), interned for Entry::pg. A rank names a dozen: each is
    // looked up in a small table first, by a hash that is one multiply (every entry of the file goes through
    // here).
    EntryPgId entryPg(const EntryPg& named)
    {
        const EntryPgSlot& slot = m_entryPgs[entryPgSlot(named)];
        if (slot.known && slot.named == named)
            return slot.id;
        return newEntryPg(named);
    }

    // Stacks are also cached by the reader's own ids for their frames (pickle nodes): entries from one call
    // site list the same memoized frame dicts, a cheaper key than the frames' content.
    const std::uint32_t* findStackByFrameIds(std::span<const std::uint32_t> ids)
    {
        return find('r', asBytes(ids));
    }
    void rememberStackByFrameIds(std::span<const std::uint32_t> ids, StackId id)
    {
        remember('r', asBytes(ids), id);
    }

    // Ids cached by the bytes that encode a value in the file (PickleDumpReader: a shape list, or a frames
    // list whose memo ids are never reassigned), under a tag of the caller's choice. No copy on a hit.
    const std::uint32_t* findEncoded(char tag, std::string_view encoding) { return find(tag, encoding); }
    void rememberEncoded(char tag, std::string_view encoding, std::uint32_t id)
    {
        remember(tag, encoding, id);
    }

    // The hash these caches use, for a reader's own tables of keys (JsonDumpReader's strings).
    static std::uint64_t hash(char tag, std::string_view key);

private:
    struct Slot
    {
        std::uint64_t hash = 0;
        std::uint32_t id = 0;
        char tag = 0; // shapes, dtypes, stacks and the callers' keys share the cache
        std::string key;
    };

    template <typename T> static std::string_view asBytes(std::span<const T> items)
    {
        return {reinterpret_cast<const char*>(items.data()), items.size_bytes()};
    }
    static constexpr DtypesId kNoDtypes = 0xffffffffu; // m_singleDtype: not interned yet
    DtypesId dtypesSlow(std::span<const StrId> ids);
    const std::uint32_t* find(char tag, std::string_view key) const;
    void remember(char tag, std::string_view key, std::uint32_t id);

    template <typename T> std::uint32_t cached(char tag, std::span<const T> items, SequencePool<T>& pool)
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
    // A small direct-mapped table: one cheap hash and one memcmp per lookup, no allocation on a hit. A power
    // of two, so a slot is a mask away (a division per lookup showed in profiles).
    static constexpr std::size_t kSlots = 512;
    std::vector<Slot> m_cache = std::vector<Slot>(kSlots);
    std::vector<DtypesId> m_singleDtype; // most lists hold one dtype: indexed by its StrId
    struct EntryPgSlot
    {
        EntryPg named; // as the entry named it, before EntrySchema's withPgName()
        EntryPgId id = 0;
        bool known = false;
    };
    static std::size_t entryPgSlot(const EntryPg& pg)
    {
        return ((pg.name * 0x9e3779b1u) ^ static_cast<std::uint32_t>(pg.localId)) & (kEntryPgSlots - 1);
    }
    EntryPgId newEntryPg(const EntryPg& named);
    static constexpr std::size_t kEntryPgSlots = 64; // a power of two; a collision only costs a pool lookup
    std::array<EntryPgSlot, kEntryPgSlots> m_entryPgs{};
};

} // namespace fd
