#include "DumpFields.h"

#include "EntrySchema.h"
#include "core/model/Utf8Text.h"

#include <QStringBuilder>

#include <algorithm>
#include <charconv>
#include <cstring>

namespace fd {

namespace {

using Field = EntryField;

// The newest schema this reader was written against; newer ones load with a warning.
constexpr int kKnownMajor = 2;
constexpr int kKnownMinor = 10;

} // namespace

QString FieldPath::toString() const
{
    if (m_text)
        return *m_text;
    return QStringLiteral("entries[") % QString::number(m_index) % QStringLiteral("].") %
           QLatin1String(m_name);
}

DumpFields::DumpFields(const ValueTree& tree, const QString& path, JobPools& pools)
    : m_tree(tree), m_path(path), m_pools(pools), m_idByRef(tree.nodeCount(), 0xffffffffu),
      m_fieldByRef(tree.nodeCount(), std::uint8_t(Field::NotCached)), m_interner(pools)
{
}

void DumpFields::fail(Ref at, const QString& message) const
{
    throw Failure{at, message};
}

void DumpFields::wrongType(Ref at, const FieldPath& field, const char* expected) const
{
    fail(at, field.toString() % QStringLiteral(": expected ") % QLatin1String(expected) %
                 QStringLiteral(", found ") % QLatin1String(ValueTree::kindName(m_tree.kind(at))));
}

std::int64_t DumpFields::toInt(Ref r, const FieldPath& field) const
{
    switch (m_tree.kind(r)) {
    case ValueTree::Kind::Int:
        return m_tree.toInt(r);
    case ValueTree::Kind::Bool:
        return m_tree.toBool(r) ? 1 : 0;
    case ValueTree::Kind::BigInt:
        fail(r, field.toString() % QStringLiteral(": integer does not fit in 64 bits"));
    default:
        wrongType(r, field, "int");
    }
}

std::int64_t DumpFields::toIntOrStringInt(Ref r, const FieldPath& field) const
{
    // JSON dumps write pg_status values as strings ("12").
    if (m_tree.kind(r) == ValueTree::Kind::String) {
        const std::string_view s = m_tree.bytes(r);
        std::int64_t v = 0;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || p != s.data() + s.size())
            fail(r, field.toString() % QStringLiteral(": expected an integer, found \"") %
                        QString::fromUtf8(s.data(), qsizetype(std::min<std::size_t>(s.size(), 40))) %
                        QLatin1Char('"'));
        return v;
    }
    return toInt(r, field);
}

std::int64_t DumpFields::toTime(Ref r, const FieldPath& field) const
{
    if (m_tree.kind(r) == ValueTree::Kind::None)
        return Entry::kNoTime;
    const std::int64_t v = toInt(r, field);
    return v == 0 ? Entry::kNoTime : v; // JSON writes unknown times as 0
}

double DumpFields::toDouble(Ref r, const FieldPath& field) const
{
    switch (m_tree.kind(r)) {
    case ValueTree::Kind::Float:
        return m_tree.toFloat(r);
    case ValueTree::Kind::Int:
        return double(m_tree.toInt(r));
    case ValueTree::Kind::None:
        return std::numeric_limits<double>::quiet_NaN();
    default:
        wrongType(r, field, "float");
    }
}

bool DumpFields::toBool(Ref r, const FieldPath& field) const
{
    switch (m_tree.kind(r)) {
    case ValueTree::Kind::Bool:
        return m_tree.toBool(r);
    case ValueTree::Kind::Int:
        return m_tree.toInt(r) != 0;
    default:
        wrongType(r, field, "bool");
    }
}

std::string_view DumpFields::toStringBytes(Ref r, const FieldPath& field) const
{
    if (m_tree.kind(r) != ValueTree::Kind::String)
        wrongType(r, field, "str");
    return m_tree.bytes(r);
}

StrId DumpFields::internBytes(std::string_view bytes)
{
    if (auto it = m_strByBytes.find(bytes); it != m_strByBytes.end())
        return it->second;
    if (!isValidUtf8(bytes))
        ++m_invalidUtf8;
    const StrId id = m_pools.strings.intern(bytes);
    m_strByBytes.emplace(bytes, id);
    return id;
}

StrId DumpFields::internString(Ref r, const FieldPath& field)
{
    if (m_idByRef[r] != 0xffffffffu)
        return m_idByRef[r];
    StrId id;
    if (m_tree.kind(r) == ValueTree::Kind::Int) {
        // thread_id and names are sometimes ints in older or hand-made dumps: keep their text.
        const std::string text = std::to_string(m_tree.toInt(r));
        id = m_pools.strings.intern(text);
    } else if (m_tree.kind(r) == ValueTree::Kind::None) {
        id = 0;
    } else {
        id = internBytes(toStringBytes(r, field));
    }
    m_idByRef[r] = id;
    return id;
}

