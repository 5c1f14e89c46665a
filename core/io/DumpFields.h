#pragma once

#include "DumpInterner.h"
#include "ValueTree.h"
#include "core/model/Job.h"

#include <QSet>
#include <QString>

#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

namespace fd {

// Where a value sits in the dump, for error messages. Entry fields are named lazily ("entries[12].state")
// so that the hot path over millions of entries builds no strings.
class FieldPath
{
public:
    FieldPath(const QString& text) : m_text(&text) {} // NOLINT: implicit on purpose
    FieldPath(std::size_t entryIndex, const char* name) : m_index(entryIndex), m_name(name) {}
    QString toString() const;

private:
    const QString* m_text = nullptr; // only valid during the call that received it
    std::size_t m_index = 0;
    const char* m_name = nullptr;
};

// Gives meaning to a decoded dump: maps the keys of every schema version (docs/dump-format.md section 2) onto
// RankDump/Entry, checks types, and interns what repeats. One instance per file, used by one thread.
class DumpFields
{
public:
    DumpFields(const ValueTree& tree, const QString& path, JobPools& pools);
    std::variant<RankDump, LoadError> convert(int rank);
    // The same for a tree whose "entries" were already read into `entries` (PickleDumpReader): the tree holds
    // an empty list in their place.
    std::variant<RankDump, LoadError> convert(int rank, std::vector<Entry>&& entries,
                                              std::vector<EntryTimes>&& times,
                                              std::vector<EntryOrigin>&& origins);
    // The warning for an entry key no schema version has (once per key and file, after the top-level ones).
    static QString unknownEntryKeyWarning(std::string_view key);

private:
    using Ref = ValueTree::Ref;
    class EntryValueReader;
    struct Failure
    {
        Ref at;
        QString message;
    };

    [[noreturn]] void fail(Ref at, const QString& message) const;
    [[noreturn]] void wrongType(Ref at, const FieldPath& field, const char* expected) const;
    std::int64_t toInt(Ref r, const FieldPath& field) const;
    std::int64_t toIntOrStringInt(Ref r, const FieldPath& field) const;
    std::int64_t toTime(Ref r, const FieldPath& field) const; // None / 0 -> kNoTime
    double toDouble(Ref r, const FieldPath& field) const;
    bool toBool(Ref r, const FieldPath& field) const;
    std::string_view toStringBytes(Ref r, const FieldPath& field) const;
    StrId internString(Ref r, const FieldPath& field);
    StrId internBytes(std::string_view bytes);
    QString qstring(Ref r, const FieldPath& field) const;

    void readTopLevel(Ref top, RankDump& dump);
    void readVersion(Ref r, RankDump& dump);
    void readPgConfig(Ref r, RankDump& dump);
    void readPgStatus(Ref r, RankDump& dump);
    void readHealth(Ref r, RankDump& dump);
    void readEntries(Ref list, RankDump& dump);
    void readEntry(Ref dict, std::size_t index, RankDump& dump, Entry& e, EntryDetails& d);
    ShapesId readShapes(Ref r, const FieldPath& field);
    DtypesId readDtypes(Ref r, const FieldPath& field);
    StackId readStack(Ref r, const FieldPath& field);
    void warnOnce(RankDump& dump, const QString& warning);

    std::vector<Entry>* m_readEntries = nullptr;
    std::vector<EntryTimes>* m_readTimes = nullptr;
    std::vector<EntryOrigin>* m_readOrigins = nullptr;
    const ValueTree& m_tree;
    QString m_path;
    JobPools& m_pools;
    // Pickle strings are memoized, so most lookups hit the per-node caches; JSON falls back to the maps.
    // Per node, the id it was interned as: a StrId for a string node, a StackId for a frames list. One vector
    // serves both (a node is never both), which halves what has to be cleared for every file.
    std::vector<std::uint32_t> m_idByRef;
    std::vector<std::uint8_t> m_fieldByRef;
    std::unordered_map<std::string_view, StrId> m_strByBytes;
    mutable int m_invalidUtf8 = 0; // strings read that are not valid UTF-8
    DumpInterner m_interner;
    std::vector<std::int64_t> m_flatShapes;
    std::vector<StrId> m_dtypeIds;
    std::vector<StackFrame> m_frames;
    // Frame dicts are shared through the pickle memo: each is read once, then found by its node.
    std::vector<std::uint32_t> m_frameSlotByRef;
    std::vector<StackFrame> m_frameSlots;
    std::vector<Ref> m_frameRefs;
    StackFrame readFrame(Ref r, const FieldPath& field);
    QSet<QString> m_warned; // a set: a dump may carry 100,000 unknown keys, each warned about once
};

} // namespace fd
