#pragma once

#include "model/Job.h"

#include <memory>
#include <span>
#include <variant>
#include <vector>

namespace fd {

// The stack frames of one rank's entries, read again from its dump when a person asks for them.
//
// Stacks are most of a dump's bytes, and only the details view ever reads them, one entry at a time: the GUI
// loads a job without them (DetailLevel::NoFrames) and reads a rank's file again, in a few milliseconds, when
// one of its entries is selected (docs/performance.md, "Stack frames on demand"). The frames come with their own
// pools: a loaded Job is immutable and shared by every view, so nothing is added to its pools afterwards.
class RankStacks
{
public:
    RankStacks(std::unique_ptr<JobPools> pools, std::vector<StackId> byEntry);

    // The frames of the dump's entry `entry`, innermost first; empty when it has none.
    std::span<const StackFrame> frames(std::size_t entry) const;
    QString str(StrId id) const { return m_pools->str(id); }
    std::size_t entryCount() const { return m_byEntry.size(); }

private:
    std::unique_ptr<JobPools> m_pools;
    std::vector<StackId> m_byEntry;
};

using RankStacksResult = std::variant<std::shared_ptr<const RankStacks>, LoadError>;

// Reads `dump`'s file (or archive member) again, frames included, and checks that it still holds what was
// loaded: the same size and the same entries (record ids, sequence numbers, ops). A file that changed, moved or
// became unreadable since gives a LoadError naming it and saying what is wrong. Blocking, a few milliseconds per
// MB (an archive member: the archive is read up to it): call it off the GUI thread. Thread-safe.
RankStacksResult readRankStacks(const Job& job, const RankDump& dump);

} // namespace fd