QString DumpFields::qstring(Ref r, const FieldPath& field) const
{
    const std::string_view s = toStringBytes(r, field);
    if (!isValidUtf8(s))
        ++m_invalidUtf8;
    return visibleText(s);
}

void DumpFields::warnOnce(RankDump& dump, const QString& warning)
{
    if (m_warned.contains(warning))
        return;
    m_warned.insert(warning);
    dump.warnings << warning;
}

QString DumpFields::unknownEntryKeyWarning(std::string_view key)
{
    return QStringLiteral("unknown entry key \"%1\" ignored")
        .arg(QString::fromUtf8(key.data(), qsizetype(key.size())));
}

std::variant<RankDump, LoadError> DumpFields::convert(int rank, std::vector<Entry>&& entries,
                                                      std::vector<EntryTimes>&& times,
                                                      std::vector<EntryOrigin>&& origins)
{
    m_readEntries = &entries;
    m_readTimes = &times;
    m_readOrigins = &origins;
    return convert(rank);
}

std::variant<RankDump, LoadError> DumpFields::convert(int rank)
{
    RankDump dump;
    dump.rank = rank;
    dump.filePath = m_path;
    try {
        const Ref top = m_tree.root();
        if (!m_tree.isValid(top))
            fail(0, QStringLiteral("no value in file"));
        if (m_tree.kind(top) == ValueTree::Kind::List) {
            // PyTorch 2.2: the dump is just the list of entries.
            dump.hasEntriesKey = true;
            readEntries(top, dump);
        } else if (m_tree.kind(top) == ValueTree::Kind::Dict) {
            readTopLevel(top, dump);
        } else {
            wrongType(top, QStringLiteral("top level"), "dict (or the list of 2.2-era dumps)");
        }
    } catch (const Failure& f) {
        const bool hasOffset = m_tree.isValid(f.at);
        return LoadError{m_path, rank, hasOffset ? m_tree.offset(f.at) : 0, hasOffset, f.message};
    }
    dump.invalidUtf8Strings += m_invalidUtf8;
    return dump;
}

void DumpFields::readTopLevel(Ref top, RankDump& dump)
{
    Ref entries = ValueTree::kInvalid;
    const std::uint32_t n = m_tree.count(top);
    for (std::uint32_t i = 0; i < n; ++i) {
        const Ref k = m_tree.key(top, i);
        const Ref v = m_tree.value(top, i);
        if (m_tree.kind(k) != ValueTree::Kind::String) {
            warnOnce(dump, QStringLiteral("top-level key that is not a string ignored"));
            continue;
        }
        const std::string_view key = m_tree.bytes(k);
        if (key == "version")
            readVersion(v, dump);
        else if (key == "entries")
            entries = v;
        else if (key == "pg_config")
            readPgConfig(v, dump);
        else if (key == "pg_status")
            readPgStatus(v, dump);
        else if (key == "comm_lib_version" || key == "nccl_version")
            dump.commLibVersion = qstring(v, QString::fromUtf8(key.data(), qsizetype(key.size())));
        else if (key == "health_check_results")
            readHealth(v, dump);
        else if (key == "nccl_comm_state")
            ; // carried by the lossless export; nothing in the analysis reads it
        else
            warnOnce(dump, QStringLiteral("unknown top-level key \"%1\" ignored")
                               .arg(QString::fromUtf8(key.data(), qsizetype(key.size()))));
    }
    if (m_readEntries && m_tree.isValid(entries)) {
        dump.entries = std::move(*m_readEntries);
        dump.times = std::move(*m_readTimes);
        dump.origins = std::move(*m_readOrigins);
        for (std::size_t i = 0; i < dump.entries.size(); ++i) // the reader may have kept none
            finishEntry(dump.entries[i], dump.timesOf(i), dump.originOf(i).frames, dump);
    } else if (m_tree.isValid(entries)) {
        readEntries(entries, dump);
    } else
        dump.hasEntriesKey = false; // collectives excluded, or a JSON dump with no entries
}

