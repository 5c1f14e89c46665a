#include "PickleDumpReader.h"

#include "io/DumpInterner.h"
#include "io/EntrySchema.h"
#include "model/JobPools.h"

#include <cstring>
#include <limits>

// A recursive-descent reader over the C++ pickler's layout: containers are written prefix-first
// (EMPTY_DICT MARK k v ... SETITEMS, EMPTY_LIST MARK ... APPENDS), a value is memoized by the BINPUT that
// follows it, and a repeated string or frame dict is a BINGET. Every opcode is checked against the one the
// layout allows at that point; the first surprise abandons the file to the general decoder (NotTyped), so
// this reader never has to explain an error.

namespace fd {
namespace {

struct NotTyped
{
};

using Ref = ValueTree::Ref;
using Kind = ValueTree::Kind;

constexpr StrId kNoStr = 0xffffffffu;
// Real dumps nest five levels deep; the top-level values that go to the tree are shallower still.
constexpr int kMaxTreeDepth = 32;

// What a memo id holds, as far as this reader needs to know.
enum class SlotKind : std::uint8_t { Empty, String, Frame, Node, Other };

struct Slot
{
    SlotKind kind = SlotKind::Empty;
    EntryField field = EntryField::NotCached; // for a string used as an entry key
    std::uint32_t start = 0;                  // String: byte offset of the text; Frame: index; Node: ref
    std::uint32_t length = 0;                 // String: length
    std::uint32_t opOffset = 0;               // String: offset of its opcode (the tree node's offset)
    StrId str = kNoStr;                       // String: interned id, once asked for
    Ref node = ValueTree::kInvalid;           // String: tree node, once one was needed
};

class TypedReader
{
public:
    TypedReader(std::string_view bytes, JobPools& pools, TypedPickleDump& out, bool keepDetails)
        : m_data(reinterpret_cast<const unsigned char*>(bytes.data())), m_size(bytes.size()), m_bytes(bytes),
          m_tree(out.tree), m_entries(out.entries), m_details(out.details), m_out(out), m_keepDetails(keepDetails),
          m_pools(pools), m_interner(pools)
    {
    }

    void run();

private:
    // --- bytes
    unsigned char peek() const
    {
        if (m_pos >= m_size)
            throw NotTyped{};
        return m_data[m_pos];
    }
    unsigned char next()
    {
        const unsigned char op = peek();
        ++m_pos;
        return op;
    }
    void expect(unsigned char op)
    {
        if (next() != op)
            throw NotTyped{};
    }
    // Little-endian unsigned of N bytes (N a constant, so the loop unrolls).
    template<std::size_t N>
    std::uint64_t readLE()
    {
        if (N > m_size - m_pos)
            throw NotTyped{};
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < N; ++i)
            v |= static_cast<std::uint64_t>(m_data[m_pos + i]) << (8 * i);
        m_pos += N;
        return v;
    }
    // The id of BINPUT/BINGET ('q', 'h': one byte) or LONG_BINPUT/LONG_BINGET (four).
    std::uint64_t memoId(unsigned char op) { return op == 'q' || op == 'h' ? readLE<1>() : readLE<4>(); }

    // --- memo
    // Stores `value` under the ids of the BINPUTs that follow; returns the last slot written, or null. Slot
    // references stay valid until the next memo write.
    Slot* memoAfter(const Slot& value);
    Slot& memoGet(unsigned char op) // BINGET, LONG_BINGET: per entry, the most frequent opcodes
    {
        const std::uint64_t id = memoId(op);
        if (id >= m_memo.size() || m_memo[id].kind == SlotKind::Empty)
            throw NotTyped{};
        return m_memo[id];
    }

    // --- scalars (the opcode is already consumed)
    bool isInt(unsigned char op) const { return op == 'K' || op == 'M' || op == 'J' || op == 0x8a; }
    std::int64_t intPayload(unsigned char op);
    double floatPayload();
    Slot stringPayload(unsigned char op, std::uint32_t opOffset);

    // --- entries
    Slot& stringSlot(); // a string value or key: new (memoized) or through the memo
    StrId internedString();
    std::int64_t intValue();
    std::int64_t timeValue();
    double doubleValue();
    bool boolValue();
    void openList();  // EMPTY_LIST [memo] MARK
    void closeList(); // APPENDS [memo]
    void readEntries();
    void readEntry(Entry& e, EntryDetails& d);
    void readField(EntryField field, Entry& e, EntryDetails& d);
    StackId readStack();
    std::uint32_t readFrame();
    ShapesId readShapes();
    DtypesId readDtypes();

