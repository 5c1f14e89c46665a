#include "JsonDumpReader.h"

#include "DumpInterner.h"
#include "EntryBuffers.h"
#include "EntrySchema.h"
#include "JsonScanner.h"
#include "core/model/JobPools.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>

// A recursive-descent reader over a JSON dump that expects, at each point, the token the schema puts there
// (docs/dump-format.md sections 2 and 4). The entries are read into Entry as they are scanned; everything
// else becomes the same ValueTree nodes decodeJson() would build, for DumpFields. The first surprise abandons
// the file to the general decoder (JsonNotTyped), so this reader never has to explain an error.

namespace fd {
namespace {

using Ref = ValueTree::Ref;
using Kind = ValueTree::Kind;

// Real dumps nest five levels deep; anything deeper is left to the general decoder and its limit.
constexpr int kMaxDepth = 32;
// Entries repeat their keys in one order: the raw bytes of the key at each position are remembered from the
// entry before, for this many positions (a dump's entry has 21 keys).
constexpr std::size_t kPredictedKeys = 32;

// One file's strings, interned by their raw bytes: JSON has no memo, so every entry spells out its profiling
// name, thread, PG and dtypes again. Open addressing over a power-of-two table that keeps every string of the
// file: a file names few distinct strings, and none is ever evicted and looked up in the shared pool again.
class RawStringIds
{
public:
    explicit RawStringIds(JobPools& pools) : m_pools(pools) {}

    StrId intern(const JsonRawString& s)
    {
        const std::uint64_t hash = DumpInterner::hash('j', s.raw);
        std::size_t i = hash & (m_slots.size() - 1);
        for (;; i = (i + 1) & (m_slots.size() - 1)) {
            const Slot& slot = m_slots[i];
            if (!slot.data)
                break;
            if (slot.hash == hash && slot.size == s.raw.size() &&
                std::memcmp(slot.data, s.raw.data(), slot.size) == 0)
                return slot.id;
        }
        StrId id;
        if (s.escaped) {
            m_text.clear();
            decodeJsonString(s.raw, m_text);
            id = m_pools.strings.intern(m_text);
        } else {
            id = m_pools.strings.intern(s.raw);
        }
        m_slots[i] = Slot{s.raw.data(), static_cast<std::uint32_t>(s.raw.size()), id, hash};
        if (++m_used * 2 > m_slots.size())
            grow();
        return id;
    }

private:
    struct Slot
    {
        const char* data = nullptr; // into the file's bytes; null: free
        std::uint32_t size = 0;
        StrId id = 0;
        std::uint64_t hash = 0;
    };
    void grow()
    {
        std::vector<Slot> old(m_slots.size() * 2);
        old.swap(m_slots);
        for (const Slot& s : old) {
            if (!s.data)
                continue;
            std::size_t i = s.hash & (m_slots.size() - 1);
            while (m_slots[i].data)
                i = (i + 1) & (m_slots.size() - 1);
            m_slots[i] = s;
        }
    }

    JobPools& m_pools;
    std::vector<Slot> m_slots = std::vector<Slot>(256);
    std::size_t m_used = 0;
    std::string m_text;
};

// A frame as the file spells it, interned only when its stack is new to the file.
struct RawFrame
{
    JsonRawString name;
    JsonRawString filename;
    bool hasName = false; // absent or null: 0, as DumpFields reads it
    bool hasFilename = false;
    std::int32_t line = 0;
};

class TypedJsonReader
{
public:
    TypedJsonReader(std::string_view bytes, JobPools& pools, TypedJsonDump& out, DetailLevel level)
        : m_begin(bytes.data()), m_end(bytes.data() + bytes.size()), m_tree(out.tree), m_out(out),
          m_level(level), m_keepFrames(level == DetailLevel::Full), m_interner(pools), m_strings(pools)
    {
    }

    void run();

private:
    std::uint64_t offsetOf(const char* p) const { return static_cast<std::uint64_t>(p - m_begin); }
    // The text of a string token: its raw bytes, or its decoded escapes in m_text.
    std::string_view text(const JsonRawString& s);
    std::string_view checkedText(JsonCursor& c) { return text(c.string()); }

