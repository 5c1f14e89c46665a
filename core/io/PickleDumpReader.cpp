#include "PickleDumpReader.h"

#include "DumpInterner.h"
#include "EntryBuffers.h"
#include "EntrySchema.h"
#include "core/model/JobPools.h"
#include "core/model/Utf8Text.h"

#include <array>
#include <bit>
#include <cstring>
#include <limits>
#include <type_traits>

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
// The memo always has room for the ids of BINPUT/BINGET (one byte), so those need no bounds check.
constexpr std::size_t kShortIds = 256;

template <typename T> constexpr std::array<T, kShortIds> filledWith(T value)
{
    std::array<T, kShortIds> a{};
    a.fill(value);
    return a;
}

// A position in the bytes. The entries' loop keeps its own copy in a local (Entries below), which the
// compiler holds in a register: a position kept in a member went through memory at every opcode, and made
// each step wait for the store of the one before (most of the reader's time).
struct Cursor
{
    const unsigned char* p;
    const unsigned char* end;

    std::size_t left() const { return static_cast<std::size_t>(end - p); }
    unsigned char peek() const
    {
        if (p == end)
            throw NotTyped{};
        return *p;
    }
    unsigned char next()
    {
        const unsigned char op = peek();
        ++p;
        return op;
    }
    void expect(unsigned char op)
    {
        if (next() != op)
            throw NotTyped{};
    }
    // Little-endian unsigned of N bytes.
    template <std::size_t N> std::uint64_t readLE()
    {
        if (N > left())
            throw NotTyped{};
        const std::uint64_t v = loadLE<N>(p);
        p += N;
        return v;
    }
    // N (1, 2, 4 or 8) bytes at `at` as a little-endian unsigned: one load (a byte loop was not merged into
    // one).
    template <std::size_t N> static std::uint64_t loadLE(const unsigned char* at)
    {
        using U =
            std::conditional_t<N == 1, std::uint8_t,
                               std::conditional_t<N == 2, std::uint16_t,
                                                  std::conditional_t<N == 4, std::uint32_t, std::uint64_t>>>;
        static_assert(sizeof(U) == N);
        U v;
        std::memcpy(&v, at, N);
        if constexpr (std::endian::native == std::endian::big)
            v = byteswap(v);
        return v;
    }
    template <typename U> static U byteswap(U v)
    {
        U out = 0;
        for (std::size_t i = 0; i < sizeof(U); ++i)
            out = static_cast<U>((out << 8) | ((v >> (8 * i)) & 0xff));
        return out;
    }
    // The id of BINPUT/BINGET ('q', 'h': one byte) or LONG_BINPUT/LONG_BINGET (four).
    std::uint64_t memoId(unsigned char op) { return op == 'q' || op == 'h' ? readLE<1>() : readLE<4>(); }
};

// What a memo id holds, as far as this reader needs to know.
enum class MemoSlotKind : std::uint8_t
{
    Empty,
    String,
    Frame,
    Node,
    Other
};

struct MemoSlot
{
    MemoSlotKind kind = MemoSlotKind::Empty;
    EntryField field = EntryField::NotCached; // for a string used as an entry key
    std::uint32_t start = 0;                  // String: byte offset of the text; Frame: index; Node: ref
    std::uint32_t length = 0;                 // String: length
    std::uint32_t opOffset = 0;               // String: offset of its opcode (the tree node's offset)
    StrId str = kNoStr;                       // String: interned id, once asked for
    Ref node = ValueTree::kInvalid;           // String: tree node, once one was needed
};

