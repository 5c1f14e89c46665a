#include "JsonScanner.h"

#include <bit>
#include <charconv>
#include <limits>
#include <system_error>

namespace fd {

namespace {

constexpr std::uint64_t kOnes = 0x0101010101010101ull;
constexpr std::uint64_t kHighs = 0x8080808080808080ull;

// Non-zero when some byte of `v` is zero (may also flag bytes above a zero one: callers only ask "any?").
constexpr std::uint64_t zeroBytes(std::uint64_t v)
{
    return (v - kOnes) & ~v & kHighs;
}

// The bytes of 8 string bytes that need a closer look, as their top bits: the closing quote, a backslash, a
// control character (nlohmann refuses them raw) or a non-ASCII byte (checked as UTF-8). Strings are scanned 8
// bytes per step: they are most of a dump's bytes. The lowest flagged byte is always a real one (zeroBytes()
// errs only above a real zero), so on a little-endian machine its index is the mask's trailing zeros / 8.
std::uint64_t lookMask(std::uint64_t w)
{
    return zeroBytes(w ^ (kOnes * '"')) | zeroBytes(w ^ (kOnes * '\\')) | ((w - kOnes * 0x20) & ~w & kHighs) |
           (w & kHighs);
}

std::uint64_t load8(const char* p)
{
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    return w;
}

// The value of 8 ASCII digits at `p` (fast_float's parse_eight_digits_unrolled), or -1 when they are not all
// digits. Nanosecond times have 19 digits: a byte loop was a fifth of the reader.
std::int64_t eightDigits(const char* p)
{
    std::uint64_t w = load8(p);
    if constexpr (std::endian::native == std::endian::big)
        w = __builtin_bswap64(w);
    if ((w & 0xf0f0f0f0f0f0f0f0ull) != 0x3030303030303030ull ||
        ((w + 0x0606060606060606ull) & 0xf0f0f0f0f0f0f0f0ull) != 0x3030303030303030ull)
        return -1;
    w -= 0x3030303030303030ull;
    w = w * 10 + (w >> 8);
    w = (((w & 0x000000ff000000ffull) * (100 + (1000000ull << 32))) +
         (((w >> 16) & 0x000000ff000000ffull) * (1 + (10000ull << 32)))) >>
        32;
    return static_cast<std::int64_t>(w);
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    throw JsonNotTyped{};
}

// The four hex digits of a \u escape at raw[at].
unsigned hex4(std::string_view raw, std::size_t at)
{
    if (raw.size() < at + 4)
        throw JsonNotTyped{};
    unsigned v = 0;
    for (std::size_t i = at; i < at + 4; ++i)
        v = (v << 4) | static_cast<unsigned>(hexDigit(raw[i]));
    return v;
}

void appendUtf8(std::string& out, unsigned cp)
{
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xc0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xe0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    } else {
        out.push_back(static_cast<char>(0xf0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    }
}

} // namespace

void decodeJsonString(std::string_view raw, std::string& out)
{
    std::size_t i = 0;
    while (i < raw.size()) {
        const std::size_t slash = raw.find('\\', i);
        out.append(raw.substr(i, slash == std::string_view::npos ? std::string_view::npos : slash - i));
        if (slash == std::string_view::npos)
            return;
        if (slash + 1 >= raw.size())
            throw JsonNotTyped{};
        i = slash + 2;
        switch (raw[slash + 1]) {
        case '"':
            out.push_back('"');
            break;
        case '\\':
            out.push_back('\\');
            break;
        case '/':
            out.push_back('/');
            break;
        case 'b':
            out.push_back('\b');
            break;
        case 'f':
            out.push_back('\f');
            break;
        case 'n':
            out.push_back('\n');
            break;
        case 'r':
            out.push_back('\r');
            break;
        case 't':
            out.push_back('\t');
            break;
        case 'u': {
            unsigned cp = hex4(raw, i);
            i += 4;
            if (cp >= 0xdc00 && cp <= 0xdfff)
                throw JsonNotTyped{}; // a low surrogate with no high one before it
            if (cp >= 0xd800 && cp <= 0xdbff) {
                // A high surrogate must be followed by \u and a low one (nlohmann's rule, and JSON's).
                if (raw.size() < i + 2 || raw[i] != '\\' || raw[i + 1] != 'u')
                    throw JsonNotTyped{};
                const unsigned low = hex4(raw, i + 2);
                if (low < 0xdc00 || low > 0xdfff)
                    throw JsonNotTyped{};
                i += 6;
                cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
            }
            appendUtf8(out, cp);
            break;
        }
        default:
            throw JsonNotTyped{};
        }
    }
}

// One UTF-8 sequence starting at `p` (a byte >= 0x80), by the table nlohmann's lexer checks: no overlong
// forms, no surrogates, nothing past U+10FFFF. Returns the byte after it.
const char* JsonCursor::validateUtf8(const char* p) const
{
    const auto* u = reinterpret_cast<const unsigned char*>(p);
    const auto left = static_cast<std::size_t>(m_end - p);
    auto in = [&](std::size_t i, unsigned lo, unsigned hi) { return i < left && u[i] >= lo && u[i] <= hi; };
    auto cont = [&](std::size_t i) { return in(i, 0x80, 0xbf); };
    const unsigned c = u[0];
    if (c >= 0xc2 && c <= 0xdf) {
        if (cont(1))
            return p + 2;
    } else if (c == 0xe0) {
        if (in(1, 0xa0, 0xbf) && cont(2))
            return p + 3;
    } else if ((c >= 0xe1 && c <= 0xec) || c == 0xee || c == 0xef) {
        if (cont(1) && cont(2))
            return p + 3;
    } else if (c == 0xed) {
        if (in(1, 0x80, 0x9f) && cont(2))
            return p + 3;
    } else if (c == 0xf0) {
        if (in(1, 0x90, 0xbf) && cont(2) && cont(3))
            return p + 4;
    } else if (c >= 0xf1 && c <= 0xf3) {
        if (cont(1) && cont(2) && cont(3))
            return p + 4;
    } else if (c == 0xf4) {
        if (in(1, 0x80, 0x8f) && cont(2) && cont(3))
            return p + 4;
    }
    throw JsonNotTyped{};
}

JsonRawString JsonCursor::string()
{
    expect('"');
    const char* const start = m_p;
    const char* p = m_p;
    bool escaped = false;
    for (;;) {
        while (m_end - p >= 8) {
            const std::uint64_t mask = lookMask(load8(p));
            if (mask == 0) {
                p += 8;
                continue;
            }
            if constexpr (std::endian::native == std::endian::little)
                p += std::countr_zero(mask) / 8; // the first byte to look at
            break;
        }
        if (p == m_end)
            throw JsonNotTyped{};
        const auto c = static_cast<unsigned char>(*p);
        if (c == '"')
            break;
        if (c == '\\') {
            // Skipped here (an escaped quote must not end the string), checked when decoded.
            if (m_end - p < 2)
                throw JsonNotTyped{};
            escaped = true;
            p += 2;
        } else if (c < 0x20) {
            throw JsonNotTyped{};
        } else if (c >= 0x80) {
            p = validateUtf8(p);
        } else {
            ++p;
        }
    }
    m_p = p + 1;
    return {std::string_view(start, static_cast<std::size_t>(p - start)), escaped};
}

// JSON's grammar for a number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?. nlohmann reads an integer
// literal as int64/uint64 when it fits, else as a double; other literals with strtod (correctly rounded, like
// from_chars), refusing results that are not finite.
JsonCursor::Number JsonCursor::number()
{
    skipSpace();
    const char* const start = m_p;
    const char* p = m_p;
    const bool negative = p != m_end && *p == '-';
    if (negative)
        ++p;
    if (p == m_end || !isDigit(*p))
        throw JsonNotTyped{};
    std::uint64_t magnitude = 0;
    int digits = 0;
    if (*p == '0') {
        ++p;
    } else {
        // Unsigned arithmetic wraps harmlessly past 19 digits: those throw below.
        for (std::int64_t eight; m_end - p >= 8 && (eight = eightDigits(p)) >= 0; p += 8, digits += 8)
            magnitude = magnitude * 100000000 + static_cast<std::uint64_t>(eight);
        for (; p != m_end && isDigit(*p); ++p, ++digits)
            magnitude = magnitude * 10 + static_cast<std::uint64_t>(*p - '0');
    }
    bool real = false;
    auto digitsAfter = [&] {
        if (p == m_end || !isDigit(*p))
            throw JsonNotTyped{};
        while (p != m_end && isDigit(*p))
            ++p;
    };
    if (p != m_end && *p == '.') {
        ++p;
        digitsAfter();
        real = true;
    }
    if (p != m_end && (*p == 'e' || *p == 'E')) {
        ++p;
        if (p != m_end && (*p == '+' || *p == '-'))
            ++p;
        digitsAfter();
        real = true;
    }
    m_p = p;
    Number n;
    if (!real) {
        // Beyond int64 the general decoder makes a BigInt, which no field of the typed reader takes.
        constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
        if (digits > 19 || magnitude > kMax + (negative ? 1 : 0))
            throw JsonNotTyped{};
        n.integer =
            negative ? static_cast<std::int64_t>(0 - magnitude) : static_cast<std::int64_t>(magnitude);
        return n;
    }
    n.isInteger = false;
    const auto [end, ec] = std::from_chars(start, p, n.real);
    // Out of range (overflow: nlohmann refuses it; underflow: strtod's denormal) goes to the general decoder.
    if (ec != std::errc() || end != p)
        throw JsonNotTyped{};
    return n;
}

std::int64_t JsonCursor::integer()
{
    const Number n = number();
    if (!n.isInteger)
        throw JsonNotTyped{};
    return n.integer;
}

bool JsonCursor::consumeLiteral(std::string_view word)
{
    if (peek() != word[0])
        return false;
    if (static_cast<std::size_t>(m_end - m_p) < word.size() ||
        std::memcmp(m_p, word.data(), word.size()) != 0)
        throw JsonNotTyped{};
    m_p += word.size();
    return true;
}

} // namespace fd