    // --- entries
    void readEntries(JsonCursor& c);
    void readEntry(JsonCursor& c, Entry& e, EntryDetails& d);
    EntryField readKey(JsonCursor& c, std::size_t position);
    void readField(JsonCursor& c, EntryField field, Entry& e, EntryDetails& d, EntryPg& pg);
    // readEntryField()'s view of the reader: each value read at the cursor.
    struct FieldValues
    {
        TypedJsonReader& r;
        JsonCursor& c;
        std::int64_t integer() { return c.integer(); }
        std::int64_t time() { return timeValue(c); }
        double real() { return doubleValue(c); }
        bool flag() { return boolValue(c); }
        StrId string() { return r.internedString(c); }
        std::string_view text() { return r.checkedText(c); }
        ShapesId shapes() { return r.readShapes(c); }
        DtypesId dtypes() { return r.readDtypes(c); }
        StackId stack() { return r.readStack(c); }
        void processGroup(EntryPg& pg) { r.readProcessGroup(c, pg); }
        void unknown() { r.skipValue(c, 1); } // readKey() listed it for the warning
    };
    StrId internedString(JsonCursor& c); // a string, or null (0), as DumpFields::internString
    static std::int64_t timeValue(JsonCursor& c);
    static double doubleValue(JsonCursor& c);
    static bool boolValue(JsonCursor& c);
    void readProcessGroup(JsonCursor& c, EntryPg& pg);
    ShapesId readShapes(JsonCursor& c);
    DtypesId readDtypes(JsonCursor& c);
    StackId readStack(JsonCursor& c);
    RawFrame readFrame(JsonCursor& c);
    void skipValue(JsonCursor& c, int depth);

    // --- everything else, into the tree
    Ref readNode(JsonCursor& c, int depth);
    Ref stringNode(JsonCursor& c);

    const char* m_begin;
    const char* m_end;
    ValueTree& m_tree;
    TypedJsonDump& m_out;
    const DetailLevel m_level;
    const bool m_keepFrames; // stacks interned; else only checked (sawFrames)
    DumpInterner m_interner;
    RawStringIds m_strings;
    std::string m_text;

