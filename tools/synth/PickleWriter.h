#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

namespace fd {

// Writes pickles with the exact byte layout of PyTorch's C++ pickler
// (torch/csrc/jit/serialization/pickler.cpp), which is what Flight Recorder dumps are made of:
// PROTO 2, no FRAME; dicts EMPTY_DICT MARK ... SETITEMS and lists EMPTY_LIST MARK ... APPENDS even when
// empty; strings BINUNICODE memoized by value (a repeat is a BINGET); ints in the smallest of
// BININT1/BININT2/BININT, else LONG1 with 8 bytes; BINFLOAT big-endian; memo ids from 0,
// LONG_BINPUT/LONG_BINGET past 255. A container the caller will reference again (frame dicts, the top-level
// dict) is written in full and then memoize() is called, exactly as the C++ pickler does for IValues with
// use_count > 1. tests/data/generate.py (FrPickleWriter) is the Python twin; both are checked against real
// dumps.
class PickleWriter
{
public:
    PickleWriter();

    // Drops the buffer and the memo and writes PROTO 2 again, keeping the allocated capacity.
    void reset();
    void reserve(std::size_t bytes) { m_out.reserve(bytes); }

    void beginDict() { m_out.append("}(", 2); }
    void endDict() { m_out.push_back('u'); }
    void beginList() { m_out.append("](", 2); }
    void endList() { m_out.push_back('e'); }
    // Tuples of 0..3 items use EMPTY_TUPLE/TUPLE1/2/3 (no MARK); larger ones MARK ... TUPLE.
    void beginTuple(std::size_t size);
    void endTuple(std::size_t size);

    void string(std::string_view s);
    void integer(std::int64_t v);
    void floating(double v);
    void boolean(bool v) { m_out.push_back(v ? '\x88' : '\x89'); }
    void none() { m_out.push_back('N'); }

    // BINPUT for the value just written; returns its memo id for get().
    std::uint32_t memoize();
    void get(std::uint32_t memoId);

    // Appends STOP and returns the finished pickle.
    const std::string& finish();
    const std::string& bytes() const { return m_out; }

private:
    template <typename T> void appendLe(T v);

    // Transparent hashing so lookups by string_view don't allocate (one lookup per key of every entry).
    struct Hash
    {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>()(s); }
    };
    std::string m_out;
    std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> m_strings;
    std::uint32_t m_nextMemo = 0;
};

} // namespace fd