// Stacks whose frames were all BINGETs, by their first bytes: a call site repeats its stack's bytes exactly,
// and a run of bytes checked once needs no second check, since the C++ pickler never reuses a memo id
// (memoAfter() holds it to that) and so each id still names the frame dict it named. One memcmp then stands
// for a loop of a memo lookup per frame, whose loads of scattered memo slots were a sixth of the reader's
// time on a 20,000-entry dump with stacks.
class SeenFrameRuns
{
public:
    // Where the run of frames starting at `p` ends (at its APPENDS) if it is one seen before; null if not.
    const unsigned char* endOf(const unsigned char* p, const unsigned char* end) const
    {
        const Run& run = m_runs[slotOf(p, end)];
        if (!run.start || std::size_t(end - p) <= run.length || p[run.length] != 'e' ||
            std::memcmp(run.start, p, run.length) != 0)
            return nullptr;
        return p + run.length;
    }
    // The run [p, runEnd) was read opcode by opcode and all its ids named frames; `end` is the file's.
    void remember(const unsigned char* p, const unsigned char* runEnd, const unsigned char* end)
    {
        if (runEnd != p)
            m_runs[slotOf(p, end)] = {p, std::size_t(runEnd - p)};
    }

private:
    struct Run
    {
        const unsigned char* start = nullptr;
        std::size_t length = 0;
    };
    static constexpr std::size_t kSlots = 256; // a file has a few dozen call sites
    static std::size_t slotOf(const unsigned char* p, const unsigned char* end) // by its first 8 bytes
    {
        std::uint64_t key = 0;
        std::memcpy(&key, p, std::min<std::size_t>(sizeof key, std::size_t(end - p)));
        return std::size_t((key * 0x9E3779B97F4A7C15ull) >> 56);
    }
    std::array<Run, kSlots> m_runs{};
};

// Shape lists by their bytes: most entries repeat the sizes of an earlier one byte for byte (a bucket's
// gradients, a layer's activations), and a list's bytes seen before need neither its opcodes walked nor its
// encoding hashed and compared in the interner's cache: comparing them with the bytes read then (the slot
// holds the first 16) stands for both. Only lists that stored nothing in the memo are kept, so the same bytes
// mean the same list anywhere in the file; and a BINPUT right after the bytes would have been taken by the
// walk as the list's own, so such a position is walked instead.
class SeenShapeLists
{
public:
    // Where the shape list at `p` ends if its bytes are a list's seen before, with that list's id; null if
    // not.
    const unsigned char* endOf(const unsigned char* p, const unsigned char* end, ShapesId& id) const
    {
        if (std::size_t(end - p) < kKeyBytes)
            return nullptr;
        const Key key = keyAt(p);
        const Seen& seen = m_seen[slotOf(key)];
        // The key is the first 16 bytes, so most lists (shorter than that) are told by two words; only a
        // longer one compares the rest.
        if (!seen.start || seen.key != key || std::size_t(end - p) <= seen.length ||
            (seen.length > kKeyBytes &&
             std::memcmp(seen.start + kKeyBytes, p + kKeyBytes, seen.length - kKeyBytes) != 0))
            return nullptr;
        const unsigned char after = p[seen.length];
        if (after == 'q' || after == 'r') // BINPUT, LONG_BINPUT
            return nullptr;
        id = seen.id;
        return p + seen.length;
    }
    // The list [p, listEnd) was walked, stored nothing in the memo, and is `id`; `end` is the file's.
    void remember(const unsigned char* p, const unsigned char* listEnd, const unsigned char* end, ShapesId id)
    {
        if (std::size_t(end - p) < kKeyBytes)
            return;
        const Key key = keyAt(p);
        m_seen[slotOf(key)] = {p, std::uint32_t(listEnd - p), id, key};
    }

private:
    // Every list starts EMPTY_LIST MARK, and most EMPTY_LIST MARK again: a list is known by its first 16
    // bytes, which reach the dimensions (and, for a short list, the key that follows it).
    static constexpr std::size_t kKeyBytes = 16;
    static constexpr std::size_t kSlots = 256; // a file has a few dozen distinct shape lists
    struct Key
    {
        std::uint64_t low = 0, high = 0;
        bool operator==(const Key&) const = default;
    };
    struct Seen
    {
        const unsigned char* start = nullptr;
        std::uint32_t length = 0;
        ShapesId id = 0;
        Key key;
    };
    static Key keyAt(const unsigned char* p)
    {
        Key k;
        std::memcpy(&k.low, p, 8);
        std::memcpy(&k.high, p + 8, 8);
        return k;
    }
    static std::size_t slotOf(Key k)
    {
        return std::size_t(((k.low * 0x9E3779B97F4A7C15ull) ^ (k.high * 0xC2B2AE3D27D4EB4Full)) >> 56);
    }
    std::array<Seen, kSlots> m_seen{};
};