    // --- everything else, into the tree
    Ref readNode(int depth);
    Ref stringNode(Slot& slot);
    void readTop();

    const unsigned char* m_data;
    std::size_t m_size;
    std::string_view m_bytes;
    std::size_t m_pos = 0;
    ValueTree& m_tree;
    std::vector<Entry>& m_entries;
    std::vector<EntryDetails>& m_details;
    TypedPickleDump& m_out;
    const bool m_keepDetails;
    JobPools& m_pools;
    DumpInterner m_interner;

    std::vector<Slot> m_memo;
    Slot m_scratch; // a string used once (no BINPUT after it)
    std::uint64_t m_memoCount = 0;
    std::vector<StackFrame> m_frameTable; // every frame dict of the file, by the index its memo slot holds
    std::vector<std::uint32_t> m_frameIds;
    std::vector<StackFrame> m_frames;
    std::vector<std::int64_t> m_flatShapes;
    std::vector<StrId> m_dtypeIds;
};

// BINPUT / LONG_BINPUT after a value store it; MEMOIZE (Python's) is not in the layout.
Slot* TypedReader::memoAfter(const Slot& value)
{
    Slot* stored = nullptr;
    while (m_pos < m_size && (m_data[m_pos] == 'q' || m_data[m_pos] == 'r')) {
        const std::uint64_t id = memoId(m_data[m_pos++]);
        // The general decoder keeps ids it cannot store densely in a map; such pickles are not the C++ layout.
        if (id >= m_memo.size()) {
            if (id >= 2 * m_memoCount + 4096)
                throw NotTyped{};
            m_memo.resize(std::max<std::size_t>(id + 1, m_memo.size() * 3 / 2));
        }
        // The C++ pickler never reuses an id. Holding to that, the same bytes mean the same value everywhere in
        // the file, so shapes and stacks can be cached by their encoding.
        if (m_memo[id].kind != SlotKind::Empty)
            throw NotTyped{};
        ++m_memoCount;
        m_memo[id] = value;
        stored = &m_memo[id];
    }
    return stored;
}

std::int64_t TypedReader::intPayload(unsigned char op)
{
    switch (op) {
    case 'K': return static_cast<std::int64_t>(readLE<1>());
    case 'M': return static_cast<std::int64_t>(readLE<2>());
    case 'J': return static_cast<std::int32_t>(static_cast<std::uint32_t>(readLE<4>()));
    default: { // LONG1: little-endian two's complement, at most 8 bytes here (longer ones: general decoder)
        const std::size_t n = readLE<1>();
        if (n > 8 || n > m_size - m_pos)
            throw NotTyped{};
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < n; ++i)
            v |= static_cast<std::uint64_t>(m_data[m_pos + i]) << (8 * i);
        m_pos += n;
        if (n > 0 && n < 8 && (m_data[m_pos - 1] & 0x80))
            v |= ~std::uint64_t(0) << (8 * n); // sign-extend
        return static_cast<std::int64_t>(v);
    }
    }
}

double TypedReader::floatPayload()
{
    if (8 > m_size - m_pos)
        throw NotTyped{};
    std::uint64_t bits = 0;
    for (int i = 0; i < 8; ++i)
        bits = (bits << 8) | m_data[m_pos + i]; // BINFLOAT is big-endian
    m_pos += 8;
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
}

Slot TypedReader::stringPayload(unsigned char op, std::uint32_t opOffset)
{
    const std::uint64_t n = op == 'X' ? readLE<4>() : readLE<1>();
    if (n > m_size - m_pos)
        throw NotTyped{};
    Slot s;
    s.kind = SlotKind::String;
    s.start = static_cast<std::uint32_t>(m_pos);
    s.length = static_cast<std::uint32_t>(n);
    s.opOffset = opOffset;
    m_pos += n;
    return s;
}

Slot& TypedReader::stringSlot()
{
    const std::size_t at = m_pos;
    const unsigned char op = next();
    if (op == 'h' || op == 'j') {
        Slot& s = memoGet(op);
        if (s.kind != SlotKind::String)
            throw NotTyped{};
        return s;
    }
    if (op != 'X' && op != 0x8c)
        throw NotTyped{};
    m_scratch = stringPayload(op, static_cast<std::uint32_t>(at));
    // A memoized string keeps its interned id in its slot for the BINGETs to come.
    Slot* stored = memoAfter(m_scratch);
    return stored ? *stored : m_scratch;
}

