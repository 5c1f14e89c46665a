#pragma once

#include "DetailLevel.h"
#include "ValueTree.h"
#include "WindowOfInterest.h"
#include "core/model/Job.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <optional>
#include <variant>

namespace fd {

class MappedFileGuard;
class RegularFile;

// The bytes of one dump file, kept alive for as long as a ValueTree decoded from them is used.
// Memory-mapped when possible: a 600 MB job is then never copied into the heap. Only a regular file (after
// following links) is opened, without blocking: a FIFO, device or socket named like a dump is refused
// (docs/hostile-input.md). The mapping is guarded (MappedFileGuard): a dump cut short while it is read never
// crashes the reader, and changedWhileRead() says so afterwards.
class DumpBytes
{
public:
    DumpBytes();
    ~DumpBytes();
    DumpBytes(const DumpBytes&) = delete;
    DumpBytes& operator=(const DumpBytes&) = delete;

    // Returns an error message (naming nothing: the caller adds the path) or an empty string.
    QString open(const QString& path);
    std::string_view view() const { return m_view; }

    // After the bytes were used: why they are not the file as it was opened (it shrank under the mapping, or
    // its size or modification time changed meanwhile), or an empty string. What was decoded from them must
    // then be dropped: it may hold zeros where the file's end was, or a mix of two versions.
    QString changedWhileRead() const;

private:
    std::unique_ptr<RegularFile> m_file;
    std::unique_ptr<MappedFileGuard> m_guard;
    void* m_mapped = nullptr;
    std::size_t m_mappedSize = 0;
    QByteArray m_copy;
    std::string_view m_view;
};

// Decodes bytes as pickle or JSON, chosen by content (a pickle starts with PROTO 0x80; JSON with { or [).
// Sets `error` (with offset) on failure.
struct DecodedDump
{
    ValueTree tree;
    DumpFormat format = DumpFormat::Pickle;
    std::optional<LoadError> error;
    bool partial = false; // with `error`: a truncated pickle whose tree holds what came before the cut
};
DecodedDump decodeDumpBytes(std::string_view bytes, const QString& path);

// Reads one dump file into a RankDump, interning strings, shapes, dtypes and stacks into `pools`.
// Every problem becomes a LoadError naming the file, the byte offset and the reason. `level` says what it
// keeps of each entry beyond what the analysis reads (at Times, the origins stay in the file:
// RankDump::originsInFile), `window` how much of a long history (RankDump::window; the loader keeps the
// window of interest, a re-read the whole file).
std::variant<RankDump, LoadError> readDumpFile(const QString& path, int rank, JobPools& pools,
                                               DetailLevel level = DetailLevel::Full,
                                               WindowRule window = WindowRule::wholeHistory());

// The same for bytes already in memory (what readDumpFile does after opening the file); `path` names them in
// errors.
std::variant<RankDump, LoadError> readDumpBytes(std::string_view bytes, const QString& path, int rank,
                                                JobPools& pools, DetailLevel level = DetailLevel::Full,
                                                WindowRule window = WindowRule::wholeHistory());

// The same for a tree that was already decoded (used by readDumpFile and by tests).
std::variant<RankDump, LoadError> convertDump(const ValueTree& tree, const QString& path, int rank,
                                              JobPools& pools);

} // namespace fd
