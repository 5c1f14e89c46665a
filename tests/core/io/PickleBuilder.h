#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace fd::test {

// Writes pickle bytes by hand, opcode by opcode, so tests can produce exactly what PyTorch's C++ pickler or
// Python's pickle.dump would (and also what neither would).
class PickleBuilder
{
public:
    PickleBuilder& op(unsigned char c)
    {
        m_b.push_back(static_cast<char>(c));
        return *this;
    }
    PickleBuilder& le(std::uint64_t v, int n)
    {
        for (int i = 0; i < n; ++i)
            m_b.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
        return *this;
    }
    PickleBuilder& raw(std::string_view s)
    {
        m_b.append(s);
        return *this;
    }
    PickleBuilder& proto(int v = 2) { return op(0x80).le(static_cast<std::uint64_t>(v), 1); }
    PickleBuilder& stop() { return op('.'); }
    PickleBuilder& mark() { return op('('); }
    PickleBuilder& emptyDict() { return op('}'); }
    PickleBuilder& emptyList() { return op(']'); }
    PickleBuilder& emptyTuple() { return op(')'); }
    PickleBuilder& setitems() { return op('u'); }
    PickleBuilder& appends() { return op('e'); }
    PickleBuilder& none() { return op('N'); }
    PickleBuilder& boolean(bool v) { return op(v ? 0x88 : 0x89); }
    // BINUNICODE, as the C++ pickler writes every string.
    PickleBuilder& str(std::string_view s) { return op('X').le(s.size(), 4).raw(s); }
    PickleBuilder& shortStr(std::string_view s) { return op(0x8c).le(s.size(), 1).raw(s); }
    // The C++ pickler's choice of integer opcode.
    PickleBuilder& integer(std::int64_t v)
    {
        if (v >= 0 && v <= 0xff)
            return op('K').le(static_cast<std::uint64_t>(v), 1);
        if (v >= 0 && v <= 0xffff)
            return op('M').le(static_cast<std::uint64_t>(v), 2);
        if (v >= INT32_MIN && v <= INT32_MAX)
            return op('J').le(static_cast<std::uint64_t>(v), 4);
        return op(0x8a).le(8, 1).le(static_cast<std::uint64_t>(v), 8);
    }
    PickleBuilder& binfloat(double d)
    {
        std::uint64_t bits;
        std::memcpy(&bits, &d, sizeof bits);
        op('G');
        for (int i = 7; i >= 0; --i)
            m_b.push_back(static_cast<char>((bits >> (8 * i)) & 0xff));
        return *this;
    }
    PickleBuilder& put(std::uint32_t id) { return id < 256 ? op('q').le(id, 1) : op('r').le(id, 4); }
    PickleBuilder& get(std::uint32_t id) { return id < 256 ? op('h').le(id, 1) : op('j').le(id, 4); }

    const std::string& bytes() const { return m_b; }
    std::size_t size() const { return m_b.size(); }

private:
    std::string m_b;
};

// A small dump shaped like a real one (C++ pickler style): memoized strings, shared frame dicts with BINPUT
// after their contents, LONG1 timestamps, a float, None, bools, a tuple and LONG_BINPUT past id 255.
inline std::string realisticDump(int entries = 3)
{
    PickleBuilder p;
    // Memo ids in order, as the C++ pickler assigns them (one statement each: argument order is unspecified).
    p.proto(2).emptyDict().mark();
    p.str("version").put(0).str("2.10").put(1);
    p.str("pg_config").put(2).emptyDict().mark();
    p.str("0").put(3).emptyDict().mark().str("name").put(4).get(3);
    p.str("desc").put(5).str("default_pg").put(6).str("ranks").put(7).str("[0, 1]").put(8);
    p.setitems().setitems();
    std::uint32_t memo = 9;
    const std::uint32_t frameId = memo;
    p.str("entries").put(memo++).emptyList().mark();
    for (int e = 0; e < entries; ++e) {
        p.emptyDict().mark();
        p.str("frames").emptyList().mark();
        if (e == 0) {
            p.emptyDict().mark().str("name").str("train").str("line").integer(42).setitems().put(frameId +
                                                                                                 100);
        } else {
            p.get(frameId + 100);
        }
        p.appends();
        p.str("record_id").integer(e).str("process_group").str("0").str("default_pg").op(0x86);
        p.str("time_created_ns").integer(1700000000000000000LL + e).str("duration_ms").binfloat(1.25);
        p.str("input_sizes")
            .emptyList()
            .mark()
            .emptyList()
            .mark()
            .integer(1024)
            .integer(-1)
            .appends()
            .appends();
        p.str("time_discovered_completed_ns").none().str("retired").boolean(e % 2 == 0);
        p.str("state").str(e % 2 ? "scheduled" : "completed").put(300 + static_cast<std::uint32_t>(e));
        p.setitems();
    }
    p.appends();
    p.setitems().put(999);
    p.stop();
    return p.bytes();
}

} // namespace fd::test
