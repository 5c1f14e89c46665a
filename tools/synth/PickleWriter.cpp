#include "PickleWriter.h"

#include <bit>
#include <cstdint>
#include <type_traits>

namespace fd {

PickleWriter::PickleWriter()
{
    reset();
}

void PickleWriter::reset()
{
    m_out.clear();
    m_strings.clear();
    m_nextMemo = 0;
    m_out.append("\x80\x02", 2);
}

template <typename T> void PickleWriter::appendLe(T v)
{
    // Pickle integers are little-endian whatever the host is; shifting keeps that true on any host.
    const auto u = static_cast<std::make_unsigned_t<T>>(v);
    char buf[sizeof(T)];
    for (std::size_t i = 0; i < sizeof(T); ++i)
        buf[i] = static_cast<char>((u >> (8 * i)) & 0xff);
    m_out.append(buf, sizeof(T));
}

void PickleWriter::beginTuple(std::size_t size)
{
    if (size > 3)
        m_out.push_back('(');
}

void PickleWriter::endTuple(std::size_t size)
{
    switch (size) {
    case 0:
        m_out.push_back(')');
        break;
    case 1:
        m_out.push_back('\x85');
        break;
    case 2:
        m_out.push_back('\x86');
        break;
    case 3:
        m_out.push_back('\x87');
        break;
    default:
        m_out.push_back('t');
        break;
    }
}

void PickleWriter::string(std::string_view s)
{
    if (auto it = m_strings.find(s); it != m_strings.end()) {
        get(it->second);
        return;
    }
    m_out.push_back('X');
    appendLe(static_cast<std::uint32_t>(s.size()));
    m_out.append(s);
    m_strings.emplace(std::string(s), memoize());
}

void PickleWriter::integer(std::int64_t v)
{
    if (v >= 0 && v <= 0xff) {
        m_out.push_back('K');
        m_out.push_back(static_cast<char>(v));
    } else if (v >= 0 && v <= 0xffff) {
        m_out.push_back('M');
        appendLe(static_cast<std::uint16_t>(v));
    } else if (v >= INT32_MIN && v <= INT32_MAX) {
        m_out.push_back('J');
        appendLe(static_cast<std::int32_t>(v));
    } else {
        // The C++ pickler always spends 8 bytes here, unlike Python's minimal LONG1.
        m_out.append("\x8a\x08", 2);
        appendLe(v);
    }
}

void PickleWriter::floating(double v)
{
    m_out.push_back('G');
    const auto bits = std::bit_cast<std::uint64_t>(v);
    // BINFLOAT is the one big-endian field in a pickle.
    char buf[8];
    for (int i = 0; i < 8; ++i)
        buf[i] = static_cast<char>((bits >> (56 - 8 * i)) & 0xff);
    m_out.append(buf, 8);
}

std::uint32_t PickleWriter::memoize()
{
    const std::uint32_t id = m_nextMemo++;
    if (id <= 0xff) {
        m_out.push_back('q');
        m_out.push_back(static_cast<char>(id));
    } else {
        m_out.push_back('r');
        appendLe(id);
    }
    return id;
}

void PickleWriter::get(std::uint32_t memoId)
{
    if (memoId <= 0xff) {
        m_out.push_back('h');
        m_out.push_back(static_cast<char>(memoId));
    } else {
        m_out.push_back('j');
        appendLe(memoId);
    }
}

const std::string& PickleWriter::finish()
{
    m_out.push_back('.');
    return m_out;
}

} // namespace fd