void DumpFields::readVersion(Ref r, RankDump& dump)
{
    dump.version = qstring(r, QStringLiteral("version"));
    const auto parts = dump.version.split(QLatin1Char('.'));
    bool okMajor = false;
    bool okMinor = parts.size() < 2;
    dump.versionMajor = parts.value(0).toInt(&okMajor);
    dump.versionMinor = parts.size() >= 2 ? parts[1].toInt(&okMinor) : 0;
    if (!okMajor || !okMinor) {
        warnOnce(dump, QStringLiteral("unrecognised schema version \"%1\"; reading it as the newest known")
                           .arg(dump.version));
        dump.versionMajor = kKnownMajor;
        dump.versionMinor = kKnownMinor;
    } else if (dump.versionMajor > kKnownMajor ||
               (dump.versionMajor == kKnownMajor && dump.versionMinor > kKnownMinor)) {
        warnOnce(dump, QStringLiteral("schema version %1 is newer than %2.%3, the newest FlightDeck knows; "
                                      "unknown fields are kept in exports and ignored by the analysis")
                           .arg(dump.version)
                           .arg(kKnownMajor)
                           .arg(kKnownMinor));
    }
}

void DumpFields::readPgConfig(Ref r, RankDump& dump)
{
    if (m_tree.kind(r) != ValueTree::Kind::Dict)
        wrongType(r, QStringLiteral("pg_config"), "dict");
    const std::uint32_t n = m_tree.count(r);
    dump.pgConfigs.reserve(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        const Ref k = m_tree.key(r, i);
        const Ref v = m_tree.value(r, i);
        PgConfig pg;
        const QString field = QStringLiteral("pg_config[%1]").arg(i);
        // 1.2-1.4 write {int pg_id: [int ranks]}, later versions {name: {"name", "desc", "ranks": "[0, 1]"}}.
        auto readIntList = [&](Ref list) {
            std::vector<int> ranks;
            ranks.reserve(m_tree.count(list));
            for (std::uint32_t j = 0; j < m_tree.count(list); ++j)
                ranks.push_back(int(toInt(m_tree.item(list, j), QString(field % QStringLiteral(".ranks")))));
            return m_pools.rankLists.fromRanks(std::move(ranks));
        };
        if (m_tree.kind(v) == ValueTree::Kind::List) {
            pg.name = internString(k, field);
            pg.ranks = readIntList(v);
        } else if (m_tree.kind(v) == ValueTree::Kind::Dict) {
            const Ref name = m_tree.find(v, "name");
            pg.name = internString(m_tree.isValid(name) ? name : k, QString(field % QStringLiteral(".name")));
            if (const Ref desc = m_tree.find(v, "desc"); m_tree.isValid(desc))
                pg.desc = internString(desc, QString(field % QStringLiteral(".desc")));
            const Ref ranks = m_tree.find(v, "ranks");
            if (!m_tree.isValid(ranks))
                fail(v, field % QStringLiteral(": no \"ranks\""));
            if (m_tree.kind(ranks) == ValueTree::Kind::List) {
                pg.ranks = readIntList(ranks);
            } else {
                const auto id = m_pools.rankLists.fromText(
                    toStringBytes(ranks, QString(field % QStringLiteral(".ranks"))));
                if (!id)
                    fail(ranks, field % QStringLiteral(".ranks: not a list of ranks like \"[0, 1, 2]\""));
                pg.ranks = *id;
            }
        } else {
            wrongType(v, field, "dict");
        }
        dump.pgConfigs.push_back(std::move(pg));
    }
}

void DumpFields::readPgStatus(Ref r, RankDump& dump)
{
    if (m_tree.kind(r) != ValueTree::Kind::Dict)
        wrongType(r, QStringLiteral("pg_status"), "dict");
    const std::uint32_t n = m_tree.count(r);
    for (std::uint32_t i = 0; i < n; ++i) {
        const Ref v = m_tree.value(r, i);
        const QString field = QStringLiteral("pg_status[%1]").arg(i);
        PgStatus s;
        s.localPgId = std::int32_t(toIntOrStringInt(m_tree.key(r, i), field));
        if (m_tree.kind(v) != ValueTree::Kind::Dict)
            wrongType(v, field, "dict");
        auto read = [&](const char* key, std::int64_t& out) {
            const Ref x = m_tree.find(v, key);
            if (m_tree.isValid(x))
                out = toIntOrStringInt(x, QString(field % QLatin1Char('.') % QLatin1String(key)));
        };
        read("last_enqueued_collective", s.lastEnqueued);
        read("last_started_collective", s.lastStarted);
        read("last_completed_collective", s.lastCompleted);
        dump.pgStatus.push_back(s);
    }
}

