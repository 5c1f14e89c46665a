#include "Utf8Text.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace fd {

namespace {

// Length of the valid UTF-8 sequence at `i`, or 0 when the byte there starts none.
std::size_t sequenceAt(std::string_view s, std::size_t i)
{
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    if (c < 0x80)
        return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xbf; // allowed range of the second byte
    if (c >= 0xc2 && c <= 0xdf)
        n = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        if (c == 0xe0)
            lo = 0xa0; // overlong
        if (c == 0xed)
            hi = 0x9f; // surrogates
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        if (c == 0xf0)
            lo = 0x90; // overlong
        if (c == 0xf4)
            hi = 0x8f; // beyond U+10FFFF
    } else
        return 0;
    if (i + n > s.size() || b(i + 1) < lo || b(i + 1) > hi)
        return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (b(i + k) < 0x80 || b(i + k) > 0xbf)
            return 0;
    return n;
}

// Eight bytes per step, four words at a time: every string of every dump passes here, the default PG's member
// list of a 16,384-rank job (about 110 KB) in every file, and a byte-wise loop that stops early does not
// vectorise.
bool isAscii(std::string_view s)
{
    constexpr std::uint64_t kHighBits = 0x8080808080808080ull;
    const char* p = s.data();
    std::size_t n = s.size();
    auto word = [](const char* at) {
        std::uint64_t w = 0;
        std::memcpy(&w, at, sizeof w);
        return w;
    };
    for (; n >= 32; p += 32, n -= 32)
        if ((word(p) | word(p + 8) | word(p + 16) | word(p + 24)) & kHighBits)
            return false;
    for (; n >= 8; p += 8, n -= 8)
        if (word(p) & kHighBits)
            return false;
    return std::all_of(p, p + n, [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

} // namespace

bool isValidUtf8(std::string_view s)
{
    if (isAscii(s))
        return true;
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = sequenceAt(s, i);
        if (n == 0)
            return false;
        i += n;
    }
    return true;
}

QString visibleText(std::string_view s)
{
    if (isValidUtf8(s))
        return QString::fromUtf8(s.data(), qsizetype(s.size()));
    QString out;
    out.reserve(qsizetype(s.size()) + 16);
    std::size_t run = 0; // start of the current run of valid sequences
    const auto flush = [&](std::size_t end) {
        out += QString::fromUtf8(s.data() + run, qsizetype(end - run));
    };
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t n = sequenceAt(s, i);
        if (n > 0) {
            i += n;
            continue;
        }
        flush(i);
        out += QStringLiteral("\\x%1").arg(static_cast<unsigned char>(s[i]), 2, 16, QLatin1Char('0'));
        run = ++i;
    }
    flush(s.size());
    return out;
}

} // namespace fd