class TypedReader
{
public:
    TypedReader(std::string_view bytes, JobPools& pools, TypedPickleDump& out, DetailLevel level)
        : m_data(reinterpret_cast<const unsigned char*>(bytes.data())), m_size(bytes.size()),
          m_tree(out.tree), m_entries(out.entries), m_out(out), m_level(level),
          m_keepFrames(level == DetailLevel::Full), m_pools(pools), m_interner(pools)
    {
    }

    void run();

private:
    std::uint32_t offsetOf(const unsigned char* p) const { return static_cast<std::uint32_t>(p - m_data); }
    std::string_view text(const unsigned char* from, const unsigned char* to) const
    {
        return {reinterpret_cast<const char*>(from), static_cast<std::size_t>(to - from)};
    }
    std::string_view text(const MemoSlot& s) const
    {
        return {reinterpret_cast<const char*>(m_data) + s.start, s.length};
    }

    // --- memo
    // Stores `value` under the ids of the BINPUTs that follow; returns the last slot written, or null.
    // MemoSlot references stay valid until the next memo write.
    MemoSlot* memoAfter(Cursor& c, const MemoSlot& value);
    MemoSlot& memoGet(Cursor& c,
                      unsigned char op) // BINGET, LONG_BINGET: per entry, the most frequent opcodes
    {
        const std::uint64_t id = c.memoId(op);
        if (op != 'h' && id >= m_memo.size())
            throw NotTyped{};
        MemoSlot& s = m_memo[id];
        if (s.kind == MemoSlotKind::Empty)
            throw NotTyped{};
        return s;
    }

    // --- scalars (the opcode is already consumed)
    static bool isInt(unsigned char op) { return op == 'K' || op == 'M' || op == 'J' || op == 0x8a; }
    static std::int64_t intPayload(Cursor& c, unsigned char op);
    static double floatPayload(Cursor& c);
    MemoSlot stringPayload(Cursor& c, unsigned char op, const unsigned char* opAt) const;

    // --- entries
    MemoSlot& stringSlot(Cursor& c); // a string value or key: new (memoized) or through the memo
    StrId internedString(Cursor& c);
    static std::int64_t intValue(Cursor& c);
    static std::int64_t timeValue(Cursor& c);
    static double doubleValue(Cursor& c);
    static bool boolValue(Cursor& c);
    void openList(Cursor& c);  // EMPTY_LIST [memo] MARK
    void closeList(Cursor& c); // APPENDS [memo]
    void readEntries(Cursor& at);
    void readEntry(Cursor& c, Entry& e, EntryDetails& d);
    EntryField readKey(Cursor& c);
    void readField(Cursor& c, EntryField field, Entry& e, EntryDetails& d, EntryPg& pg);
    // readEntryField()'s view of the reader: each value read at the cursor.
    struct FieldValues
    {
        TypedReader& r;
        Cursor& c;
        std::int64_t integer() { return intValue(c); }
        std::int64_t time() { return timeValue(c); }
        double real() { return doubleValue(c); }
        bool flag() { return boolValue(c); }
        StrId string() { return r.internedString(c); }
        std::string_view text() { return r.text(r.stringSlot(c)); }
        ShapesId shapes() { return r.readShapes(c); }
        DtypesId dtypes() { return r.readDtypes(c); }
        StackId stack() { return r.readStack(c); }
        void processGroup(EntryPg& pg)
        {
            pg.name = r.internedString(c);
            pg.desc = r.internedString(c);
            c.expect(0x86); // TUPLE2
            r.memoAfter(c, MemoSlot{MemoSlotKind::Other});
        }
        [[noreturn]] void unknown() { throw NotTyped{}; } // DumpFields warns about unknown keys
    };
    StackId readStack(Cursor& c);
    const unsigned char* memoizedFrames(const unsigned char* p, const unsigned char* end) const;
    std::uint32_t readFrame(Cursor& c);
    ShapesId readShapes(Cursor& c);
    ShapesId walkShapes(Cursor& c); // opcode by opcode, then by its bytes in the interner's cache
    DtypesId readDtypes(Cursor& c);

    // --- everything else, into the tree
    Ref readNode(Cursor& c, int depth);
    Ref stringNode(MemoSlot& slot);
    void readTop(Cursor& c);