void DumpFields::readHealth(Ref r, RankDump& dump)
{
    if (m_tree.kind(r) != ValueTree::Kind::Dict)
        wrongType(r, QStringLiteral("health_check_results"), "dict");
    for (std::uint32_t i = 0; i < m_tree.count(r); ++i) {
        const Ref v = m_tree.value(r, i);
        HealthCheck check;
        check.component = qstring(m_tree.key(r, i), QStringLiteral("health_check_results key"));
        const QString field = QStringLiteral("health_check_results.") + check.component;
        if (m_tree.kind(v) == ValueTree::Kind::Dict) {
            if (const Ref s = m_tree.find(v, "status"); m_tree.isValid(s))
                check.status = qstring(s, QString(field % QStringLiteral(".status")));
            if (const Ref o = m_tree.find(v, "output");
                m_tree.isValid(o) && m_tree.kind(o) == ValueTree::Kind::String)
                check.output = qstring(o, QString(field % QStringLiteral(".output")));
        } else if (m_tree.kind(v) == ValueTree::Kind::String) {
            check.status = qstring(v, field);
        } else if (m_tree.kind(v) == ValueTree::Kind::Bool) {
            check.status = m_tree.toBool(v) ? QStringLiteral("Healthy") : QStringLiteral("Failed");
        } else {
            wrongType(v, field, "dict");
        }
        dump.health.push_back(std::move(check));
    }
}

void DumpFields::readEntries(Ref list, RankDump& dump)
{
    if (m_tree.kind(list) != ValueTree::Kind::List && m_tree.kind(list) != ValueTree::Kind::Tuple)
        wrongType(list, QStringLiteral("entries"), "list");
    const std::uint32_t n = m_tree.count(list);
    dump.entries.resize(n);
    dump.times.resize(n);
    dump.origins.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        const Ref e = m_tree.item(list, i);
        if (m_tree.kind(e) != ValueTree::Kind::Dict)
            wrongType(e, QStringLiteral("entries[%1]").arg(i), "dict");
        EntryDetails details;
        readEntry(e, i, dump, dump.entries[i], details);
        dump.times[i] = details.times();
        dump.origins[i] = details.origin();
    }
}

// readEntryField()'s reader (EntrySchema.h) over one value of the decoded tree: each read checks the value's
// type and names the entry and its key when it is wrong ("entries[12].state").
class DumpFields::EntryValueReader
{
public:
    EntryValueReader(DumpFields& fields, RankDump& dump, std::size_t index, Ref key, Ref value,
                     EntryField field)
        : m_f(fields), m_dump(dump), m_index(index), m_key(key), m_value(value), m_field(field)
    {
    }

    std::int64_t integer() { return m_f.toInt(m_value, path()); }
    std::int64_t time() { return m_f.toTime(m_value, path()); }
    double real() { return m_f.toDouble(m_value, path()); }
    bool flag() { return m_f.toBool(m_value, path()); }
    StrId string() { return m_f.internString(m_value, path()); }
    std::string_view text() { return m_f.toStringBytes(m_value, path()); }
    ShapesId shapes() { return m_f.readShapes(m_value, path()); }
    DtypesId dtypes() { return m_f.readDtypes(m_value, path()); }
    StackId stack() { return m_f.readStack(m_value, path()); }
    void processGroup(EntryPg& pg)
    {
        const ValueTree& tree = m_f.m_tree;
        const auto kind = tree.kind(m_value);
        if ((kind != ValueTree::Kind::Tuple && kind != ValueTree::Kind::List) || tree.count(m_value) < 1)
            m_f.wrongType(m_value, path(), "(name, desc) tuple");
        pg.name = m_f.internString(tree.item(m_value, 0), path());
        if (tree.count(m_value) > 1)
            pg.desc = m_f.internString(tree.item(m_value, 1), path());
    }
    void unknown()
    {
        if (m_f.m_tree.kind(m_key) == ValueTree::Kind::String)
            m_f.warnOnce(m_dump, unknownEntryKeyWarning(m_f.m_tree.bytes(m_key)));
    }

private:
    // Built only on the error path: messages name the field, the hot path over millions of entries builds
    // nothing.
    FieldPath path() const { return FieldPath(m_index, entryFieldName(m_field)); }

    DumpFields& m_f;
    RankDump& m_dump;
    std::size_t m_index;
    Ref m_key;
    Ref m_value;
    EntryField m_field;
};

