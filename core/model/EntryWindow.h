#pragma once

#include "Entry.h"

#include <cstdint>
#include <vector>

namespace fd {

// What of its file's entries a RankDump holds (docs/performance.md, "The window of interest"). A load keeps a
// suffix of the file's entries: every PG's pending and queued entries and, before them, at least its last
// WindowRule::completedPerPg completed ones; the older ones are counted here, not kept. A rank's older
// entries are read again from its file (or archive member) when a view needs them: file entry `firstKept + i`
// is RankDump::entries[i].
struct EntryWindow
{
    std::uint64_t fileEntries = 0; // entries the file held
    std::uint64_t firstKept = 0;   // index among the file's entries of RankDump::entries[0]
    // record_id of the file's oldest entry (Entry::kAbsent without entries or ids): past 0, the ring buffer
    // itself rolled over, whatever the window kept.
    std::int64_t fileFirstRecordId = Entry::kAbsent;

    std::uint64_t keptEntries() const { return fileEntries - firstKept; }
    bool whole() const { return firstKept == 0; }
};

// How a rank's entries spread over its own time, for a lane drawn without its entries (a fully zoomed-out
// timeline): the file's entries (all of them, not only the window's) counted by time_created_ns into at most
// kMaxBuckets buckets of equal width over the rank's own first..last time. Built while the file is read.
struct RankActivity
{
    static constexpr int kMaxBuckets = 256;

    std::int64_t firstNs = Entry::kNoTime; // the earliest time_created_ns of the file's entries
    std::int64_t lastNs = Entry::kNoTime;  // the latest
    // Bucket b counts the entries created in [firstNs + b * bucketNs, firstNs + (b + 1) * bucketNs); the last
    // bucket holds lastNs. bucketNs = ceil((lastNs - firstNs + 1) / kMaxBuckets), so there are
    // (lastNs - firstNs) / bucketNs + 1 buckets (1 when all times are equal).
    std::int64_t bucketNs = 0;
    std::vector<std::uint32_t> counts; // empty when no entry has a creation time
    std::uint64_t untimedEntries = 0;  // entries without time_created_ns, in no bucket

    bool empty() const { return counts.empty(); }
};

} // namespace fd