    struct PredictedKey
    {
        std::string_view raw; // empty: none yet
        EntryField field = EntryField::Unknown;
    };
    std::array<PredictedKey, kPredictedKeys> m_predicted{};
    std::vector<std::int64_t> m_flatShapes;
    std::vector<StrId> m_dtypeIds;
    std::vector<RawFrame> m_rawFrames;
    std::vector<StackFrame> m_frames;
};

std::string_view TypedJsonReader::text(const JsonRawString& s)
{
    if (!s.escaped)
        return s.raw;
    m_text.clear();
    decodeJsonString(s.raw, m_text);
    return m_text;
}

void TypedJsonReader::readEntries(JsonCursor& c)
{
    c.expect('[');
    EntryBuffers buffers(static_cast<std::size_t>(m_end - m_begin) / 512, m_level);
    if (!c.consume(']')) {
        do
            buffers.add([&](Entry& e, EntryDetails& d) { readEntry(c, e, d); });
        while (c.more(']'));
    }
    m_out.sawTiming = buffers.sawTiming(); // sawFrames: readStack() reports the frames it did not intern
    buffers.moveTo(m_out.entries, m_out.times, m_out.origins);
}

void TypedJsonReader::readEntry(JsonCursor& c, Entry& e, EntryDetails& d)
{
    c.expect('{');
    EntryPg pg;
    if (!c.consume('}')) {
        std::size_t position = 0;
        do {
            EntryField field;
            if (position < kPredictedKeys && !m_predicted[position].raw.empty() &&
                c.consumeKey(m_predicted[position].raw))
                field = m_predicted[position].field; // the usual case
            else
                field = readKey(c, position);
            readField(c, field, e, d, pg);
            ++position;
        } while (c.more('}'));
    }
    e.pg = m_interner.entryPg(pg);
}

EntryField TypedJsonReader::readKey(JsonCursor& c, std::size_t position)
{
    const JsonRawString key = c.string();
    c.expect(':');
    const std::string_view name = text(key);
    const EntryField field = entryFieldFor(name);
    if (field == EntryField::Unknown) {
        auto& unknown = m_out.unknownEntryKeys;
        if (std::find(unknown.begin(), unknown.end(), name) == unknown.end())
            unknown.emplace_back(name);
    }
    if (position < kPredictedKeys)
        m_predicted[position] = {key.raw, field};
    return field;
}

// The value types DumpFields::readEntry accepts that a JSON dump uses; the rest go to the general reader.
void TypedJsonReader::readField(JsonCursor& c, EntryField field, Entry& e, EntryDetails& d, EntryPg& pg)
{
    FieldValues values{*this, c};
    readEntryField(field, values, e, d, pg);
}

StrId TypedJsonReader::internedString(JsonCursor& c)
{
    if (c.consumeLiteral("null"))
        return 0;
    return m_strings.intern(c.string());
}

// null, or an int where 0 also means unknown (as DumpFields::toTime; JSON writes unknown times as 0).
std::int64_t TypedJsonReader::timeValue(JsonCursor& c)
{
    if (c.consumeLiteral("null"))
        return Entry::kNoTime;
    const std::int64_t v = c.integer();
    return v == 0 ? Entry::kNoTime : v;
}

double TypedJsonReader::doubleValue(JsonCursor& c)
{
    if (c.consumeLiteral("null"))
        return std::numeric_limits<double>::quiet_NaN();
    const JsonCursor::Number n = c.number();
    return n.isInteger ? double(n.integer) : n.real;
}

// true/false, or an int (non-zero: true), as DumpFields::toBool.
bool TypedJsonReader::boolValue(JsonCursor& c)
{
    if (c.consumeLiteral("true"))
        return true;
    if (c.consumeLiteral("false"))
        return false;
    return c.integer() != 0;
}

// [name, desc] (a 2-array: JSON has no tuples); DumpFields also takes [name].
void TypedJsonReader::readProcessGroup(JsonCursor& c, EntryPg& pg)
{
    c.expect('[');
    pg.name = internedString(c);
    if (c.more(']')) {
        pg.desc = internedString(c);
        if (c.more(']'))
            throw JsonNotTyped{}; // DumpFields ignores a third item: rare enough to leave to it
    }
}

ShapesId TypedJsonReader::readShapes(JsonCursor& c)
{
    c.expect('[');
    if (c.consume(']'))
        return 0;
    m_flatShapes.assign(1, 0); // [count, len0, d0..., ...]
    std::int64_t count = 0;
    do {
        c.expect('[');
        const std::size_t dimsAt = m_flatShapes.size();
        m_flatShapes.push_back(0);
        if (!c.consume(']')) {
            do
                m_flatShapes.push_back(c.integer());
            while (c.more(']'));
        }
        m_flatShapes[dimsAt] = std::int64_t(m_flatShapes.size() - dimsAt - 1);
        ++count;
    } while (c.more(']'));
    m_flatShapes[0] = count;
    return m_interner.shapes(m_flatShapes);
}

DtypesId TypedJsonReader::readDtypes(JsonCursor& c)
{
    c.expect('[');
    if (c.consume(']'))
        return 0;
    m_dtypeIds.clear();
    do
        m_dtypeIds.push_back(internedString(c));
    while (c.more(']'));
    return m_interner.dtypes(m_dtypeIds);
}

// A list of frame objects, each spelt out in full (JSON has no memo). The stack is looked up by its bytes
// first, so a repeated call site costs one hash and one memcmp; its strings are interned only when it is new.
StackId TypedJsonReader::readStack(JsonCursor& c)
{
    c.peek();
    const char* start = c.position();
    c.expect('[');
    m_rawFrames.clear();
    if (!c.consume(']')) {
        do
            m_rawFrames.push_back(readFrame(c));
        while (c.more(']'));
    }
    if (m_rawFrames.empty())
        return 0;
    if (!m_keepFrames) {
        m_out.sawFrames = true; // all finishEntry() would have learnt from them
        return 0;
    }
    const std::string_view encoding(start, static_cast<std::size_t>(c.position() - start));
    if (const std::uint32_t* id = m_interner.findEncoded('J', encoding))
        return *id;
    m_frames.clear();
    for (const RawFrame& raw : m_rawFrames) {
        StackFrame frame;
        frame.name = raw.hasName ? m_strings.intern(raw.name) : 0;
        frame.filename = raw.hasFilename ? m_strings.intern(raw.filename) : 0;
        frame.line = raw.line;
        m_frames.push_back(frame);
    }
    const StackId id = m_interner.stack(m_frames);
    m_interner.rememberEncoded('J', encoding, id);
    return id;
}

// {"name", "filename", "line"} in any order; other keys are ignored, as DumpFields::readFrame does.
RawFrame TypedJsonReader::readFrame(JsonCursor& c)
{
    RawFrame frame;
    c.expect('{');
    if (c.consume('}'))
        return frame;
    do {
        const std::string_view key = checkedText(c);
        c.expect(':');
        const bool isName = key == "name";
        if (isName || key == "filename") {
            const bool present = !c.consumeLiteral("null");
            JsonRawString value;
            if (present) {
                value = c.string();
                if (value.escaped)
                    text(value); // checked now: a stack already interned by its bytes is not decoded again
            }
            (isName ? frame.name : frame.filename) = value;
            (isName ? frame.hasName : frame.hasFilename) = present;
        } else if (key == "line") {
            frame.line = std::int32_t(c.integer());
        } else {
            skipValue(c, 3);
        }
    } while (c.more('}'));
    return frame;
}

// Any value, checked as nlohmann would check it, and dropped (an unknown entry key's, or a frame's).
void TypedJsonReader::skipValue(JsonCursor& c, int depth)
{
    if (depth > kMaxDepth)
        throw JsonNotTyped{};
    const char first = c.peek();
    if (first == '{' || first == '[') {
        const char close = first == '{' ? '}' : ']';
        c.expect(first);
        if (c.consume(close))
            return;
        do {
            if (first == '{') {
                checkedText(c);
                c.expect(':');
            }
            skipValue(c, depth + 1);
        } while (c.more(close));
    } else if (first == '"') {
        checkedText(c);
    } else if (!c.consumeLiteral("true") && !c.consumeLiteral("false") && !c.consumeLiteral("null")) {
        c.number();
    }
}

Ref TypedJsonReader::stringNode(JsonCursor& c)
{
    c.peek();
    const std::uint64_t at = offsetOf(c.position());
    const JsonRawString s = c.string();
    if (!s.escaped)
        return m_tree.addSourceBytes(Kind::String, s.raw, at);
    return m_tree.addOwnedBytes(Kind::String, text(s), at);
}

// A value outside the entries, as decodeJson() would build it (same kinds; the offsets only decorate errors,
// and the caller leaves a file DumpFields finds an error in to the general path).
Ref TypedJsonReader::readNode(JsonCursor& c, int depth)
{
    if (depth > kMaxDepth)
        throw JsonNotTyped{};
    const char first = c.peek();
    const std::uint64_t at = offsetOf(c.position());
    if (first == '{' || first == '[') {
        const bool dict = first == '{';
        const char close = dict ? '}' : ']';
        c.expect(first);
        const Ref r = m_tree.addContainer(dict ? Kind::Dict : Kind::List, at);
        std::vector<Ref> items;
        if (!c.consume(close)) {
            do {
                if (dict) {
                    items.push_back(stringNode(c));
                    c.expect(':');
                }
                items.push_back(readNode(c, depth + 1));
            } while (c.more(close));
        }
        m_tree.append(r, items.data(), items.size());
        return r;
    }
    if (first == '"')
        return stringNode(c);
    if (c.consumeLiteral("true"))
        return m_tree.addBool(true, at);
    if (c.consumeLiteral("false"))
        return m_tree.addBool(false, at);
    if (c.consumeLiteral("null"))
        return m_tree.addNone(at);
    const JsonCursor::Number n = c.number();
    return n.isInteger ? m_tree.addInt(n.integer, at) : m_tree.addFloat(n.real, at);
}

void TypedJsonReader::run()
{
    JsonCursor c(m_begin, m_end);
    c.peek();
    const Ref top = m_tree.addContainer(Kind::Dict, offsetOf(c.position()));
    c.expect('{'); // the 2.2-era list-shaped dumps go to the general reader
    std::vector<Ref> items;
    bool sawEntries = false;
    if (!c.consume('}')) {
        do {
            const Ref key = stringNode(c);
            c.expect(':');
            items.push_back(key);
            if (m_tree.isString(key, "entries")) {
                // DumpFields reads the last "entries"; a second one, or one that is not a list, is not the
                // layout.
                if (sawEntries || c.peek() != '[')
                    throw JsonNotTyped{};
                sawEntries = true;
                items.push_back(m_tree.addContainer(Kind::List, offsetOf(c.position())));
                readEntries(c);
            } else {
                items.push_back(readNode(c, 1));
            }
        } while (c.more('}'));
    }
    if (!c.atEnd())
        throw JsonNotTyped{};
    m_tree.append(top, items.data(), items.size());
    m_tree.setRoot(top);
}

} // namespace

std::optional<TypedJsonDump> readJsonDumpTyped(std::string_view bytes, JobPools& pools, DetailLevel level)
{
    if (bytes.size() > std::numeric_limits<std::uint32_t>::max())
        return std::nullopt; // the tree keeps string sizes in 32 bits
    TypedJsonDump out{{ValueTree(bytes), {}, {}, {}, false, false, 0}, {}};
    try {
        TypedJsonReader(bytes, pools, out, level).run();
    } catch (const JsonNotTyped&) {
        return std::nullopt;
    }
    return out;
}

} // namespace fd