    const unsigned char* m_data;
    std::size_t m_size;
    ValueTree& m_tree;
    std::vector<Entry>& m_entries;
    TypedPickleDump& m_out;
    const DetailLevel m_level;
    const bool m_keepFrames;
    JobPools& m_pools;
    DumpInterner m_interner;

    std::vector<MemoSlot> m_memo = std::vector<MemoSlot>(kShortIds);
    MemoSlot m_scratch; // a string used once (no BINPUT after it)
    // The field of each entry key a one-byte BINGET named (the keys of every entry after the first), by its
    // id.
    std::array<EntryField, kShortIds> m_shortKeyField = filledWith(EntryField::NotCached);
    std::uint64_t m_memoCount = 0;
    std::vector<StackFrame> m_frameTable; // every frame dict of the file, by the index its memo slot holds
    struct NewFrame // a frame dict readStack() read in full: where it ends, and its index in m_frameTable
    {
        const unsigned char* end;
        std::uint32_t index;
    };
    std::vector<NewFrame> m_newFrames;
    SeenFrameRuns m_seenRuns;
    SeenShapeLists m_seenShapes;
    std::vector<StackFrame> m_frames;
    std::vector<std::int64_t> m_flatShapes;
    std::vector<StrId> m_dtypeIds;
};

// BINPUT / LONG_BINPUT after a value store it; MEMOIZE (Python's) is not in the layout.
MemoSlot* TypedReader::memoAfter(Cursor& c, const MemoSlot& value)
{
    MemoSlot* stored = nullptr;
    while (c.p != c.end && static_cast<unsigned char>(*c.p - 'q') <= 1) { // BINPUT 'q', LONG_BINPUT 'r'
        const std::uint64_t id = c.memoId(*c.p++);
        // The general decoder keeps ids it cannot store densely in a map; such pickles are not the C++
        // layout.
        if (id >= m_memo.size()) {
            if (id >= 2 * m_memoCount + 4096)
                throw NotTyped{};
            m_memo.resize(std::max<std::size_t>(id + 1, m_memo.size() * 3 / 2));
        }
        // The C++ pickler never reuses an id. Holding to that, the same bytes mean the same value everywhere
        // in the file, so shapes and stacks can be cached by their encoding.
        if (m_memo[id].kind != MemoSlotKind::Empty)
            throw NotTyped{};
        ++m_memoCount;
        m_memo[id] = value;
        stored = &m_memo[id];
    }
    return stored;
}

std::int64_t TypedReader::intPayload(Cursor& c, unsigned char op)
{
    switch (op) {
    case 'K':
        return static_cast<std::int64_t>(c.readLE<1>());
    case 'M':
        return static_cast<std::int64_t>(c.readLE<2>());
    case 'J':
        return static_cast<std::int32_t>(static_cast<std::uint32_t>(c.readLE<4>()));
    default: { // LONG1: little-endian two's complement, at most 8 bytes here (longer ones: general decoder)
        const std::size_t n = c.readLE<1>();
        if (n > 8 || n > c.left())
            throw NotTyped{};
        if (n == 8) { // nanosecond times: the most common length
            const std::uint64_t v = Cursor::loadLE<8>(c.p);
            c.p += 8;
            return static_cast<std::int64_t>(v);
        }
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < n; ++i)
            v |= static_cast<std::uint64_t>(c.p[i]) << (8 * i);
        c.p += n;
        if (n > 0 && n < 8 && (c.p[-1] & 0x80))
            v |= ~std::uint64_t(0) << (8 * n); // sign-extend
        return static_cast<std::int64_t>(v);
    }
    }
}

double TypedReader::floatPayload(Cursor& c)
{
    if (8 > c.left())
        throw NotTyped{};
    std::uint64_t bits = Cursor::loadLE<8>(c.p);
    if constexpr (std::endian::native == std::endian::little)
        bits = __builtin_bswap64(bits); // BINFLOAT is big-endian
    else
        bits = Cursor::byteswap(bits);
    c.p += 8;
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
}

