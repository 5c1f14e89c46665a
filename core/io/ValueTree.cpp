#include "ValueTree.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace fd {

double ValueTree::toFloat(Ref r) const
{
    double d;
    std::memcpy(&d, &m_nodes[r].payload, sizeof d);
    return d;
}

std::string_view ValueTree::bytes(Ref r) const
{
    const Node& n = m_nodes[r];
    const std::string_view base = n.owned ? std::string_view(m_owned) : m_source;
    return base.substr(n.payload, n.size);
}

ValueTree::Ref ValueTree::find(Ref dict, std::string_view key) const
{
    if (!isValid(dict) || kind(dict) != Kind::Dict)
        return kInvalid;
    const std::uint32_t n = count(dict);
    for (std::uint32_t i = 0; i < n; ++i) {
        if (isString(this->key(dict, i), key))
            return value(dict, i);
    }
    return kInvalid;
}

const char* ValueTree::kindName(Kind k)
{
    switch (k) {
    case Kind::None:
        return "None";
    case Kind::Bool:
        return "bool";
    case Kind::Int:
        return "int";
    case Kind::BigInt:
        return "int";
    case Kind::Float:
        return "float";
    case Kind::String:
        return "str";
    case Kind::Bytes:
        return "bytes";
    case Kind::List:
        return "list";
    case Kind::Tuple:
        return "tuple";
    case Kind::Dict:
        return "dict";
    }
    return "?";
}

std::size_t ValueTree::memoryUsage() const
{
    return m_owned.capacity() + m_nodes.capacity() * sizeof(Node) +
           m_offsets.capacity() * sizeof(std::uint32_t) + m_children.capacity() * sizeof(Ref);
}

void ValueTree::reserve(std::size_t nodes)
{
    m_nodes.reserve(nodes);
    m_offsets.reserve(nodes);
    m_children.reserve(nodes);
}

ValueTree::Ref ValueTree::addOwnedBytes(Kind kind, std::string_view b, std::uint64_t offset)
{
    const auto start = static_cast<std::uint64_t>(m_owned.size());
    m_owned.append(b);
    return push(Node{kind, 1, 0, 0, static_cast<std::uint32_t>(b.size()), start}, offset);
}

void ValueTree::append(Ref container, const Ref* items, std::size_t n)
{
    if (n == 0)
        return;
    Node& c = m_nodes[container];
    const std::size_t stored = c.kind == Kind::Dict ? 2u * c.size : c.size;
    if (c.payload + stored != m_children.size()) {
        // Not at the end any more: move the existing children there. Each batch moves at most once.
        // (resize first: inserting a vector's own range into itself is undefined behaviour)
        const std::size_t from = c.payload;
        const std::size_t to = m_children.size();
        m_children.resize(to + stored);
        std::copy_n(m_children.begin() + static_cast<std::ptrdiff_t>(from), stored,
                    m_children.begin() + static_cast<std::ptrdiff_t>(to));
        c.payload = to;
    }
    m_children.insert(m_children.end(), items, items + n);
    c.size += static_cast<std::uint32_t>(c.kind == Kind::Dict ? n / 2 : n);
    int deepest = c.depth;
    for (std::size_t i = 0; i < n; ++i) {
        Node& child = m_nodes[items[i]];
        if (child.depth == 0)
            continue; // a scalar: depth 0, and a container is already at least 1 deep
        deepest = std::max<int>(deepest, child.depth + 1);
        child.nested = 1;
    }
    c.depth = static_cast<std::uint16_t>(std::min(deepest, std::numeric_limits<std::uint16_t>::max() - 1));
}

} // namespace fd
