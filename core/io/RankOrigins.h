#pragma once

#include "core/model/Job.h"

#include <cstdint>
#include <memory>
#include <span>
#include <variant>
#include <vector>

namespace fd {

// The origins (op id, thread, stack, timeout) of one rank's entries, read again from its dump when a person
// asks for them.
//
// Only the details view reads an origin, one entry at a time, and stacks are most of a dump's bytes: the GUI
// loads a job without origins (DetailLevel::Times) and reads a rank's file again, in a few milliseconds, when
// one of its entries is selected (docs/performance.md, "Origins on demand"). They come with their own pools:
// a loaded Job is immutable and shared by every view, so nothing is added to its pools afterwards.
class RankOrigins
{
public:
    RankOrigins(std::unique_ptr<JobPools> pools, std::vector<EntryOrigin> origins);

    // The origin of entry `entry`, numbered as the read asked (OriginsOf); all absent past the end.
    const EntryOrigin& origin(std::size_t entry) const;
    // Its stack frames, innermost first; empty when it has none.
    std::span<const StackFrame> frames(std::size_t entry) const
    {
        return m_pools->stack(origin(entry).frames);
    }
    QString str(StrId id) const { return m_pools->str(id); }
    std::size_t entryCount() const { return m_origins.size(); }

private:
    std::unique_ptr<JobPools> m_pools;
    std::vector<EntryOrigin> m_origins;
};

using RankOriginsResult = std::variant<std::shared_ptr<const RankOrigins>, LoadError>;

// Which entries a RankOrigins holds, and so how RankOrigins::origin() numbers them.
enum class OriginsOf : std::uint8_t
{
    // The loaded window's: origin(i) belongs to RankDump::entries[i].
    LoadedEntries,
    // All of the file's, from its first: origin(i) belongs to the file's entry i, those the window left out
    // included (RankHistory::fileIndex()).
    FileEntries
};

// Reads `dump`'s file (or archive member) again, origins included, and checks that it still holds what was
// loaded: the same size and the same entries (record ids, sequence numbers, ops). A file that changed, moved
// or became unreadable since gives a LoadError naming it and saying what is wrong. Blocking, a few
// milliseconds per MB (an archive member: the archive is read up to it): call it off the GUI thread.
// Thread-safe.
RankOriginsResult readRankOrigins(const Job& job, const RankDump& dump,
                                  OriginsOf of = OriginsOf::LoadedEntries);

} // namespace fd