StrId TypedReader::internedString()
{
    Slot& s = stringSlot();
    if (s.str == kNoStr)
        s.str = m_pools.strings.intern(m_bytes.substr(s.start, s.length));
    return s.str;
}

std::int64_t TypedReader::intValue()
{
    const unsigned char op = next();
    if (!isInt(op))
        throw NotTyped{};
    return intPayload(op);
}

// None, or an int where 0 also means unknown (as DumpFields::toTime).
std::int64_t TypedReader::timeValue()
{
    if (peek() == 'N') {
        ++m_pos;
        return Entry::kNoTime;
    }
    const std::int64_t v = intValue();
    return v == 0 ? Entry::kNoTime : v;
}

double TypedReader::doubleValue()
{
    const unsigned char op = next();
    if (op == 'G')
        return floatPayload();
    if (op == 'N')
        return std::numeric_limits<double>::quiet_NaN();
    if (!isInt(op))
        throw NotTyped{};
    return double(intPayload(op));
}

bool TypedReader::boolValue()
{
    const unsigned char op = next();
    if (op != 0x88 && op != 0x89)
        throw NotTyped{};
    return op == 0x88;
}

void TypedReader::openList()
{
    expect(']');
    memoAfter(Slot{SlotKind::Other});
    expect('(');
}

void TypedReader::closeList()
{
    expect('e');
    memoAfter(Slot{SlotKind::Other});
}

// Flattened: the calls per field cost more than most fields do (as in PickleVm::runOps).
__attribute__((flatten)) void TypedReader::readEntries()
{
    // One APPENDS batch, as the C++ pickler writes it (Python's batches of 1000: general decoder).
    expect('(');
    m_entries.reserve(m_size / 128);
    if (m_keepDetails)
        m_details.reserve(m_size / 128);
    EntryDetails scratch; // the details of one entry at a time, when they are not kept
    while (peek() != 'e') {
        m_entries.emplace_back();
        if (m_keepDetails) {
            m_details.emplace_back();
            readEntry(m_entries.back(), m_details.back());
        } else {
            scratch = EntryDetails();
            readEntry(m_entries.back(), scratch);
            // As finishEntry() would tell from them (readStack() reports the frames it did not intern).
            m_out.sawTiming = m_out.sawTiming || scratch.hasDuration()
                || scratch.timeDiscoveredStartedNs != Entry::kNoTime;
        }
    }
    closeList();
    if (m_entries.capacity() > m_entries.size() + m_entries.size() / 8) {
        m_entries.shrink_to_fit(); // the job keeps every rank's entries: no slack
        m_details.shrink_to_fit();
    }
}

void TypedReader::readEntry(Entry& e, EntryDetails& d)
{
    expect('}');
    memoAfter(Slot{SlotKind::Other});
    expect('(');
    while (peek() != 'u') {
        Slot& key = stringSlot();
        if (key.field == EntryField::NotCached)
            key.field = entryFieldFor(m_bytes.substr(key.start, key.length));
        readField(key.field, e, d); // `key` may be stale from here on: the field was copied
    }
    ++m_pos;
    memoAfter(Slot{SlotKind::Other});
}

