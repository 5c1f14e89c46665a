#pragma once

#include <cstdint>
#include <cstring>
#include <mutex>
#include <span>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace fd {

// Interns sequences of trivially copyable values (tensor shapes, dtype lists, stack traces) so that the
// thousands of entries that repeat the same shapes or the same stack share one copy. Id 0 is the empty
// sequence. intern() is thread-safe; get() is meant for after loading, when the pool no longer changes.
template <typename T> class SequencePool
{
    static_assert(std::is_trivially_copyable_v<T> && std::has_unique_object_representations_v<T>,
                  "sequences are hashed by their bytes");

public:
    SequencePool() { m_ranges.push_back({0, 0}); }
    SequencePool(const SequencePool&) = delete;
    SequencePool& operator=(const SequencePool&) = delete;

    std::uint32_t intern(std::span<const T> items)
    {
        if (items.empty())
            return 0;
        const std::string_view key(reinterpret_cast<const char*>(items.data()), items.size_bytes());
        std::lock_guard lock(m_mutex);
        if (auto it = m_index.find(Key{key}); it != m_index.end())
            return it->second;
        const auto id = static_cast<std::uint32_t>(m_ranges.size());
        m_ranges.push_back(
            {static_cast<std::uint32_t>(m_items.size()), static_cast<std::uint32_t>(items.size())});
        m_items.insert(m_items.end(), items.begin(), items.end());
        // The key stores offsets rather than pointers: m_items may reallocate.
        m_index.emplace(Key{{}, this, id}, id);
        return id;
    }

    std::span<const T> get(std::uint32_t id) const
    {
        const Range r = m_ranges[id];
        return std::span<const T>(m_items.data() + r.start, r.length);
    }
    std::size_t size() const { return m_ranges.size(); }
    std::size_t memoryUsage() const
    {
        return m_items.capacity() * sizeof(T) + m_ranges.capacity() * sizeof(Range) + m_index.size() * 40;
    }

private:
    struct Range
    {
        std::uint32_t start;
        std::uint32_t length;
    };
    // Either a probe (bytes of a candidate) or a stored sequence (pool + id).
    struct Key
    {
        std::string_view probe;
        const SequencePool* pool = nullptr;
        std::uint32_t id = 0;
        std::string_view bytes() const
        {
            if (!pool)
                return probe;
            const Range r = pool->m_ranges[id];
            return std::string_view(reinterpret_cast<const char*>(pool->m_items.data() + r.start),
                                    r.length * sizeof(T));
        }
        bool operator==(const Key& o) const { return bytes() == o.bytes(); }
    };
    struct KeyHash
    {
        std::size_t operator()(const Key& k) const { return std::hash<std::string_view>()(k.bytes()); }
    };

    mutable std::mutex m_mutex;
    std::vector<T> m_items;
    std::vector<Range> m_ranges;
    std::unordered_map<Key, std::uint32_t, KeyHash> m_index;
};

} // namespace fd
