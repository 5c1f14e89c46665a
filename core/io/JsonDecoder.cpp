#include "JsonDecoder.h"

#include <nlohmann/json.hpp>

#include <iterator>
#include <limits>
#include <string>
#include <vector>

// Streams nlohmann's SAX events straight into a ValueTree: no DOM, key order kept (a DOM with nlohmann::json
// would sort keys). Each container's children are collected on a scratch stack and appended in one batch when
// the container closes, so ValueTree::append never has to move anything.
//
// Numbers: integers within int64 are Int; larger ones (nlohmann hands uint64 beyond int64 to number_unsigned
// and anything longer to number_float together with the literal) become BigInt, the same little-endian
// two's-complement bytes pickle's LONG1 uses. nlohmann rejects literals beyond double's range (~1e308) with
// "number overflow" before we see them, so integers of more than ~308 digits cannot be read; the 4300-digit
// guard (Python's int() default) only keeps the conversion bounded should nlohmann ever pass them on.

namespace fd {
namespace {

using Ref = ValueTree::Ref;
using Kind = ValueTree::Kind;
using json = nlohmann::json;

// A plain pointer iterator that also publishes how far nlohmann's reader has got, so SAX events (which carry
// no position) can record where each value was read. nlohmann reads at most one character ahead.
class TrackingIterator
{
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    TrackingIterator(const char* p, const char** seen) : m_p(p), m_seen(seen) {}
    reference operator*() const { return *m_p; }
    TrackingIterator& operator++()
    {
        ++m_p;
        if (m_seen)
            *m_seen = m_p;
        return *this;
    }
    TrackingIterator operator++(int)
    {
        TrackingIterator old = *this;
        ++*this;
        return old;
    }
    bool operator==(const TrackingIterator& o) const { return m_p == o.m_p; }
    bool operator!=(const TrackingIterator& o) const { return m_p != o.m_p; }

private:
    const char* m_p;
    const char** m_seen;
};

constexpr std::size_t kMaxIntegerDigits = 4300;

// Decimal integer literal (optional '-', digits) -> minimal little-endian two's complement.
std::string decimalToTwosComplement(std::string_view text)
{
    const bool negative = !text.empty() && text.front() == '-';
    if (negative)
        text.remove_prefix(1);
    std::vector<std::uint32_t> limbs; // magnitude, little-endian base 2^32
    for (const char c : text) {
        std::uint64_t carry = static_cast<std::uint64_t>(c - '0');
        for (std::uint32_t& limb : limbs) {
            const std::uint64_t v = static_cast<std::uint64_t>(limb) * 10 + carry;
            limb = static_cast<std::uint32_t>(v);
            carry = v >> 32;
        }
        if (carry)
            limbs.push_back(static_cast<std::uint32_t>(carry));
    }
    std::string bytes;
    bytes.reserve(limbs.size() * 4 + 1);
    for (const std::uint32_t limb : limbs)
        for (int i = 0; i < 4; ++i)
            bytes.push_back(static_cast<char>((limb >> (8 * i)) & 0xff));
    bytes.push_back('\0'); // room for the sign bit
    if (negative) {
        unsigned carry = 1;
        for (char& ch : bytes) {
            const unsigned v = (~static_cast<unsigned char>(ch) & 0xffu) + carry;
            ch = static_cast<char>(v & 0xff);
            carry = v >> 8;
        }
    }
    // Drop bytes that only repeat the sign of the byte below them.
    while (bytes.size() > 1) {
        const auto top = static_cast<unsigned char>(bytes.back());
        const auto below = static_cast<unsigned char>(bytes[bytes.size() - 2]);
        if ((top == 0x00 && !(below & 0x80)) || (top == 0xff && (below & 0x80)))
            bytes.pop_back();
        else
            break;
    }
    return bytes;
}

class TreeBuilder
{
public:
    TreeBuilder(std::string_view bytes, ValueTree& tree, int maxDepth)
        : m_begin(bytes.data()), m_seen(bytes.data()), m_tree(tree), m_maxDepth(maxDepth)
    {
        m_items.reserve(256);
        m_open.reserve(16);
    }

    const char** seenPointer() { return &m_seen; }
    std::optional<DecodeError>& error() { return m_error; }