MemoSlot TypedReader::stringPayload(Cursor& c, unsigned char op, const unsigned char* opAt) const
{
    const std::uint64_t n = op == 'X' ? c.readLE<4>() : c.readLE<1>();
    if (n > c.left())
        throw NotTyped{};
    MemoSlot s;
    s.kind = MemoSlotKind::String;
    s.start = offsetOf(c.p);
    s.length = static_cast<std::uint32_t>(n);
    s.opOffset = offsetOf(opAt);
    if (!isValidUtf8(std::string_view(reinterpret_cast<const char*>(c.p), n)))
        ++m_out.invalidUtf8Strings; // each memoized string is read here once
    c.p += n;
    return s;
}

MemoSlot& TypedReader::stringSlot(Cursor& c)
{
    if (c.left() >= 2 && c.p[0] == 'h') { // a key or a repeated string: a BINGET with a one-byte id
        MemoSlot& s = m_memo[c.p[1]];
        c.p += 2;
        if (s.kind != MemoSlotKind::String)
            throw NotTyped{};
        return s;
    }
    const unsigned char* at = c.p;
    const unsigned char op = c.next();
    if (op == 'h' || op == 'j') {
        MemoSlot& s = memoGet(c, op);
        if (s.kind != MemoSlotKind::String)
            throw NotTyped{};
        return s;
    }
    if (op != 'X' && op != 0x8c)
        throw NotTyped{};
    m_scratch = stringPayload(c, op, at);
    // A memoized string keeps its interned id in its slot for the BINGETs to come.
    MemoSlot* stored = memoAfter(c, m_scratch);
    return stored ? *stored : m_scratch;
}

StrId TypedReader::internedString(Cursor& c)
{
    MemoSlot& s = stringSlot(c);
    if (s.str == kNoStr)
        s.str = m_pools.strings.intern(text(s));
    return s.str;
}

std::int64_t TypedReader::intValue(Cursor& c)
{
    const unsigned char op = c.next();
    switch (op) {
    case 'K':
        return static_cast<std::int64_t>(c.readLE<1>());
    case 'M':
        return static_cast<std::int64_t>(c.readLE<2>());
    case 'J':
    case 0x8a:
        return intPayload(c, op);
    default:
        throw NotTyped{};
    }
}

// None, or an int where 0 also means unknown (as DumpFields::toTime).
std::int64_t TypedReader::timeValue(Cursor& c)
{
    if (c.peek() == 'N') {
        ++c.p;
        return Entry::kNoTime;
    }
    const std::int64_t v = intValue(c);
    return v == 0 ? Entry::kNoTime : v;
}

double TypedReader::doubleValue(Cursor& c)
{
    const unsigned char op = c.next();
    if (op == 'G')
        return floatPayload(c);
    if (op == 'N')
        return std::numeric_limits<double>::quiet_NaN();
    if (!isInt(op))
        throw NotTyped{};
    return double(intPayload(c, op));
}

bool TypedReader::boolValue(Cursor& c)
{
    const unsigned char op = c.next();
    if (op != 0x88 && op != 0x89)
        throw NotTyped{};
    return op == 0x88;
}

void TypedReader::openList(Cursor& c)
{
    c.expect(']');
    memoAfter(c, MemoSlot{MemoSlotKind::Other});
    c.expect('(');
}

void TypedReader::closeList(Cursor& c)
{
    c.expect('e');
    memoAfter(c, MemoSlot{MemoSlotKind::Other});
}

// Flattened: the calls per field cost more than most fields do (as in PickleVm::runOps). Works on a copy of
// the cursor, so that it stays in a register (see Cursor).
__attribute__((flatten)) void TypedReader::readEntries(Cursor& at)
{
    Cursor c = at;
    // One APPENDS batch, as the C++ pickler writes it (Python's batches of 1000: general decoder).
    c.expect('(');
    EntryBuffers buffers(m_size / 128, m_level);
    while (c.peek() != 'e')
        buffers.add([&](Entry& e, EntryDetails& d) { readEntry(c, e, d); });
    closeList(c);
    m_out.sawTiming = buffers.sawTiming(); // sawFrames: readStack() reports the frames it did not intern
    buffers.moveTo(m_entries, m_out.times, m_out.origins);
    at = c;
}

