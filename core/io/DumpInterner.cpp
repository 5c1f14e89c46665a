#include "DumpInterner.h"

#include "EntrySchema.h"

#include <cstring>

namespace fd {

namespace {

std::uint64_t load8(const char* p)
{
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}

std::uint64_t load4(const char* p)
{
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

__extension__ typedef unsigned __int128 Uint128; // GCC and Clang on 64-bit targets

// 64 x 64 -> 128-bit multiply, folded: one instruction mixes every bit of both words (as wyhash does).
std::uint64_t mix(std::uint64_t a, std::uint64_t b)
{
    const Uint128 m = static_cast<Uint128>(a) * b;
    return static_cast<std::uint64_t>(m) ^ static_cast<std::uint64_t>(m >> 64);
}

constexpr std::uint64_t kOdd1 = 0xa0761d6478bd642full;
constexpr std::uint64_t kOdd2 = 0xe7037ed1a0b428dbull;

} // namespace

// Hash of a cache key, 16 bytes per multiply, the tail read as whole (overlapping) words rather than byte by
// byte. Keys are short (a shape list's or a stack's encoding, 10 to 100 bytes) and hashed once per entry, so
// a byte loop showed in profiles; collisions only cost a cache miss.
std::uint64_t DumpInterner::hash(char tag, std::string_view key)
{
    const char* p = key.data();
    const std::size_t n = key.size();
    std::uint64_t seed = kOdd1 ^ (n * kOdd2) ^ static_cast<unsigned char>(tag);
    std::uint64_t a = 0, b = 0;
    if (n >= 8) {
        for (std::size_t i = 0; n - i > 16; i += 16)
            seed = mix(load8(p + i) ^ kOdd1, load8(p + i + 8) ^ seed);
        a = load8(p + (n > 16 ? n - 16 : 0));
        b = load8(p + n - 8);
    } else if (n >= 4) {
        a = load4(p);
        b = load4(p + n - 4);
    } else if (n > 0) {
        a = (std::uint64_t(static_cast<unsigned char>(p[0])) << 16) |
            (std::uint64_t(static_cast<unsigned char>(p[n / 2])) << 8) | static_cast<unsigned char>(p[n - 1]);
    }
    return mix(a ^ kOdd2, b ^ seed);
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

EntryPgId DumpInterner::newEntryPg(const EntryPg& named)
{
    const EntryPg pg = withPgName(named, m_pools);
    const EntryPgId id = m_pools.entryPgs.intern({&pg, 1});
    m_entryPgs[entryPgSlot(named)] = {named, id, true};
    return id;
}

DtypesId DumpInterner::dtypesSlow(std::span<const StrId> ids)
{
    if (ids.size() != 1)
        return cached('d', ids, m_pools.dtypeLists);
    const StrId only = ids[0];
    if (only >= m_singleDtype.size())
        m_singleDtype.resize(only + 1, kNoDtypes);
    if (m_singleDtype[only] == kNoDtypes)
        m_singleDtype[only] = m_pools.dtypeLists.intern(ids);
    return m_singleDtype[only];
}

} // namespace fd
