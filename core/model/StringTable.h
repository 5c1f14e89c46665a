#pragma once

#include "Utf8Text.h"

#include <QString>

#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fd {

// Index of an interned string. 0 is always the empty string, so a default-constructed StrId means "".
using StrId = std::uint32_t;

// Every distinct string of a job (PG names, dtypes, op names, frame names and file names) stored once.
// intern() is thread-safe so that loader threads can share one table; lookups of an id are lock-free once
// loading has finished (the Job is immutable from then on).
class StringTable
{
public:
    StringTable();
    StringTable(const StringTable&) = delete;
    StringTable& operator=(const StringTable&) = delete;

    StrId intern(std::string_view bytes);
    std::string_view view(StrId id) const { return m_views[id]; }
    // The same while other threads may still intern (a loader thread reading its own file's ids): under the
    // lock, as interning may move the table of views (the bytes themselves never move).
    std::string_view viewWhileInterning(StrId id) const;
    // The bytes as UTF-8, a byte outside a valid sequence shown as "\xNN" (Utf8Text.h).
    QString qstring(StrId id) const { return visibleText(m_views[id]); }
    // Id of an already interned string, or -1.
    std::int64_t lookup(std::string_view bytes) const;
    std::size_t size() const { return m_views.size(); }
    std::size_t memoryUsage() const;

private:
    mutable std::mutex m_mutex;
    std::deque<std::string> m_chunks; // stable storage: string_views into these never move
    std::vector<std::string_view> m_views;
    std::unordered_map<std::string_view, StrId> m_index;
};

} // namespace fd
