#pragma once

#include "core/model/Job.h"

#include <cstdint>
#include <memory>
#include <span>
#include <variant>
#include <vector>

namespace fd {

// The entries of one rank that the loaded window left out (RankDump::window), read again from its dump when
// a view shows that far back (docs/performance.md, "History on demand").
//
// They come with their own pools (a loaded Job is immutable and shared by every view); their pgIndex is the
// job's, resolved through the loaded entries of the same PG, so they are drawn and filtered as those are.
class RankHistory
{
public:
    RankHistory(std::unique_ptr<JobPools> pools, std::vector<Entry> entries, std::vector<EntryTimes> times,
                std::vector<std::uint64_t> fileIndex, std::uint64_t fileEntries);

    // Oldest first, in file order.
    std::span<const Entry> entries() const { return m_entries; }
    // times()[i] belongs to entries()[i]; all absent when the dump recorded none.
    std::span<const EntryTimes> times() const { return m_times; }
    // Where entries()[i] is among all of the file's entries (from 0).
    std::uint64_t fileIndex(std::size_t i) const { return m_fileIndex[i]; }
    std::uint64_t fileEntries() const { return m_fileEntries; }
    QString str(StrId id) const { return m_pools->str(id); }
    const JobPools& pools() const { return *m_pools; }

private:
    std::unique_ptr<JobPools> m_pools;
    std::vector<Entry> m_entries;
    std::vector<EntryTimes> m_times;
    std::vector<std::uint64_t> m_fileIndex;
    std::uint64_t m_fileEntries = 0;
};

// One entry of a RankHistory, as the view that drew it hands it on (to the details view): the history keeps
// the entry, its times and its strings alive.
struct HistoryEntryRef
{
    std::uint32_t dump = 0; // index into Job::dumps: the rank the history is of
    std::shared_ptr<const RankHistory> history;
    std::size_t entry = 0; // index into history->entries()

    const Entry& get() const { return history->entries()[entry]; }
    const EntryTimes& times() const { return history->times()[entry]; }
    // Where it is among all of its file's entries: how readRankOrigins(OriginsOf::FileEntries) numbers it.
    std::uint64_t fileIndex() const { return history->fileIndex(entry); }
};

using RankHistoryResult = std::variant<std::shared_ptr<const RankHistory>, LoadError>;

// Reads `dump`'s file (or archive member) again, its whole history with its entries' times, checks that it
// still holds what was loaded (rereadDump(): the same size and entries) and keeps the entries the loaded
// window left out. Empty when the window was whole. Blocking: call it off the GUI thread. Thread-safe.
RankHistoryResult readRankHistory(const Job& job, const RankDump& dump);

} // namespace fd
