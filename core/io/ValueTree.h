#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace fd {

// A decoded dump before it is given meaning: the Python object graph that a pickle (or a JSON file)
// describes, held in flat arrays so that a 2000-entry dump costs a handful of allocations, not hundreds of
// thousands.
//
// Strings normally point into the source bytes (zero copy), so a ValueTree must not outlive the buffer it was
// decoded from. JSON strings that needed unescaping live in the tree's own storage.
//
// Containers may be shared (a pickle memo lets one dict appear in many places) and, in a hostile file, even
// contain themselves. Every recursive walk therefore carries a depth bound (kMaxDepth).
class ValueTree
{
public:
    using Ref = std::uint32_t;
    static constexpr Ref kInvalid = 0xffffffffu;
    // Real dumps nest five levels deep (dump -> entries -> entry -> sizes -> shape); 256 leaves room for
    // anything legitimate while keeping recursive consumers far away from the stack limit.
    static constexpr int kMaxDepth = 256;

    enum class Kind : std::uint8_t
    {
        None,
        Bool,
        Int,
        BigInt,
        Float,
        String,
        Bytes,
        List,
        Tuple,
        Dict
    };

    ValueTree() = default;
    explicit ValueTree(std::string_view source) : m_source(source) {}

    // --- reading -------------------------------------------------------------------------------------------
    Ref root() const { return m_root; }
    bool isValid(Ref r) const { return r < m_nodes.size(); }
    Kind kind(Ref r) const { return m_nodes[r].kind; }
    // Byte offset in the source where this value was read (for error messages).
    std::uint64_t offset(Ref r) const { return m_offsets[r]; }

    bool toBool(Ref r) const { return m_nodes[r].payload != 0; }
    std::int64_t toInt(Ref r) const { return static_cast<std::int64_t>(m_nodes[r].payload); }
    double toFloat(Ref r) const;
    // Raw bytes of a String (UTF-8, not validated), Bytes, or BigInt (little-endian two's complement, as
    // pickle's LONG1/LONG4 store it).
    std::string_view bytes(Ref r) const;

    // Number of items of a List/Tuple, number of key/value pairs of a Dict.
    std::uint32_t count(Ref r) const { return m_nodes[r].size; }
    Ref item(Ref container, std::uint32_t i) const { return m_children[m_nodes[container].payload + i]; }
    Ref key(Ref dict, std::uint32_t i) const { return m_children[m_nodes[dict].payload + 2 * i]; }
    Ref value(Ref dict, std::uint32_t i) const { return m_children[m_nodes[dict].payload + 2 * i + 1]; }
    // Value for a string key in a Dict, kInvalid when absent (linear: dumps' dicts have ~20 keys).
    Ref find(Ref dict, std::string_view key) const;
    bool isString(Ref r, std::string_view text) const
    {
        return isValid(r) && kind(r) == Kind::String && bytes(r) == text;
    }
    static const char* kindName(Kind k);

    std::size_t nodeCount() const { return m_nodes.size(); }
    std::size_t memoryUsage() const;

    // --- building (decoders only) -------------------------------------------------------------------------
    Ref addNone(std::uint64_t offset);
    Ref addBool(bool v, std::uint64_t offset);
    Ref addInt(std::int64_t v, std::uint64_t offset);
    Ref addFloat(double v, std::uint64_t offset);
    // `bytes` must lie inside the source buffer given to the constructor.
    Ref addSourceBytes(Kind kind, std::string_view bytes, std::uint64_t offset);
    // Copies `bytes` into the tree's own storage.
    Ref addOwnedBytes(Kind kind, std::string_view bytes, std::uint64_t offset);
    Ref addContainer(Kind kind, std::uint64_t offset);
    // Appends items (for a Dict: key, value, key, value...) to a container. Children of one container stay
    // contiguous; a container that grows after others were built is moved to the end (rare: Python's
    // batches of 1000).
    void append(Ref container, const Ref* items, std::size_t n);
    // Depth of a container, counting itself as 1; scalars are 0. Maintained by append().
    int depth(Ref r) const { return m_nodes[r].depth; }
    // True once the container was appended into another one. Its parents' depth() does not follow it if it
    // grows afterwards (only recursive or hostile pickles do that): decoders then recheck the finished tree.
    bool isNested(Ref r) const { return m_nodes[r].nested; }
    void setRoot(Ref r) { m_root = r; }
    void reserve(std::size_t nodes);

private:
    struct Node
    {
        Kind kind = Kind::None;
        std::uint8_t owned : 1 = 0;  // string bytes live in m_owned rather than m_source
        std::uint8_t nested : 1 = 0; // a container that was appended into another container
        std::uint16_t depth = 0;
        std::uint32_t size = 0;    // string length, or item/pair count
        std::uint64_t payload = 0; // int bits, double bits, byte offset, or index into m_children
    };
    Ref push(Node n, std::uint64_t offset);

    std::string_view m_source;
    std::string m_owned;
    std::vector<Node> m_nodes;
    std::vector<std::uint32_t> m_offsets;
    std::vector<Ref> m_children;
    Ref m_root = kInvalid;
};

// The builders run once per pickle opcode: inline, so the decoder's loop does not pay a call for each.
inline ValueTree::Ref ValueTree::push(Node n, std::uint64_t offset)
{
    m_nodes.push_back(n);
    // Offsets beyond 4 GiB are clamped: they only decorate error messages.
    m_offsets.push_back(static_cast<std::uint32_t>(std::min<std::uint64_t>(offset, 0xffffffffu)));
    return static_cast<Ref>(m_nodes.size() - 1);
}

inline ValueTree::Ref ValueTree::addNone(std::uint64_t offset)
{
    return push(Node{Kind::None, 0, 0, 0, 0, 0}, offset);
}

inline ValueTree::Ref ValueTree::addBool(bool v, std::uint64_t offset)
{
    return push(Node{Kind::Bool, 0, 0, 0, 0, v ? 1u : 0u}, offset);
}

inline ValueTree::Ref ValueTree::addInt(std::int64_t v, std::uint64_t offset)
{
    return push(Node{Kind::Int, 0, 0, 0, 0, static_cast<std::uint64_t>(v)}, offset);
}

inline ValueTree::Ref ValueTree::addFloat(double v, std::uint64_t offset)
{
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    return push(Node{Kind::Float, 0, 0, 0, 0, bits}, offset);
}

inline ValueTree::Ref ValueTree::addSourceBytes(Kind kind, std::string_view b, std::uint64_t offset)
{
    const auto start = static_cast<std::uint64_t>(b.data() - m_source.data());
    return push(Node{kind, 0, 0, 0, static_cast<std::uint32_t>(b.size()), start}, offset);
}

inline ValueTree::Ref ValueTree::addContainer(Kind kind, std::uint64_t offset)
{
    return push(Node{kind, 0, 0, 1, 0, static_cast<std::uint64_t>(m_children.size())}, offset);
}

} // namespace fd
