#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

// The lexical half of the typed JSON reader (core/io/JsonDumpReader.h): a cursor over JSON bytes that reads
// one token at a time, for a reader that knows which token comes next. It accepts exactly what nlohmann's
// lexer (the general decoder, core/io/JsonDecoder.cpp) accepts, or less: whatever it does not accept throws
// JsonNotTyped, and the file goes to the general decoder, which reads it or names the error. So this file
// never has to explain an error, and never reads a file differently from the general decoder.

namespace fd {

struct JsonNotTyped
{
};

// A string token as it stands in the file, between its quotes. Without escapes the raw bytes are the text;
// with them, the same raw bytes always decode to the same text (decodeJsonString), so both serve as cache
// keys.
struct JsonRawString
{
    std::string_view raw;
    bool escaped = false;
};

// The text of a string token: appends it to `out`, escapes resolved (\uXXXX as UTF-8, surrogate pairs
// joined). Throws JsonNotTyped on an escape nlohmann refuses (unknown letter, bad hex, a lone surrogate).
void decodeJsonString(std::string_view raw, std::string& out);

class JsonCursor
{
public:
    JsonCursor(const char* begin, const char* end) : m_p(begin), m_end(end) {}

    const char* position() const { return m_p; }
    // True when nothing but whitespace is left.
    bool atEnd()
    {
        skipSpace();
        return m_p == m_end;
    }

    // The next character after JSON whitespace (space, tab, CR, LF), not consumed.
    char peek()
    {
        skipSpace();
        if (m_p == m_end)
            throw JsonNotTyped{};
        return *m_p;
    }
    // Consumes `c` (after whitespace), or throws.
    void expect(char c)
    {
        if (peek() != c)
            throw JsonNotTyped{};
        ++m_p;
    }
    // Consumes `c` if it comes next.
    bool consume(char c)
    {
        if (peek() != c)
            return false;
        ++m_p;
        return true;
    }
    // After an item of a container that ends with `close`: true when another item follows (a ','), false when
    // the container closed.
    bool more(char close)
    {
        const char c = peek();
        ++m_p;
        if (c == ',')
            return true;
        if (c != close)
            throw JsonNotTyped{};
        return false;
    }

    // A string token; its text is checked (UTF-8, no raw control characters) but escapes are only found, not
    // decoded: the caller decodes them (decodeJsonString), which checks them.
    JsonRawString string();
    // The key `raw` if it comes next (a string token with exactly these raw bytes, then ':'): the entries of
    // a dump repeat their keys in one order, so most keys are a compare away.
    bool consumeKey(std::string_view raw)
    {
        skipSpace();
        const std::size_t n = raw.size();
        if (static_cast<std::size_t>(m_end - m_p) < n + 3 || m_p[0] != '"' || m_p[n + 1] != '"' ||
            !sameBytes(m_p + 1, raw.data(), n))
            return false;
        m_p += n + 2;
        expect(':');
        return true;
    }

    // A number that is an integer literal within int64 (what nlohmann gives as an integer); anything else
    // throws.
    std::int64_t integer();
    // Any number: an integer within int64 (isInteger), or a finite double, converted as nlohmann does (a
    // correctly rounded strtod). Integers beyond int64 (the general decoder's BigInt) throw.
    struct Number
    {
        bool isInteger = true;
        std::int64_t integer = 0;
        double real = 0;
    };
    Number number();
    // Consumes the literal `word` (true, false, null) if it comes next: false if the next token starts with
    // another character; throws if it starts like `word` and is not it.
    bool consumeLiteral(std::string_view word);

private:
    void skipSpace()
    {
        while (m_p != m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
            ++m_p;
    }
    const char* validateUtf8(const char* p) const;
    // memcmp() == 0 for keys (5 to 30 bytes): whole words, the last one overlapping, instead of a call per
    // key.
    static bool sameBytes(const char* a, const char* b, std::size_t n)
    {
        if (n >= 8) {
            for (std::size_t i = 0; i + 8 < n; i += 8)
                if (word<std::uint64_t>(a + i) != word<std::uint64_t>(b + i))
                    return false;
            return word<std::uint64_t>(a + n - 8) == word<std::uint64_t>(b + n - 8);
        }
        if (n >= 4)
            return word<std::uint32_t>(a) == word<std::uint32_t>(b) &&
                   word<std::uint32_t>(a + n - 4) == word<std::uint32_t>(b + n - 4);
        return std::memcmp(a, b, n) == 0;
    }
    template <typename Word> static Word word(const char* p)
    {
        Word w;
        std::memcpy(&w, p, sizeof w);
        return w;
    }

    const char* m_p;
    const char* m_end;
};

} // namespace fd