void TypedReader::readEntry(Cursor& c, Entry& e, EntryDetails& d)
{
    c.expect('}');
    memoAfter(c, MemoSlot{MemoSlotKind::Other});
    c.expect('(');
    EntryPg pg;
    for (;;) {
        EntryField field;
        if (c.left() >= 2 && c.p[0] == 'h' && m_shortKeyField[c.p[1]] != EntryField::NotCached) {
            field = m_shortKeyField[c.p[1]]; // a key seen before: the usual case
            c.p += 2;
        } else if (c.peek() == 'u') {
            break;
        } else {
            field = readKey(c);
        }
        readField(c, field, e, d, pg);
    }
    ++c.p;
    memoAfter(c, MemoSlot{MemoSlotKind::Other});
    e.pg = m_interner.entryPg(pg);
}

// A key the short table does not know yet. Once a BINGET with a one-byte id has named a key, its field goes
// into the table: the C++ pickler never reuses a memo id (memoAfter() holds it to that), so that id names the
// same key for the rest of the file.
EntryField TypedReader::readKey(Cursor& c)
{
    const unsigned char* at = c.p;
    MemoSlot& key = stringSlot(c);
    if (key.field == EntryField::NotCached)
        key.field = entryFieldFor(text(key));
    if (at[0] == 'h' && c.p == at + 2)
        m_shortKeyField[at[1]] = key.field;
    return key.field;
}

// The value types DumpFields::readEntry accepts that a genuine dump uses; the rest go to the general reader.
void TypedReader::readField(Cursor& c, EntryField field, Entry& e, EntryDetails& d, EntryPg& pg)
{
    FieldValues values{*this, c};
    readEntryField(field, values, e, d, pg);
}

// A run of frames already seen (BINGET, LONG_BINGET of a frame dict): most of a stack, and of an entry's
// opcodes, so they get a loop of their own with the memo and the bounds in registers. Returns where the run
// ends.
const unsigned char* TypedReader::memoizedFrames(const unsigned char* p, const unsigned char* end) const
{
    const MemoSlot* memo = m_memo.data();
    const std::size_t memoSize = m_memo.size();
    for (;;) {
        std::size_t id;
        if (end - p >= 2 && p[0] == 'h') {
            id = p[1]; // below kShortIds: always in the memo
            p += 2;
        } else if (end - p >= 5 && p[0] == 'j') {
            id = Cursor::loadLE<4>(p + 1);
            p += 5;
            if (id >= memoSize)
                throw NotTyped{};
        } else {
            return p;
        }
        if (memo[id].kind != MemoSlotKind::Frame)
            throw NotTyped{};
    }
}

// A list of frame dicts, each written in full the first time and a BINGET after that. The stack is looked up
// by its bytes first, so a repeated call site costs one hash and one memcmp; the frames are listed only when
// the stack is new to the file.
StackId TypedReader::readStack(Cursor& c)
{
    const unsigned char* start = c.p;
    openList(c);
    const unsigned char* first = c.p;
    m_newFrames.clear();
    if (const unsigned char* end = m_seenRuns.endOf(first, c.end)) {
        c.p = end; // the BINGETs of a stack seen before: every id names a frame dict still (memoAfter())
    } else {
        for (;;) {
            c.p = memoizedFrames(c.p, c.end);
            if (c.peek() == 'e')
                break;
            const std::uint32_t frame = readFrame(c); // a frame dict in full: the first time the file uses it
            m_newFrames.push_back({c.p, frame});
        }
        if (m_newFrames.empty())
            m_seenRuns.remember(first, c.p, c.end);
    }
    const unsigned char* last = c.p;
    closeList(c);
    if (!m_keepFrames) {
        m_out.sawFrames = m_out.sawFrames || last != first;
        return 0;
    }
    const std::string_view encoding = text(start, c.p);
    if (const std::uint32_t* id = m_interner.findEncoded('R', encoding))
        return *id;
    // The list's bytes again, checked above: BINGETs name their frame through the memo, a frame dict written
    // in full is the next of m_newFrames.
    m_frames.clear();
    std::size_t next = 0;
    for (const unsigned char* p = first; p != last;) {
        std::uint32_t frame;
        if (*p == 'h') {
            frame = m_memo[p[1]].start;
            p += 2;
        } else if (*p == 'j') {
            frame = m_memo[Cursor::loadLE<4>(p + 1)].start;
            p += 5;
        } else {
            frame = m_newFrames[next].index;
            p = m_newFrames[next++].end;
        }
        m_frames.push_back(m_frameTable[frame]);
    }
    const StackId id = m_interner.stack(m_frames);
    m_interner.rememberEncoded('R', encoding, id);
    return id;
}