// The value types DumpFields::readEntry accepts that a genuine dump uses; the rest go to the general reader.
void TypedReader::readField(EntryField field, Entry& e, EntryDetails& d)
{
    switch (field) {
    case EntryField::Frames: d.frames = readStack(); return;
    case EntryField::RecordId: e.recordId = intValue(); return;
    case EntryField::PgId: e.pgId = std::int32_t(intValue()); return;
    case EntryField::ProcessGroup:
        e.pgName = internedString();
        e.pgDesc = internedString();
        expect(0x86); // TUPLE2
        memoAfter(Slot{SlotKind::Other});
        return;
    case EntryField::ThreadName: d.threadName = internedString(); return;
    case EntryField::ThreadId: d.threadId = internedString(); return;
    case EntryField::CollectiveSeqId:
    case EntryField::SeqId: e.collectiveSeqId = intValue(); return;
    case EntryField::P2pSeqId: e.p2pSeqId = intValue(); return;
    case EntryField::OpId: d.opId = intValue(); return;
    case EntryField::ProfilingName: e.profilingName = internedString(); return;
    case EntryField::TimeCreatedNs: d.timeCreatedNs = timeValue(); return;
    case EntryField::TimeCreatedUs: {
        const std::int64_t us = timeValue();
        d.timeCreatedNs = us == Entry::kNoTime ? us : us * 1000;
        return;
    }
    case EntryField::DurationMs: d.durationMs = doubleValue(); return;
    case EntryField::InputSizes: e.inputSizes = readShapes(); return;
    case EntryField::OutputSizes: e.outputSizes = readShapes(); return;
    case EntryField::InputDtypes: e.inputDtypes = readDtypes(); return;
    case EntryField::OutputDtypes: e.outputDtypes = readDtypes(); return;
    case EntryField::State: {
        const Slot& s = stringSlot();
        e.state = entryStateFor(m_bytes.substr(s.start, s.length));
        return;
    }
    case EntryField::TimeDiscoveredStartedNs: d.timeDiscoveredStartedNs = timeValue(); return;
    case EntryField::TimeDiscoveredCompletedNs: d.timeDiscoveredCompletedNs = timeValue(); return;
    case EntryField::Retired: e.retired = boolValue(); return;
    case EntryField::TimeoutMs: d.timeoutMs = intValue(); return;
    case EntryField::IsP2p: e.isP2p = boolValue(); return;
    case EntryField::Unknown:
    case EntryField::NotCached: break; // DumpFields warns about unknown keys
    }
    throw NotTyped{};
}

// A list of frame dicts, each written in full the first time and a BINGET after that. The stack is looked up
// by its bytes first, so a repeated call site costs one hash and one memcmp.
StackId TypedReader::readStack()
{
    const std::size_t start = m_pos;
    openList();
    m_frameIds.clear();
    while (peek() != 'e') {
        const unsigned char op = peek();
        if (op == 'h' || op == 'j') {
            ++m_pos;
            const Slot& s = memoGet(op);
            if (s.kind != SlotKind::Frame)
                throw NotTyped{};
            m_frameIds.push_back(s.start);
        } else {
            m_frameIds.push_back(readFrame());
        }
    }
    closeList();
    if (!m_keepDetails) {
        m_out.sawFrames = m_out.sawFrames || !m_frameIds.empty();
        return 0;
    }
    const std::string_view encoding = m_bytes.substr(start, m_pos - start);
    if (const std::uint32_t* id = m_interner.findEncoded('R', encoding))
        return *id;
    m_frames.clear();
    for (const std::uint32_t i : m_frameIds)
        m_frames.push_back(m_frameTable[i]);
    const StackId id = m_interner.stack(m_frames);
    m_interner.rememberEncoded('R', encoding, id);
    return id;
}

std::uint32_t TypedReader::readFrame()
{
    expect('}');
    const auto index = static_cast<std::uint32_t>(m_frameTable.size());
    m_frameTable.emplace_back();
    Slot self{SlotKind::Frame};
    self.start = index;
    memoAfter(self);
    expect('(');
    StackFrame frame;
    while (peek() != 'u') {
        const Slot& key = stringSlot();
        const std::string_view name = m_bytes.substr(key.start, key.length);
        if ((name == "name" || name == "filename") && !m_keepDetails)
            stringSlot(); // nobody will look at the frame: no need to intern its strings
        else if (name == "name")
            frame.name = internedString();
        else if (name == "filename")
            frame.filename = internedString();
        else if (name == "line")
            frame.line = std::int32_t(intValue());
        else
            throw NotTyped{};
    }
    ++m_pos;
    m_frameTable[index] = frame;
    memoAfter(self);
    return index;
}

ShapesId TypedReader::readShapes()
{
    const std::size_t start = m_pos;
    openList();
    m_flatShapes.assign(1, 0); // [count, len0, d0..., ...]
    std::int64_t count = 0;
    while (peek() != 'e') {
        openList();
        const std::size_t dimsAt = m_flatShapes.size();
        m_flatShapes.push_back(0);
        while (peek() != 'e')
            m_flatShapes.push_back(intValue());
        m_flatShapes[dimsAt] = std::int64_t(m_flatShapes.size() - dimsAt - 1);
        closeList();
        ++count;
    }
    closeList();
    if (count == 0)
        return 0;
    const std::string_view encoding = m_bytes.substr(start, m_pos - start);
    if (const std::uint32_t* id = m_interner.findEncoded('S', encoding))
        return *id;
    m_flatShapes[0] = count;
    const ShapesId id = m_interner.shapes(m_flatShapes);
    m_interner.rememberEncoded('S', encoding, id);
    return id;
}

