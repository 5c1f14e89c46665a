#include "ValueJsonWriter.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>
#include <unordered_map>
#include <vector>

// The format is specified in docs/dump-json.md; keep the two in step.
//
// Recursion is bounded by ValueTree::kMaxDepth, which also stops cycles (a list that contains itself through
// the pickle memo). Sharing without cycles can still multiply the output exponentially (L1 = [L0, L0],
// L2 = [L1, L1], ...), so the output is also capped at a generous multiple of what writing every node once
// would take.

namespace fd {
namespace {

using Ref = ValueTree::Ref;
using Kind = ValueTree::Kind;

// Integers longer than this are refused rather than converted in quadratic time (~9800 decimal digits; Python
// itself refuses int->str beyond 4300 digits by default).
constexpr std::size_t kMaxBigIntBytes = 4096;

constexpr char kHex[] = "0123456789abcdef";

class Writer
{
public:
    Writer(const ValueTree& tree, int indent, std::string& out) : m_tree(tree), m_indent(indent), m_out(&out)
    {
    }

    void setBudget(std::size_t budget) { m_budget = budget; }
    bool write(Ref r, int level);
    const std::optional<std::string>& error() const { return m_error; }

private:
    bool fail(std::string message)
    {
        if (!m_error)
            m_error = std::move(message);
        return false;
    }
    void newline(int level)
    {
        if (m_indent <= 0)
            return;
        m_out->push_back('\n');
        m_out->append(static_cast<std::size_t>(level) * static_cast<std::size_t>(m_indent), ' ');
    }
    void writeString(std::string_view s);
    void writeBytesValue(std::string_view b); // the quoted base64 text
    bool writeBigInt(std::string_view le);
    void writeFloat(double d);
    bool writeKey(Ref key, int level);