std::uint32_t TypedReader::readFrame(Cursor& c)
{
    c.expect('}');
    const auto index = static_cast<std::uint32_t>(m_frameTable.size());
    m_frameTable.emplace_back();
    MemoSlot self{MemoSlotKind::Frame};
    self.start = index;
    memoAfter(c, self);
    c.expect('(');
    StackFrame frame;
    while (c.peek() != 'u') {
        const std::string_view name = text(stringSlot(c));
        if ((name == "name" || name == "filename") && !m_keepFrames)
            stringSlot(c); // nobody will look at the frame: no need to intern its strings
        else if (name == "name")
            frame.name = internedString(c);
        else if (name == "filename")
            frame.filename = internedString(c);
        else if (name == "line")
            frame.line = std::int32_t(intValue(c));
        else
            throw NotTyped{};
    }
    ++c.p;
    m_frameTable[index] = frame;
    memoAfter(c, self);
    return index;
}

ShapesId TypedReader::readShapes(Cursor& c)
{
    const unsigned char* start = c.p;
    ShapesId seen = 0;
    if (const unsigned char* end = m_seenShapes.endOf(start, c.end, seen)) {
        c.p = end;
        return seen;
    }
    const std::uint64_t memoBefore = m_memoCount;
    const ShapesId id = walkShapes(c);
    if (m_memoCount == memoBefore)
        m_seenShapes.remember(start, c.p, c.end, id);
    return id;
}

ShapesId TypedReader::walkShapes(Cursor& c)
{
    const unsigned char* start = c.p;
    openList(c);
    m_flatShapes.assign(1, 0); // [count, len0, d0..., ...]
    std::int64_t count = 0;
    while (c.peek() != 'e') {
        openList(c);
        const std::size_t dimsAt = m_flatShapes.size();
        m_flatShapes.push_back(0);
        while (c.peek() != 'e')
            m_flatShapes.push_back(intValue(c));
        m_flatShapes[dimsAt] = std::int64_t(m_flatShapes.size() - dimsAt - 1);
        closeList(c);
        ++count;
    }
    closeList(c);
    if (count == 0)
        return 0;
    const std::string_view encoding = text(start, c.p);
    if (const std::uint32_t* id = m_interner.findEncoded('S', encoding))
        return *id;
    m_flatShapes[0] = count;
    const ShapesId id = m_interner.shapes(m_flatShapes);
    m_interner.rememberEncoded('S', encoding, id);
    return id;
}

DtypesId TypedReader::readDtypes(Cursor& c)
{
    // Most lists name one dtype seen before: EMPTY_LIST MARK BINGET id APPENDS, nothing memoized.
    if (c.left() >= 6 && c.p[0] == ']' && c.p[1] == '(' && c.p[2] == 'h' && c.p[4] == 'e' &&
        static_cast<unsigned char>(c.p[5] - 'q') > 1) {
        MemoSlot& s = m_memo[c.p[3]];
        if (s.kind == MemoSlotKind::String && s.str != kNoStr) {
            c.p += 5;
            const StrId one[] = {s.str};
            return m_interner.dtypes(one);
        }
    }
    openList(c);
    m_dtypeIds.clear();
    while (c.peek() != 'e')
        m_dtypeIds.push_back(internedString(c));
    closeList(c);
    return m_interner.dtypes(m_dtypeIds);
}

Ref TypedReader::stringNode(MemoSlot& slot)
{
    if (slot.node == ValueTree::kInvalid)
        slot.node = m_tree.addSourceBytes(Kind::String, text(slot), slot.opOffset);
    return slot.node;
}