void DumpFields::readEntry(Ref dict, std::size_t index, RankDump& dump, Entry& e, EntryDetails& d)
{
    EntryPg pg;
    const std::uint32_t n = m_tree.count(dict);
    for (std::uint32_t i = 0; i < n; ++i) {
        const Ref k = m_tree.key(dict, i);
        Field f = Field(m_fieldByRef[k]);
        if (f == Field::NotCached) {
            f = m_tree.kind(k) == ValueTree::Kind::String ? entryFieldFor(m_tree.bytes(k)) : Field::Unknown;
            m_fieldByRef[k] = std::uint8_t(f);
        }
        EntryValueReader read(*this, dump, index, k, m_tree.value(dict, i), f);
        readEntryField(f, read, e, d, pg);
    }
    e.pg = m_interner.entryPg(pg);
    finishEntry(e, d.times(), d.frames, dump);
}

ShapesId DumpFields::readShapes(Ref r, const FieldPath& field)
{
    const auto kind = m_tree.kind(r);
    if (kind != ValueTree::Kind::List && kind != ValueTree::Kind::Tuple)
        wrongType(r, field, "list of shapes");
    const std::uint32_t n = m_tree.count(r);
    if (n == 0)
        return 0;
    m_flatShapes.clear();
    m_flatShapes.push_back(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        const Ref shape = m_tree.item(r, i);
        const auto sk = m_tree.kind(shape);
        if (sk != ValueTree::Kind::List && sk != ValueTree::Kind::Tuple)
            wrongType(shape, field, "list of shapes");
        const std::uint32_t dims = m_tree.count(shape);
        m_flatShapes.push_back(dims);
        for (std::uint32_t d = 0; d < dims; ++d)
            m_flatShapes.push_back(toInt(m_tree.item(shape, d), field));
    }
    return m_interner.shapes(m_flatShapes);
}

DtypesId DumpFields::readDtypes(Ref r, const FieldPath& field)
{
    const auto kind = m_tree.kind(r);
    if (kind != ValueTree::Kind::List && kind != ValueTree::Kind::Tuple)
        wrongType(r, field, "list of dtype names");
    const std::uint32_t n = m_tree.count(r);
    if (n == 0)
        return 0;
    m_dtypeIds.resize(n);
    for (std::uint32_t i = 0; i < n; ++i)
        m_dtypeIds[i] = internString(m_tree.item(r, i), field);
    return m_interner.dtypes(m_dtypeIds);
}

StackFrame DumpFields::readFrame(Ref f, const FieldPath& field)
{
    if (m_frameSlotByRef.empty())
        m_frameSlotByRef.assign(m_tree.nodeCount(), 0xffffffffu);
    if (m_frameSlotByRef[f] != 0xffffffffu)
        return m_frameSlots[m_frameSlotByRef[f]];
    if (m_tree.kind(f) != ValueTree::Kind::Dict)
        wrongType(f, field, "frame dict");
    StackFrame frame;
    for (std::uint32_t i = 0; i < m_tree.count(f); ++i) {
        const Ref k = m_tree.key(f, i);
        const Ref v = m_tree.value(f, i);
        if (m_tree.isString(k, "name"))
            frame.name = internString(v, field);
        else if (m_tree.isString(k, "filename"))
            frame.filename = internString(v, field);
        else if (m_tree.isString(k, "line"))
            frame.line = std::int32_t(toInt(v, field));
    }
    m_frameSlotByRef[f] = std::uint32_t(m_frameSlots.size());
    m_frameSlots.push_back(frame);
    return frame;
}

StackId DumpFields::readStack(Ref r, const FieldPath& field)
{
    if (m_idByRef[r] != 0xffffffffu)
        return m_idByRef[r];
    const auto kind = m_tree.kind(r);
    if (kind != ValueTree::Kind::List && kind != ValueTree::Kind::Tuple)
        wrongType(r, field, "list of frames");
    // Entries from one call site list the same memoized frame dicts: the list of their nodes is a cheaper
    // cache key than the frames' content.
    const std::uint32_t n = m_tree.count(r);
    m_frameRefs.resize(n);
    for (std::uint32_t i = 0; i < n; ++i)
        m_frameRefs[i] = m_tree.item(r, i);
    if (const std::uint32_t* id = m_interner.findStackByFrameIds(m_frameRefs))
        return m_idByRef[r] = *id;
    m_frames.resize(n);
    for (std::uint32_t i = 0; i < n; ++i)
        m_frames[i] = readFrame(m_frameRefs[i], field);
    const StackId id = m_interner.stack(m_frames);
    m_interner.rememberStackByFrameIds(m_frameRefs, id);
    m_idByRef[r] = id;
    return id;
}

} // namespace fd