    const ValueTree& m_tree;
    int m_indent;
    std::string* m_out;
    std::size_t m_budget = static_cast<std::size_t>(-1);
    std::optional<std::string> m_error;
    std::unordered_map<Ref, std::string> m_bigIntText;
};

// Length of the valid UTF-8 sequence at s[i], or 0 when the bytes there are not one (RFC 3629: no overlong
// forms, no surrogates, nothing beyond U+10FFFF).
std::size_t utf8Sequence(std::string_view s, std::size_t i)
{
    const auto at = [&](std::size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
    const unsigned c = at(i);
    const auto cont = [&](std::size_t k, unsigned lo = 0x80, unsigned hi = 0xbf) {
        const unsigned b = at(k);
        return k < s.size() && b >= lo && b <= hi;
    };
    if (c >= 0xc2 && c <= 0xdf)
        return cont(i + 1) ? 2 : 0;
    if (c >= 0xe0 && c <= 0xef) {
        const unsigned lo = c == 0xe0 ? 0xa0 : 0x80;
        const unsigned hi = c == 0xed ? 0x9f : 0xbf;
        return cont(i + 1, lo, hi) && cont(i + 2) ? 3 : 0;
    }
    if (c >= 0xf0 && c <= 0xf4) {
        const unsigned lo = c == 0xf0 ? 0x90 : 0x80;
        const unsigned hi = c == 0xf4 ? 0x8f : 0xbf;
        return cont(i + 1, lo, hi) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    }
    return 0;
}

void Writer::writeString(std::string_view s)
{
    std::string& out = *m_out;
    out.push_back('"');
    std::size_t i = 0;
    while (i < s.size()) {
        // Copy the longest run that needs no escaping in one go.
        std::size_t run = i;
        while (run < s.size()) {
            const auto c = static_cast<unsigned char>(s[run]);
            if (c < 0x20 || c == '"' || c == '\\' || c >= 0x80)
                break;
            ++run;
        }
        out.append(s.data() + i, run - i);
        i = run;
        if (i >= s.size())
            break;
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            if (const std::size_t n = utf8Sequence(s, i)) {
                out.append(s.data() + i, n);
                i += n;
            } else { // surrogateescape: the byte 0xNN becomes U+DCNN
                out.append("\\udc");
                out.push_back(kHex[c >> 4]);
                out.push_back(kHex[c & 15]);
                ++i;
            }
            continue;
        }
        switch (c) {
        case '"':
            out.append("\\\"");
            break;
        case '\\':
            out.append("\\\\");
            break;
        case '\b':
            out.append("\\b");
            break;
        case '\f':
            out.append("\\f");
            break;
        case '\n':
            out.append("\\n");
            break;
        case '\r':
            out.append("\\r");
            break;
        case '\t':
            out.append("\\t");
            break;
        default:
            out.append("\\u00");
            out.push_back(kHex[c >> 4]);
            out.push_back(kHex[c & 15]);
        }
        ++i;
    }
    out.push_back('"');
}

void Writer::writeBytesValue(std::string_view b)
{
    static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string& out = *m_out;
    out.push_back('"');
    std::size_t i = 0;
    for (; i + 3 <= b.size(); i += 3) {
        const std::uint32_t v = (static_cast<unsigned char>(b[i]) << 16) |
                                (static_cast<unsigned char>(b[i + 1]) << 8) |
                                static_cast<unsigned char>(b[i + 2]);
        out.push_back(alphabet[(v >> 18) & 63]);
        out.push_back(alphabet[(v >> 12) & 63]);
        out.push_back(alphabet[(v >> 6) & 63]);
        out.push_back(alphabet[v & 63]);
    }
    if (const std::size_t rest = b.size() - i) {
        std::uint32_t v = static_cast<unsigned char>(b[i]) << 16;
        if (rest == 2)
            v |= static_cast<unsigned char>(b[i + 1]) << 8;
        out.push_back(alphabet[(v >> 18) & 63]);
        out.push_back(alphabet[(v >> 12) & 63]);
        out.push_back(rest == 2 ? alphabet[(v >> 6) & 63] : '=');
        out.push_back('=');
    }
    out.push_back('"');
}

// Little-endian two's complement of any length -> decimal digits.
bool Writer::writeBigInt(std::string_view le)
{
    if (le.size() > kMaxBigIntBytes)
        return fail("an integer of " + std::to_string(le.size()) + " bytes is too large to write as decimal");
    if (le.empty()) {
        m_out->push_back('0');
        return true;
    }
    std::vector<unsigned char> mag(le.begin(), le.end());
    const bool negative = mag.back() & 0x80;
    if (negative) { // magnitude = -value = ~value + 1
        unsigned carry = 1;
        for (unsigned char& b : mag) {
            const unsigned v = (~b & 0xffu) + carry;
            b = static_cast<unsigned char>(v);
            carry = v >> 8;
        }
    }
    // Base 2^32 limbs, most significant first, then repeated division by 10^9.
    std::vector<std::uint32_t> limbs((mag.size() + 3) / 4, 0);
    for (std::size_t i = 0; i < mag.size(); ++i)
        limbs[limbs.size() - 1 - i / 4] |= static_cast<std::uint32_t>(mag[i]) << (8 * (i % 4));
    std::vector<std::uint32_t> chunks; // base 10^9, least significant first
    std::size_t first = 0;
    while (first < limbs.size()) {
        std::uint64_t rem = 0;
        for (std::size_t i = first; i < limbs.size(); ++i) {
            const std::uint64_t cur = (rem << 32) | limbs[i];
            limbs[i] = static_cast<std::uint32_t>(cur / 1000000000u);
            rem = cur % 1000000000u;
        }
        chunks.push_back(static_cast<std::uint32_t>(rem));
        while (first < limbs.size() && limbs[first] == 0)
            ++first;
    }
    if (negative)
        m_out->push_back('-');
    char buf[16];
    for (std::size_t i = chunks.size(); i-- > 0;) {
        const auto r = std::to_chars(buf, buf + sizeof buf, chunks[i]);
        const auto len = static_cast<std::size_t>(r.ptr - buf);
        if (i + 1 != chunks.size())
            m_out->append(9 - len, '0');
        m_out->append(buf, len);
    }
    return true;
}

void Writer::writeFloat(double d)
{
    if (std::isnan(d)) {
        m_out->append("\"NaN\"");
        return;
    }
    if (std::isinf(d)) {
        m_out->append(d > 0 ? "\"Infinity\"" : "\"-Infinity\"");
        return;
    }
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, d);
    const std::string_view text(buf, static_cast<std::size_t>(r.ptr - buf));
    m_out->append(text);
    // A float must read back as a float: "1" would become an int.
    if (text.find_first_of(".e") == std::string_view::npos)
        m_out->append(".0");
}

// Dict keys are JSON strings; a key that is not a string becomes the string holding its compact JSON text.
bool Writer::writeKey(Ref key, int level)
{
    if (m_tree.kind(key) == Kind::String) {
        writeString(m_tree.bytes(key));
        return true;
    }
    std::string text;
    std::string* saved = m_out;
    const int savedIndent = m_indent;
    m_out = &text;
    m_indent = 0;
    const bool ok = write(key, level);
    m_out = saved;
    m_indent = savedIndent;
    if (!ok)
        return false;
    writeString(text);
    return true;
}

bool Writer::write(Ref r, int level)
{
    if (m_out->size() > m_budget)
        return fail("the values expand to more than " + std::to_string(m_budget) +
                    " bytes of JSON (shared containers nested into each other: a hostile file?)");
    switch (m_tree.kind(r)) {
    case Kind::None:
        m_out->append("null");
        return true;
    case Kind::Bool:
        m_out->append(m_tree.toBool(r) ? "true" : "false");
        return true;
    case Kind::Int: {
        char buf[24];
        const auto res = std::to_chars(buf, buf + sizeof buf, m_tree.toInt(r));
        m_out->append(buf, res.ptr);
        return true;
    }
    case Kind::BigInt: {
        // Conversion is quadratic in the length; a hostile file may reference one long integer thousands of
        // times through the memo, so long ones are converted once.
        const std::string_view le = m_tree.bytes(r);
        if (le.size() <= 64)
            return writeBigInt(le);
        if (const auto it = m_bigIntText.find(r); it != m_bigIntText.end()) {
            m_out->append(it->second);
            return true;
        }
        const std::size_t start = m_out->size();
        if (!writeBigInt(le))
            return false;
        m_bigIntText.emplace(r, m_out->substr(start));
        return true;
    }
    case Kind::Float:
        writeFloat(m_tree.toFloat(r));
        return true;
    case Kind::String:
        writeString(m_tree.bytes(r));
        return true;
    case Kind::Bytes: {
        m_out->push_back('{');
        newline(level + 1);
        m_out->append(m_indent > 0 ? "\"__bytes__\": " : "\"__bytes__\":");
        writeBytesValue(m_tree.bytes(r));
        newline(level);
        m_out->push_back('}');
        return true;
    }
    case Kind::List:
    case Kind::Tuple:
    case Kind::Dict:
        break;
    }
    if (level >= ValueTree::kMaxDepth)
        return fail("values nest deeper than " + std::to_string(ValueTree::kMaxDepth) +
                    " levels (or a container contains itself)");
    const bool dict = m_tree.kind(r) == Kind::Dict;
    const std::uint32_t n = m_tree.count(r);
    m_out->push_back(dict ? '{' : '[');
    for (std::uint32_t i = 0; i < n; ++i) {
        if (i > 0)
            m_out->push_back(',');
        newline(level + 1);
        if (dict) {
            if (!writeKey(m_tree.key(r, i), level + 1))
                return false;
            m_out->append(m_indent > 0 ? ": " : ":");
            if (!write(m_tree.value(r, i), level + 1))
                return false;
        } else if (!write(m_tree.item(r, i), level + 1)) {
            return false;
        }
    }
    if (n > 0)
        newline(level);
    m_out->push_back(dict ? '}' : ']');
    return true;
}

} // namespace