// A value outside the entries, as decodePickle() would build it (same kinds, same offsets).
Ref TypedReader::readNode(Cursor& c, int depth)
{
    if (depth > kMaxTreeDepth)
        throw NotTyped{};
    const unsigned char* at = c.p;
    const unsigned char op = c.next();
    Ref r = ValueTree::kInvalid;
    switch (op) {
    case 'X':
    case 0x8c: {
        MemoSlot s = stringPayload(c, op, at);
        r = stringNode(s);
        memoAfter(c, s);
        return r;
    }
    case 'h':
    case 'j': {
        MemoSlot& s = memoGet(c, op);
        if (s.kind == MemoSlotKind::String)
            return stringNode(s);
        if (s.kind != MemoSlotKind::Node)
            throw NotTyped{};
        return s.start;
    }
    case '}':
    case ']': {
        const bool dict = op == '}';
        // Memoized only once closed (the C++ pickler's order): a container that would hold itself, which
        // the general decoder handles with its own checks, cannot be reached from inside.
        r = m_tree.addContainer(dict ? Kind::Dict : Kind::List, offsetOf(at));
        c.expect('(');
        std::vector<Ref> items;
        while (c.peek() != (dict ? 'u' : 'e'))
            items.push_back(readNode(c, depth + 1));
        ++c.p;
        if (dict && items.size() % 2 != 0)
            throw NotTyped{};
        m_tree.append(r, items.data(), items.size());
        break;
    }
    case 'K':
    case 'M':
    case 'J':
    case 0x8a:
        r = m_tree.addInt(intPayload(c, op), offsetOf(at));
        break;
    case 'G':
        r = m_tree.addFloat(floatPayload(c), offsetOf(at));
        break;
    case 'N':
        r = m_tree.addNone(offsetOf(at));
        break;
    case 0x88:
    case 0x89:
        r = m_tree.addBool(op == 0x88, offsetOf(at));
        break;
    default:
        throw NotTyped{};
    }
    MemoSlot self{MemoSlotKind::Node};
    self.start = r;
    memoAfter(c, self);
    return r;
}

void TypedReader::readTop(Cursor& c)
{
    c.expect(0x80);
    if (c.next() > 5)
        throw NotTyped{};
    const unsigned char* at = c.p;
    c.expect('}'); // the 2.2-era list-shaped dumps go to the general reader
    const Ref top = m_tree.addContainer(Kind::Dict, offsetOf(at));
    c.expect('(');
    std::vector<Ref> items;
    bool sawEntries = false;
    while (c.peek() != 'u') {
        const Ref key = readNode(c, 1);
        if (m_tree.isString(key, "entries")) {
            // DumpFields reads the last "entries"; a second one, or one that is not a list, is not the
            // layout.
            if (sawEntries || c.peek() != ']')
                throw NotTyped{};
            sawEntries = true;
            const Ref placeholder = m_tree.addContainer(Kind::List, offsetOf(c.p));
            ++c.p;
            memoAfter(c, MemoSlot{MemoSlotKind::Other});
            readEntries(c);
            items.push_back(key);
            items.push_back(placeholder);
        } else {
            items.push_back(key);
            items.push_back(readNode(c, 1));
        }
    }
    ++c.p;
    if (items.size() % 2 != 0)
        throw NotTyped{};
    m_tree.append(top, items.data(), items.size());
    MemoSlot self{MemoSlotKind::Node};
    self.start = top;
    memoAfter(c, self);
    c.expect('.');
    if (c.p != c.end || !sawEntries)
        throw NotTyped{};
    m_tree.setRoot(top);
}

void TypedReader::run()
{
    m_memo.reserve(std::min<std::size_t>(m_size / 64 + 16, 1u << 20));
    Cursor c{m_data, m_data + m_size};
    readTop(c);
}

} // namespace

std::optional<TypedPickleDump> readPickleDumpTyped(std::string_view bytes, JobPools& pools, DetailLevel level)
{
    if (bytes.size() > std::numeric_limits<std::uint32_t>::max())
        return std::nullopt; // offsets are kept in 32 bits here
    TypedPickleDump out{ValueTree(bytes), {}, {}, {}, false, false, 0};
    try {
        TypedReader(bytes, pools, out, level).run();
    } catch (const NotTyped&) {
        return std::nullopt;
    }
    return out;
}

} // namespace fd
