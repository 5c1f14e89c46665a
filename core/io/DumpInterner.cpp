#include "DumpInterner.h"

#include <cstring>

namespace fd {

// Hash of a cache key: whole 8-byte words, multiply and rotate. Keys are short (a shape list, a stack's frame
// ids), so this beats std::hash's byte loop; collisions only cost a cache miss.
std::uint64_t DumpInterner::hash(char tag, std::string_view key)
{
    std::uint64_t h = (0x9e3779b97f4a7c15ull ^ key.size()) + static_cast<unsigned char>(tag);
    std::size_t i = 0;
    for (; i + 8 <= key.size(); i += 8) {
        std::uint64_t w;
        std::memcpy(&w, key.data() + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    for (; i < key.size(); ++i)
        h = (h ^ static_cast<unsigned char>(key[i])) * 0x100000001b3ull;
    return h ^ (h >> 29);
}

const std::uint32_t* DumpInterner::find(char tag, std::string_view key) const
{
    const std::uint64_t h = hash(tag, key);
    const Slot& slot = m_cache[h & (kSlots - 1)];
    return slot.hash == h && slot.tag == tag && slot.key == key ? &slot.id : nullptr;
}

void DumpInterner::remember(char tag, std::string_view key, std::uint32_t id)
{
    const std::uint64_t h = hash(tag, key);
    Slot& slot = m_cache[h & (kSlots - 1)];
    slot.hash = h;
    slot.tag = tag;
    slot.key.assign(key);
    slot.id = id;
}

DtypesId DumpInterner::dtypes(std::span<const StrId> ids)
{
    if (ids.size() != 1)
        return cached('d', ids, m_pools.dtypeLists);
    const StrId only = ids[0];
    if (only >= m_singleDtype.size())
        m_singleDtype.resize(only + 1, 0xffffffffu);
    if (m_singleDtype[only] == 0xffffffffu)
        m_singleDtype[only] = m_pools.dtypeLists.intern(ids);
    return m_singleDtype[only];
}

} // namespace fd
