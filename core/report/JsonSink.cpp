#include "JsonSink.h"

#include <QtGlobal>

#include <charconv>

namespace fd {

void JsonSink::integers(const std::vector<int>& values)
{
    beginArray();
    for (int v : values)
        integer(v);
    endArray();
}

void JsonSink::integers(const std::vector<std::uint32_t>& values)
{
    beginArray();
    for (std::uint32_t v : values)
        unsignedInteger(v);
    endArray();
}

// --- JsonDom

void JsonDom::put(nlohmann::json value)
{
    if (m_open.empty())
        m_root = std::move(value);
    else if (m_open.back()->is_object())
        (*m_open.back())[m_key] = std::move(value);
    else
        m_open.back()->push_back(std::move(value));
}

void JsonDom::open(nlohmann::json empty)
{
    if (m_open.empty()) {
        m_root = std::move(empty);
        m_open.push_back(&m_root);
        return;
    }
    nlohmann::json& parent = *m_open.back();
    // The parent is not written to while this child is open, so the pointer stays good (map nodes and vector
    // elements move only when their own container grows).
    if (parent.is_object()) {
        parent[m_key] = std::move(empty);
        m_open.push_back(&parent[m_key]);
    } else {
        parent.push_back(std::move(empty));
        m_open.push_back(&parent.back());
    }
}

// --- JsonText: nlohmann's pretty printer with an indent of 2 (serializer::dump)

void JsonText::newline(std::size_t depth)
{
    m_out += '\n';
    m_out.append(2 * depth, ' ');
}

void JsonText::beforeValue()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (m_levels.empty())
        return;
    Level& level = m_levels.back();
    if (!level.empty)
        m_out += ',';
    level.empty = false;
    newline(m_levels.size());
}

void JsonText::key(std::string_view name)
{
    Level& level = m_levels.back();
#ifndef NDEBUG
    Q_ASSERT_X(level.lastKey.empty() || level.lastKey < name, "JsonText::key", "keys out of std::map order");
    level.lastKey = name;
#endif
    if (!level.empty)
        m_out += ',';
    level.empty = false;
    newline(m_levels.size());
    quoted(name);
    m_out += ": ";
    m_afterKey = true;
}

void JsonText::scalar(std::string_view text)
{
    beforeValue();
    m_out += text;
}

void JsonText::integer(std::int64_t value)
{
    char buf[24];
    const auto end = std::to_chars(buf, buf + sizeof buf, value).ptr;
    scalar(std::string_view(buf, static_cast<std::size_t>(end - buf)));
}

void JsonText::unsignedInteger(std::uint64_t value)
{
    char buf[24];
    const auto end = std::to_chars(buf, buf + sizeof buf, value).ptr;
    scalar(std::string_view(buf, static_cast<std::size_t>(end - buf)));
}

void JsonText::floating(double value)
{
    // nlohmann's own number formatting (shortest round trip; null for NaN and infinities): the tree's dump.
    scalar(nlohmann::json(value).dump());
}

void JsonText::string(std::string_view value)
{
    beforeValue();
    quoted(value);
}

// Escaped as nlohmann does without ensure_ascii: the two-character escapes, \u00xx for the other control
// characters, every other byte (UTF-8 included) as it is.
void JsonText::quoted(std::string_view text)
{
    static constexpr char kHex[] = "0123456789abcdef";
    m_out += '"';
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"':
            m_out += "\\\"";
            break;
        case '\\':
            m_out += "\\\\";
            break;
        case '\b':
            m_out += "\\b";
            break;
        case '\f':
            m_out += "\\f";
            break;
        case '\n':
            m_out += "\\n";
            break;
        case '\r':
            m_out += "\\r";
            break;
        case '\t':
            m_out += "\\t";
            break;
        default:
            if (c < 0x20) {
                m_out += "\\u00";
                m_out += kHex[c >> 4];
                m_out += kHex[c & 0xf];
            } else {
                m_out += ch;
            }
        }
    }
    m_out += '"';
}

void JsonText::open(char bracket)
{
    beforeValue();
    m_out += bracket;
    m_levels.push_back({});
}

void JsonText::close(char bracket)
{
    const bool empty = m_levels.back().empty;
    m_levels.pop_back();
    if (!empty)
        newline(m_levels.size());
    m_out += bracket;
}

} // namespace fd