ValueJsonResult valueToJson(const ValueTree& tree, ValueTree::Ref ref, const ValueJsonOptions& options)
{
    ValueJsonResult result;
    if (!tree.isValid(ref)) {
        result.error = "there is no value to write";
        return result;
    }
    const int indent = std::max(0, options.indent);
    // One value inside the tree (a key) is small: not worth a walk over the whole tree for its cap.
    std::size_t budget = options.maxBytes > 0 ? options.maxBytes : std::size_t(64) << 20;
    if (ref == tree.root()) {
        // What writing every node once costs, roughly; the cap is a large multiple of it.
        std::size_t once = 0;
        for (Ref r = 0; r < tree.nodeCount(); ++r) {
            const Kind k = tree.kind(r);
            once += 24 + static_cast<std::size_t>(indent) * 8;
            if (k == Kind::String || k == Kind::Bytes || k == Kind::BigInt)
                once += 6 * tree.bytes(r).size();
        }
        result.json.reserve(
            std::min<std::size_t>(once, options.maxBytes > 0 ? options.maxBytes : std::size_t(1) << 30));
        budget = options.maxBytes > 0 ? options.maxBytes : 16 * once + (std::size_t(64) << 20);
    }
    Writer writer(tree, indent, result.json);
    writer.setBudget(budget);
    if (!writer.write(ref, 0)) {
        result.error = writer.error();
        result.json.clear();
    }
    return result;
}

ValueJsonResult valueTreeToJson(const ValueTree& tree, const ValueJsonOptions& options)
{
    ValueJsonResult result = valueToJson(tree, tree.root(), options);
    if (!result.error)
        result.json.push_back('\n');
    return result;
}

} // namespace fd
