#include "PickleDecoder.h"

#include "PickleOpcodes.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

// An iterative pickle VM for the safe subset (see PickleDecoder.h). Design notes:
// - No recursion anywhere: nesting lives in the tree, so depth is checked with ValueTree::depth() after every
//   append instead of with the C++ stack.
// - Python's VM starts a fresh stack at each MARK; we keep one stack plus the stack heights of the open marks
//   and never let an opcode reach below the innermost mark, which gives the same semantics without copies.
// - Every length is compared with the bytes that remain before anything is read or allocated.
// - Text-protocol (protocol 0/1) opcodes: INT, LONG, FLOAT, PUT, GET, BINSTRING and SHORT_BINSTRING are
//   decoded (simple, bounded); STRING and UNICODE (escape-laden text) are not supported; sets are not
//   supported (no Set kind, never in a dump). Everything that imports or calls code is refused.
// - After STOP the file must end: trailing bytes are an error (a dump is exactly one pickle, and extra bytes
//   mean the file was corrupted or two writes were mixed). Values left on the stack at STOP are ignored, as
//   Python does.

namespace fd {
namespace {

using Ref = ValueTree::Ref;
using Kind = ValueTree::Kind;
using pickle::kOps;
using pickle::OpInfo;

std::string decimal(std::uint64_t v)
{
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string hexByte(unsigned char b)
{
    static constexpr char digits[] = "0123456789abcdef";
    return std::string{'0', 'x', digits[b >> 4], digits[b & 15]};
}

// "REDUCE (0x52)" or "0x52" for bytes that are not opcodes.
std::string opLabel(unsigned char op)
{
    const char* name = kOps.ops[op].name;
    return name ? std::string(name) + " (" + hexByte(op) + ")" : hexByte(op);
}

bool isContainer(Kind k)
{
    return k == Kind::List || k == Kind::Dict || k == Kind::Tuple;
}

class PickleVm
{
public:
    PickleVm(std::string_view bytes, const DecodeLimits& limits, ValueTree& tree)
        : m_data(reinterpret_cast<const unsigned char*>(bytes.data())), m_size(bytes.size()), m_bytes(bytes),
          m_tree(tree), m_maxDepth(limits.maxDepth),
          // Children moved by ValueTree::append when containers grow in interleaved batches; real dumps stay
          // far below this, a hostile file could otherwise force quadratic time and memory.
          m_moveBudget(8 * static_cast<std::uint64_t>(bytes.size()) + (std::uint64_t(1) << 25))
    {
        m_stack.reserve(256);
        m_marks.reserve(64);
        m_memo.reserve(std::min<std::size_t>(bytes.size() / 64 + 16, 1u << 20));
    }

    std::optional<DecodeError> run();
    // After a truncation: closes the containers still open where the bytes ended, so that the tree holds what
    // was decoded before the cut. Returns whether a dict root came out of it.
    bool salvage();

private:
    bool fail(std::string message)
    {
        m_error = DecodeError{m_opOffset, std::move(message)};
        return false;
    }
    bool truncated(std::uint64_t need)
    {
        return fail("truncated: " + opLabel(m_op) + " needs " + decimal(need) + " more bytes but only " +
                    decimal(m_size - m_pos) + " remain (file is " + decimal(m_size) + " bytes)");
    }
    // Makes sure n bytes follow the current position.
    bool need(std::uint64_t n) { return n <= m_size - m_pos ? true : truncated(n); }

    std::uint64_t readLE(int n)
    {
        std::uint64_t v = 0;
        for (int i = 0; i < n; ++i)
            v |= static_cast<std::uint64_t>(m_data[m_pos + i]) << (8 * i);
        m_pos += static_cast<std::size_t>(n);
        return v;
    }

    // Height of the stack that the current opcode may use: values below the innermost mark are out of reach.
    std::size_t base() const { return m_marks.empty() ? 0 : m_marks.back(); }
    std::size_t available() const { return m_stack.size() - base(); }
    bool underflow()
    {
        return fail(opLabel(m_op) + " needs more values than the stack holds (stack underflow)");
    }
    bool popMark(std::size_t& markBase)
    {
        if (m_marks.empty())
            return fail(opLabel(m_op) + " without a preceding MARK");
        markBase = m_marks.back();
        m_marks.pop_back();
        return true;
    }

    void push(Ref r) { m_stack.push_back(r); }
    bool pushString(Kind kind, int lengthBytes);
    bool pushLong(std::uint64_t n);
    bool pushDecimalInt(bool isLong);
    bool readLine(std::string_view& line);
    bool appendTo(Ref container, const Ref* items, std::size_t n);
    bool buildContainer(Kind kind, std::size_t from);
    bool memoPut(std::uint64_t id);
    bool memoGet(std::uint64_t id);
    bool verifyDepth(Ref root);
    bool runOps();

    const unsigned char* m_data;
    std::size_t m_size;
    std::string_view m_bytes;
    ValueTree& m_tree;
    int m_maxDepth;
    std::size_t m_pos = 0;
    std::uint64_t m_opOffset = 0;
    unsigned char m_op = 0;
    bool m_stopped = false;

    std::vector<Ref> m_stack;
    std::vector<std::size_t> m_marks;
    // Memo: ids are dense (0, 1, 2...) in real pickles; huge ids from a hostile file go to the map so that
    // LONG_BINPUT 0xffffffff never allocates 16 GiB.
    std::vector<Ref> m_memo;
    std::unordered_map<std::uint32_t, Ref> m_sparseMemo;
    std::uint64_t m_memoCount = 0; // distinct ids stored: MEMOIZE uses it as the next id, like len(memo)

    bool m_lateAppend = false;
    Ref m_lastAppended = ValueTree::kInvalid;
    std::uint64_t m_moveBudget;
    std::optional<DecodeError> m_error;
};

bool PickleVm::pushString(Kind kind, int lengthBytes)
{
    if (!need(static_cast<std::uint64_t>(lengthBytes)))
        return false;
    const std::uint64_t n = readLE(lengthBytes);
    if (lengthBytes == 4 && (m_op == 'T') && (n & 0x80000000u))
        return fail(opLabel(m_op) + " has a negative length");
    if (n > m_size - m_pos)
        return fail("truncated/length exceeds file: " + opLabel(m_op) + " claims " + decimal(n) +
                    " bytes but only " + decimal(m_size - m_pos) + " remain");
    if (n > std::numeric_limits<std::uint32_t>::max())
        return fail(opLabel(m_op) + " of " + decimal(n) + " bytes is larger than 4 GiB");
    push(m_tree.addSourceBytes(kind, m_bytes.substr(m_pos, n), m_opOffset));
    m_pos += n;
    return true;
}

// LONG1/LONG4 payload: little-endian two's complement of any length (0 bytes is zero).
bool PickleVm::pushLong(std::uint64_t n)
{
    if (n > m_size - m_pos)
        return fail("truncated/length exceeds file: " + opLabel(m_op) + " claims " + decimal(n) +
                    " bytes but only " + decimal(m_size - m_pos) + " remain");
    const unsigned char* b = m_data + m_pos;
    bool fits = n <= 8;
    if (!fits) {
        // Longer encodings still fit when every byte past the eighth only repeats the sign of the eighth.
        const unsigned char fill = (b[7] & 0x80) ? 0xff : 0x00;
        fits = true;
        for (std::uint64_t i = 8; i < n && fits; ++i)
            fits = b[i] == fill;
    }
    if (fits) {
        const int used = static_cast<int>(std::min<std::uint64_t>(n, 8));
        std::uint64_t v = 0;
        for (int i = 0; i < used; ++i)
            v |= static_cast<std::uint64_t>(b[i]) << (8 * i);
        if (used > 0 && used < 8 && (b[used - 1] & 0x80))
            v |= ~std::uint64_t(0) << (8 * used); // sign-extend
        push(m_tree.addInt(static_cast<std::int64_t>(v), m_opOffset));
    } else {
        if (n > std::numeric_limits<std::uint32_t>::max())
            return fail(opLabel(m_op) + " of " + decimal(n) + " bytes is larger than 4 GiB");
        push(m_tree.addSourceBytes(Kind::BigInt, m_bytes.substr(m_pos, n), m_opOffset));
    }
    m_pos += n;
    return true;
}

bool PickleVm::readLine(std::string_view& line)
{
    const void* nl = std::memchr(m_data + m_pos, '\n', m_size - m_pos);
    if (!nl)
        return fail("truncated: " + opLabel(m_op) + " argument has no terminating newline");
    const std::size_t end = static_cast<std::size_t>(static_cast<const unsigned char*>(nl) - m_data);
    line = m_bytes.substr(m_pos, end - m_pos);
    m_pos = end + 1;
    return true;
}

// INT / LONG text arguments. Only what fits in int64; protocol 0 never occurs in a dump anyway.
bool PickleVm::pushDecimalInt(bool isLong)
{
    std::string_view line;
    if (!readLine(line))
        return false;
    if (!isLong && (line == "00" || line == "01")) { // protocol 0's spelling of False/True
        push(m_tree.addBool(line == "01", m_opOffset));
        return true;
    }
    if (isLong && !line.empty() && line.back() == 'L')
        line.remove_suffix(1);
    std::int64_t v = 0;
    const auto r = std::from_chars(line.data(), line.data() + line.size(), v);
    if (line.empty() || r.ec != std::errc() || r.ptr != line.data() + line.size())
        return fail(opLabel(m_op) + " argument is not a decimal integer within 64 bits");
    push(m_tree.addInt(v, m_opOffset));
    return true;
}

bool PickleVm::appendTo(Ref container, const Ref* items, std::size_t n)
{
    if (n == 0)
        return true;
    if (container != m_lastAppended && m_tree.count(container) > 0) {
        // ValueTree::append will move this container's children to the end of its storage.
        const std::uint64_t moved =
            m_tree.kind(container) == Kind::Dict ? 2ull * m_tree.count(container) : m_tree.count(container);
        if (moved > m_moveBudget)
            return fail(
                "containers are extended in so many interleaved batches that building them would take "
                "quadratic time and memory");
        m_moveBudget -= moved;
    }
    const std::uint64_t newCount = static_cast<std::uint64_t>(m_tree.count(container)) +
                                   (m_tree.kind(container) == Kind::Dict ? n / 2 : n);
    if (newCount > std::numeric_limits<std::uint32_t>::max())
        return fail("a container holds more than 2^32 items");
    // depth() is computed when items are appended; a container that grows after it was put into another
    // does not update its parents. Note when that happens (recursive structures or hostile files) so that
    // verifyDepth() rechecks the finished tree.
    if (m_tree.isNested(container))
        m_lateAppend = true;
    m_tree.append(container, items, n);
    m_lastAppended = container;
    if (m_tree.depth(container) > m_maxDepth)
        return fail("values nest deeper than " + decimal(static_cast<std::uint64_t>(m_maxDepth)) + " levels");
    return true;
}

// LIST, TUPLE, DICT (and TUPLE1/2/3): a new container from the stack values above `from`.
bool PickleVm::buildContainer(Kind kind, std::size_t from)
{
    const std::size_t n = m_stack.size() - from;
    if (kind == Kind::Dict && n % 2 != 0)
        return fail(opLabel(m_op) + " has an odd number of keys and values (" + decimal(n) + ")");
    const Ref c = m_tree.addContainer(kind, m_opOffset);
    if (!appendTo(c, m_stack.data() + from, n))
        return false;
    m_stack.resize(from);
    push(c);
    return true;
}

bool PickleVm::memoPut(std::uint64_t id)
{
    if (available() == 0)
        return fail(opLabel(m_op) + " with nothing on the stack to remember");
    if (id > std::numeric_limits<std::uint32_t>::max())
        return fail(opLabel(m_op) + " memo id " + decimal(id) + " is beyond 2^32");
    const Ref v = m_stack.back();
    const auto key = static_cast<std::uint32_t>(id);
    // Grow the dense table only in step with what was stored, so memory stays proportional to the input.
    if (id >= m_memo.size() && id < 2 * m_memoCount + 4096)
        m_memo.resize(std::max<std::size_t>(id + 1, m_memo.size() * 3 / 2), ValueTree::kInvalid);
    if (id < m_memo.size()) {
        if (m_memo[id] == ValueTree::kInvalid)
            ++m_memoCount;
        m_memo[id] = v;
    } else {
        auto [it, inserted] = m_sparseMemo.try_emplace(key, v);
        if (inserted)
            ++m_memoCount;
        else
            it->second = v;
    }
    return true;
}

bool PickleVm::memoGet(std::uint64_t id)
{
    Ref v = ValueTree::kInvalid;
    if (id < m_memo.size()) {
        v = m_memo[id];
    } else if (!m_sparseMemo.empty() && id <= std::numeric_limits<std::uint32_t>::max()) {
        const auto it = m_sparseMemo.find(static_cast<std::uint32_t>(id));
        if (it != m_sparseMemo.end())
            v = it->second;
    }
    if (v == ValueTree::kInvalid)
        return fail(opLabel(m_op) + " of memo id " + decimal(id) + ", which was never stored");
    push(v);
    return true;
}

// The true nesting depth of the finished tree, by an iterative depth-first walk that computes each
// container's height once (shared containers are not walked twice). An edge back to a container still on the
// walk is a cycle: it is legal (Python pickles l = [l]) and left to consumers' own depth bounds.
bool PickleVm::verifyDepth(Ref root)
{
    if (!isContainer(m_tree.kind(root)))
        return true;
    constexpr std::uint32_t kUnvisited = 0, kOnPath = 0xffffffffu;
    std::vector<std::uint32_t> height(m_tree.nodeCount(), kUnvisited); // done: 1 + height of tallest child
    struct Frame
    {
        Ref node;
        std::uint32_t next; // next child slot to look at
        std::uint32_t tallest;
    };
    std::vector<Frame> path;
    path.push_back(Frame{root, 0, 0});
    height[root] = kOnPath;
    while (!path.empty()) {
        Frame& f = path.back();
        const bool dict = m_tree.kind(f.node) == Kind::Dict;
        const std::uint32_t slots = dict ? 2 * m_tree.count(f.node) : m_tree.count(f.node);
        if (f.next == slots) {
            const std::uint32_t h = f.tallest + 1;
            height[f.node] = h;
            path.pop_back();
            if (!path.empty())
                path.back().tallest = std::max(path.back().tallest, h);
            continue;
        }
        const std::uint32_t slot = f.next++;
        const Ref child = dict ? (slot % 2 ? m_tree.value(f.node, slot / 2) : m_tree.key(f.node, slot / 2))
                               : m_tree.item(f.node, slot);
        if (!isContainer(m_tree.kind(child)) || height[child] == kOnPath)
            continue;
        if (height[child] != kUnvisited) {
            f.tallest = std::max(f.tallest, height[child]);
        } else {
            if (static_cast<int>(path.size()) >= m_maxDepth)
                return fail("values nest deeper than " + decimal(static_cast<std::uint64_t>(m_maxDepth)) +
                            " levels");
            height[child] = kOnPath;
            path.push_back(Frame{child, 0, 0});
        }
    }
    return true;
}

bool PickleVm::salvage()
{
    if (m_stopped || !m_error || m_error->message.rfind("truncated", 0) != 0)
        return false;
    // Innermost mark first. The C++ pickler fills every list and dict as EMPTY_LIST/EMPTY_DICT, MARK, items,
    // APPENDS/SETITEMS, so the value under a mark is the container its items go to. Anything else under a
    // mark (a TUPLE or LIST built from the mark) never came to be: its items are dropped. A list item cut
    // mid-way (a container closed here) is left out, so a list holds whole items only; a dict keeps a cut
    // value (the entries list is the top-level dict's cut value) and drops a key without its value.
    std::vector<Ref> closedHere;
    const auto wasClosedHere = [&closedHere](Ref r) {
        return std::find(closedHere.begin(), closedHere.end(), r) != closedHere.end();
    };
    while (!m_marks.empty()) {
        const std::size_t from = m_marks.back();
        m_marks.pop_back();
        if (from == 0)
            return false;
        const Ref c = m_stack[from - 1];
        const Kind kind = m_tree.kind(c);
        if (kind == Kind::List || kind == Kind::Dict) {
            std::size_t n = m_stack.size() - from;
            if (kind == Kind::Dict)
                n -= n % 2;
            else if (n > 0 && wasClosedHere(m_stack.back()))
                --n;
            if (!appendTo(c, m_stack.data() + from, n))
                return false;
            closedHere.push_back(c);
        }
        m_stack.resize(from);
    }
    if (m_stack.empty() || m_tree.kind(m_stack.front()) != Kind::Dict)
        return false;
    m_tree.setRoot(m_stack.front());
    return !m_lateAppend || verifyDepth(m_stack.front());
}

std::optional<DecodeError> PickleVm::run()
{
    m_tree.reserve(m_size / 8 + 16);
    runOps();
    if (!m_error && m_pos != m_size) {
        m_opOffset = m_pos;
        fail(decimal(m_size - m_pos) +
             " unexpected bytes after STOP (the file holds more than one pickle or is "
             "corrupted)");
    }
    return m_error; // a copy: salvage() reads it afterwards
}

// The whole opcode loop in one function, flattened: a call per opcode cost more than most opcodes do.
__attribute__((flatten)) bool PickleVm::runOps()
{
    while (!m_stopped) {
        if (m_pos >= m_size) {
            m_opOffset = m_size;
            return fail("truncated: the pickle ends without STOP");
        }
        m_opOffset = m_pos;
        m_op = m_data[m_pos++];
        switch (m_op) {
        case 0x80: { // PROTO
            if (!need(1))
                return false;
            const unsigned v = m_data[m_pos++];
            if (v > 5)
                return fail("unsupported pickle protocol " + decimal(v) + " (protocols 0 to 5 are known)");
            continue;
        }
        case 0x95: { // FRAME: framing is only a hint for buffered readers; we already hold every byte
            if (!need(8))
                return false;
            const std::uint64_t n = readLE(8);
            if (n > m_size - m_pos)
                return fail("truncated/length exceeds file: FRAME (0x95) claims " + decimal(n) +
                            " bytes but only " + decimal(m_size - m_pos) + " remain");
            continue;
        }
        case '.': // STOP
            if (available() == 0)
                return underflow();
            m_tree.setRoot(m_stack.back());
            m_stopped = true;
            if (m_lateAppend && !verifyDepth(m_stack.back()))
                return false;
            continue;
        case '(': // MARK
            m_marks.push_back(m_stack.size());
            continue;
        case '0': // POP: like Python, an empty frame pops the mark itself
            if (available() > 0) {
                m_stack.pop_back();
                continue;
            }
            if (m_marks.empty())
                return underflow();
            m_marks.pop_back();
            continue;
        case '1': { // POP_MARK
            std::size_t from;
            if (!popMark(from))
                return false;
            m_stack.resize(from);
            continue;
        }
        case '2': // DUP
            if (available() == 0)
                return underflow();
            push(m_stack.back());
            continue;

        // --- containers
        // -------------------------------------------------------------------------------------
        case '}':
            push(m_tree.addContainer(Kind::Dict, m_opOffset));
            continue;
        case ']':
            push(m_tree.addContainer(Kind::List, m_opOffset));
            continue;
        case ')':
            push(m_tree.addContainer(Kind::Tuple, m_opOffset));
            continue;
        case 'd':
        case 'l':
        case 't': {
            std::size_t from;
            if (!popMark(from))
                return false;
            {
                if (!buildContainer(m_op == 'd' ? Kind::Dict : m_op == 'l' ? Kind::List : Kind::Tuple, from))
                    return false;
                continue;
            }
        }
        case 0x85:
        case 0x86:
        case 0x87: { // TUPLE1/2/3
            const std::size_t n = m_op - 0x84u;
            if (available() < n)
                return underflow();
            {
                if (!buildContainer(Kind::Tuple, m_stack.size() - n))
                    return false;
                continue;
            }
        }
        case 's':   // SETITEM
        case 'a': { // APPEND
            const std::size_t n = m_op == 's' ? 2 : 1;
            if (available() < n + 1)
                return underflow();
            const Ref target = m_stack[m_stack.size() - n - 1];
            const Kind want = m_op == 's' ? Kind::Dict : Kind::List;
            if (m_tree.kind(target) != want)
                return fail(opLabel(m_op) + " on a " + ValueTree::kindName(m_tree.kind(target)) + ", not a " +
                            ValueTree::kindName(want));
            if (!appendTo(target, m_stack.data() + m_stack.size() - n, n))
                return false;
            m_stack.resize(m_stack.size() - n);
            continue;
        }
        case 'u':   // SETITEMS
        case 'e': { // APPENDS
            std::size_t from;
            if (!popMark(from))
                return false;
            if (from <= base())
                return fail(opLabel(m_op) + " has no container below its MARK (stack underflow)");
            const Ref target = m_stack[from - 1];
            const Kind want = m_op == 'u' ? Kind::Dict : Kind::List;
            if (m_tree.kind(target) != want)
                return fail(opLabel(m_op) + " on a " + ValueTree::kindName(m_tree.kind(target)) + ", not a " +
                            ValueTree::kindName(want));
            const std::size_t n = m_stack.size() - from;
            if (want == Kind::Dict && n % 2 != 0)
                return fail(opLabel(m_op) + " has an odd number of keys and values (" + decimal(n) + ")");
            if (!appendTo(target, m_stack.data() + from, n))
                return false;
            m_stack.resize(from);
            continue;
        }

        // --- strings and bytes
        // ------------------------------------------------------------------------------
        case 'X': {
            if (!pushString(Kind::String, 4))
                return false;
            continue;
        }
        case 0x8c: {
            if (!pushString(Kind::String, 1))
                return false;
            continue;
        }
        case 0x8d: {
            if (!pushString(Kind::String, 8))
                return false;
            continue;
        }
        case 'T': {
            if (!pushString(Kind::String, 4))
                return false;
            continue;
        } // protocol 1 str: Python 3 reads it as (ASCII) text
        case 'U': {
            if (!pushString(Kind::String, 1))
                return false;
            continue;
        }
        case 'B': {
            if (!pushString(Kind::Bytes, 4))
                return false;
            continue;
        }
        case 'C': {
            if (!pushString(Kind::Bytes, 1))
                return false;
            continue;
        }
        case 0x8e: {
            if (!pushString(Kind::Bytes, 8))
                return false;
            continue;
        }
        case 0x96: {
            if (!pushString(Kind::Bytes, 8))
                return false;
            continue;
        } // BYTEARRAY8: a bytearray is just bytes to us

        // --- numbers and constants
        // --------------------------------------------------------------------------
        case 'J':
            if (!need(4))
                return false;
            push(m_tree.addInt(static_cast<std::int32_t>(static_cast<std::uint32_t>(readLE(4))), m_opOffset));
            continue;
        case 'K':
            if (!need(1))
                return false;
            push(m_tree.addInt(static_cast<std::int64_t>(readLE(1)), m_opOffset));
            continue;
        case 'M':
            if (!need(2))
                return false;
            push(m_tree.addInt(static_cast<std::int64_t>(readLE(2)), m_opOffset));
            continue;
        case 0x8a: // LONG1
            if (!need(1))
                return false;
            {
                if (!pushLong(readLE(1)))
                    return false;
                continue;
            }
        case 0x8b: { // LONG4
            if (!need(4))
                return false;
            const auto n = static_cast<std::int32_t>(static_cast<std::uint32_t>(readLE(4)));
            if (n < 0)
                return fail("LONG4 (0x8b) has a negative length");
            {
                if (!pushLong(static_cast<std::uint64_t>(n)))
                    return false;
                continue;
            }
        }
        case 'G': { // BINFLOAT: 8 bytes big-endian
            if (!need(8))
                return false;
            std::uint64_t bits = 0;
            for (int i = 0; i < 8; ++i)
                bits = (bits << 8) | m_data[m_pos + i];
            m_pos += 8;
            double d;
            std::memcpy(&d, &bits, sizeof d);
            push(m_tree.addFloat(d, m_opOffset));
            continue;
        }
        case 'N':
            push(m_tree.addNone(m_opOffset));
            continue;
        case 0x88:
            push(m_tree.addBool(true, m_opOffset));
            continue;
        case 0x89:
            push(m_tree.addBool(false, m_opOffset));
            continue;
        case 'I': {
            if (!pushDecimalInt(false))
                return false;
            continue;
        }
        case 'L': {
            if (!pushDecimalInt(true))
                return false;
            continue;
        }
        case 'F': {
            std::string_view line;
            if (!readLine(line))
                return false;
            double d = 0;
            const auto r = std::from_chars(line.data(), line.data() + line.size(), d);
            if (line.empty() || r.ec != std::errc() || r.ptr != line.data() + line.size())
                return fail("FLOAT (0x46) argument is not a number");
            push(m_tree.addFloat(d, m_opOffset));
            continue;
        }

        // --- memo
        // -------------------------------------------------------------------------------------------
        case 'q':
            if (!need(1))
                return false;
            {
                if (!memoPut(readLE(1)))
                    return false;
                continue;
            }
        case 'r':
            if (!need(4))
                return false;
            {
                if (!memoPut(readLE(4)))
                    return false;
                continue;
            }
        case 0x94: {
            if (!memoPut(m_memoCount))
                return false;
            continue;
        }
        case 'h':
            if (!need(1))
                return false;
            {
                if (!memoGet(readLE(1)))
                    return false;
                continue;
            }
        case 'j':
            if (!need(4))
                return false;
            {
                if (!memoGet(readLE(4)))
                    return false;
                continue;
            }
        case 'p':
        case 'g': {
            std::string_view line;
            if (!readLine(line))
                return false;
            std::uint64_t id = 0;
            const auto r = std::from_chars(line.data(), line.data() + line.size(), id);
            if (line.empty() || r.ec != std::errc() || r.ptr != line.data() + line.size())
                return fail(opLabel(m_op) + " argument is not a memo id");
            {
                if (!(m_op == 'p' ? memoPut(id) : memoGet(id)))
                    return false;
                continue;
            }
        }

        default: {
            const OpInfo& info = kOps.ops[m_op];
            if (info.refusal)
                return fail("opcode " + opLabel(m_op) + " is refused: " + info.refusal);
            if (info.unsupported)
                return fail("opcode " + opLabel(m_op) + " is not supported: " + info.unsupported);
            return fail("unknown opcode " + hexByte(m_op) + " (not a pickle, or a corrupted one)");
        }
        }
    }
    return true;
}

} // namespace

DecodeResult decodePickle(std::string_view bytes, const DecodeLimits& limits)
{
    DecodeResult result{ValueTree(bytes), std::nullopt};
    PickleVm vm(bytes, limits, result.tree);
    result.error = vm.run();
    if (result.error) {
        const DecodeError cut = *result.error;
        result.partial = vm.salvage();
        result.error = cut; // the truncation stays the reason, even when something could be salvaged
    }
    return result;
}

} // namespace fd