    // --- nlohmann SAX interface
    // -----------------------------------------------------------------------------
    bool null() { return value(m_tree.addNone(offset())); }
    bool boolean(bool v) { return value(m_tree.addBool(v, offset())); }
    bool number_integer(json::number_integer_t v) { return value(m_tree.addInt(v, offset())); }
    bool number_unsigned(json::number_unsigned_t v)
    {
        if (v <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            return value(m_tree.addInt(static_cast<std::int64_t>(v), offset()));
        std::string bytes(9, '\0');
        for (int i = 0; i < 8; ++i)
            bytes[static_cast<std::size_t>(i)] = static_cast<char>((v >> (8 * i)) & 0xff);
        return value(m_tree.addOwnedBytes(Kind::BigInt, bytes, offset()));
    }
    bool number_float(json::number_float_t v, const json::string_t& literal)
    {
        if (isIntegerLiteral(literal)) {
            if (literal.size() > kMaxIntegerDigits + 1)
                return fail("integer literal of " + std::to_string(literal.size()) + " digits is too long");
            return value(m_tree.addOwnedBytes(Kind::BigInt, decimalToTwosComplement(literal), offset()));
        }
        return value(m_tree.addFloat(v, offset()));
    }
    bool string(json::string_t& s)
    {
        return text(s) && value(m_tree.addOwnedBytes(Kind::String, s, offset()));
    }
    bool binary(json::binary_t&) { return fail("binary values are not JSON"); } // only binary formats emit it
    bool key(json::string_t& s) { return text(s) && value(m_tree.addOwnedBytes(Kind::String, s, offset())); }
    bool start_object(std::size_t) { return open(Kind::Dict); }
    bool end_object() { return close(); }
    bool start_array(std::size_t) { return open(Kind::List); }
    bool end_array() { return close(); }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex)
    {
        if (!m_error) {
            std::string message = ex.what();
            // "[json.exception.parse_error.101] parse error at ..." -> "parse error at ..."
            if (const auto pos = message.find("] ");
                message.rfind("[json.exception.", 0) == 0 && pos != std::string::npos)
                message.erase(0, pos + 2);
            m_error = DecodeError{position > 0 ? position - 1 : 0, std::move(message)};
        }
        return false;
    }

private:
    std::uint64_t offset() const { return static_cast<std::uint64_t>(m_seen - m_begin); }
    bool fail(std::string message)
    {
        if (!m_error)
            m_error = DecodeError{offset(), std::move(message)};
        return false;
    }
    static bool isIntegerLiteral(const std::string& s)
    {
        for (const char c : s)
            if (!(c == '-' || (c >= '0' && c <= '9')))
                return false;
        return !s.empty();
    }
    bool text(const std::string& s)
    {
        return s.size() <= std::numeric_limits<std::uint32_t>::max() ? true
                                                                     : fail("a string is larger than 4 GiB");
    }
    bool value(Ref r)
    {
        if (m_open.empty())
            m_tree.setRoot(r);
        else
            m_items.push_back(r);
        return true;
    }
    bool open(Kind kind)
    {
        if (static_cast<int>(m_open.size()) >= m_maxDepth)
            return fail("values nest deeper than " + std::to_string(m_maxDepth) + " levels");
        const Ref c = m_tree.addContainer(kind, offset());
        value(c);
        m_open.push_back(Open{c, m_items.size()});
        return true;
    }
    bool close()
    {
        const Open o = m_open.back();
        m_open.pop_back();
        const std::size_t n = m_items.size() - o.firstItem;
        if (n > std::numeric_limits<std::uint32_t>::max())
            return fail("a container holds more than 2^32 items");
        m_tree.append(o.container, m_items.data() + o.firstItem, n);
        m_items.resize(o.firstItem);
        return true;
    }

    struct Open
    {
        Ref container;
        std::size_t firstItem; // index into m_items
    };

    const char* m_begin;
    const char* m_seen;
    ValueTree& m_tree;
    int m_maxDepth;
    std::vector<Ref> m_items; // children of every open container, innermost last
    std::vector<Open> m_open;
    std::optional<DecodeError> m_error;
};

} // namespace

DecodeResult decodeJson(std::string_view bytes, const DecodeLimits& limits)
{
    DecodeResult result{ValueTree(bytes), std::nullopt};
    result.tree.reserve(bytes.size() / 16 + 16);
    TreeBuilder builder(bytes, result.tree, limits.maxDepth);
    const char* begin = bytes.data();
    const char* end = begin + bytes.size();
    const bool ok = json::sax_parse(TrackingIterator(begin, builder.seenPointer()),
                                    TrackingIterator(end, nullptr), &builder);
    if (!ok || builder.error()) {
        result.error = builder.error()
                           ? std::move(*builder.error())
                           : DecodeError{static_cast<std::uint64_t>(bytes.size()), "invalid JSON"};
    }
    return result;
}

} // namespace fd
