#include "StringTable.h"

namespace fd {

namespace {
constexpr std::size_t kChunkSize = 64 * 1024;
}

StringTable::StringTable()
{
    m_views.emplace_back();
    m_index.emplace(std::string_view(), 0);
}

StrId StringTable::intern(std::string_view bytes)
{
    std::lock_guard lock(m_mutex);
    if (auto it = m_index.find(bytes); it != m_index.end())
        return it->second;
    // Small strings share 64 KiB chunks; a string never spans two chunks, so a chunk is never reallocated.
    if (m_chunks.empty() || m_chunks.back().capacity() - m_chunks.back().size() < bytes.size()) {
        m_chunks.emplace_back();
        m_chunks.back().reserve(std::max(kChunkSize, bytes.size()));
    }
    std::string& chunk = m_chunks.back();
    const std::size_t start = chunk.size();
    chunk.append(bytes);
    const std::string_view stored(chunk.data() + start, bytes.size());
    const auto id = static_cast<StrId>(m_views.size());
    m_views.push_back(stored);
    m_index.emplace(stored, id);
    return id;
}

std::int64_t StringTable::lookup(std::string_view bytes) const
{
    std::lock_guard lock(m_mutex);
    auto it = m_index.find(bytes);
    return it == m_index.end() ? -1 : std::int64_t(it->second);
}

std::string_view StringTable::viewWhileInterning(StrId id) const
{
    std::lock_guard lock(m_mutex);
    return m_views[id];
}

std::size_t StringTable::memoryUsage() const
{
    std::lock_guard lock(m_mutex);
    std::size_t total = m_views.capacity() * sizeof(std::string_view) + m_index.size() * 48;
    for (const auto& c : m_chunks)
        total += c.capacity();
    return total;
}

} // namespace fd