DtypesId TypedReader::readDtypes()
{
    openList();
    m_dtypeIds.clear();
    while (peek() != 'e')
        m_dtypeIds.push_back(internedString());
    closeList();
    return m_interner.dtypes(m_dtypeIds);
}

Ref TypedReader::stringNode(Slot& slot)
{
    if (slot.node == ValueTree::kInvalid)
        slot.node = m_tree.addSourceBytes(Kind::String, m_bytes.substr(slot.start, slot.length), slot.opOffset);
    return slot.node;
}

// A value outside the entries, as decodePickle() would build it (same kinds, same offsets).
Ref TypedReader::readNode(int depth)
{
    if (depth > kMaxTreeDepth)
        throw NotTyped{};
    const std::size_t at = m_pos;
    const unsigned char op = next();
    Ref r = ValueTree::kInvalid;
    switch (op) {
    case 'X':
    case 0x8c: {
        Slot s = stringPayload(op, static_cast<std::uint32_t>(at));
        r = stringNode(s);
        memoAfter(s);
        return r;
    }
    case 'h':
    case 'j': {
        Slot& s = memoGet(op);
        if (s.kind == SlotKind::String)
            return stringNode(s);
        if (s.kind != SlotKind::Node)
            throw NotTyped{};
        return s.start;
    }
    case '}':
    case ']': {
        const bool dict = op == '}';
        // Memoized only once closed (the C++ pickler's order): a container that would hold itself, which
        // the general decoder handles with its own checks, cannot be reached from inside.
        r = m_tree.addContainer(dict ? Kind::Dict : Kind::List, at);
        expect('(');
        std::vector<Ref> items;
        while (peek() != (dict ? 'u' : 'e'))
            items.push_back(readNode(depth + 1));
        ++m_pos;
        if (dict && items.size() % 2 != 0)
            throw NotTyped{};
        m_tree.append(r, items.data(), items.size());
        break;
    }
    case 'K':
    case 'M':
    case 'J':
    case 0x8a: r = m_tree.addInt(intPayload(op), at); break;
    case 'G': r = m_tree.addFloat(floatPayload(), at); break;
    case 'N': r = m_tree.addNone(at); break;
    case 0x88:
    case 0x89: r = m_tree.addBool(op == 0x88, at); break;
    default: throw NotTyped{};
    }
    Slot self{SlotKind::Node};
    self.start = r;
    memoAfter(self);
    return r;
}

void TypedReader::readTop()
{
    expect(0x80);
    if (next() > 5)
        throw NotTyped{};
    const std::size_t at = m_pos;
    expect('}'); // the 2.2-era list-shaped dumps go to the general reader
    const Ref top = m_tree.addContainer(Kind::Dict, at);
    expect('(');
    std::vector<Ref> items;
    bool sawEntries = false;
    while (peek() != 'u') {
        const Ref key = readNode(1);
        if (m_tree.isString(key, "entries")) {
            // DumpFields reads the last "entries"; a second one, or one that is not a list, is not the layout.
            if (sawEntries || peek() != ']')
                throw NotTyped{};
            sawEntries = true;
            const Ref placeholder = m_tree.addContainer(Kind::List, m_pos);
            ++m_pos;
            memoAfter(Slot{SlotKind::Other});
            readEntries();
            items.push_back(key);
            items.push_back(placeholder);
        } else {
            items.push_back(key);
            items.push_back(readNode(1));
        }
    }
    ++m_pos;
    if (items.size() % 2 != 0)
        throw NotTyped{};
    m_tree.append(top, items.data(), items.size());
    Slot self{SlotKind::Node};
    self.start = top;
    memoAfter(self);
    expect('.');
    if (m_pos != m_size || !sawEntries)
        throw NotTyped{};
    m_tree.setRoot(top);
}

void TypedReader::run()
{
    m_memo.reserve(std::min<std::size_t>(m_size / 64 + 16, 1u << 20));
    readTop();
}

} // namespace

std::optional<TypedPickleDump> readPickleDumpTyped(std::string_view bytes, JobPools& pools, bool keepDetails)
{
    if (bytes.size() > std::numeric_limits<std::uint32_t>::max())
        return std::nullopt; // offsets are kept in 32 bits here
    TypedPickleDump out{ValueTree(bytes), {}, {}, false, false};
    try {
        TypedReader(bytes, pools, out, keepDetails).run();
    } catch (const NotTyped&) {
        return std::nullopt;
    }
    return out;
}

} // namespace fd
