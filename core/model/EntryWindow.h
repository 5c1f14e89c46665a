#pragma once

#include "Entry.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace fd {

// How much of a long history a load keeps of each rank (docs/performance.md, "The window of interest"): every
// PG the file's entries name keeps all its pending and queued entries and, before them, its share of the
// rank's newest `completedPerRank` done entries, but never fewer than its last `completedPerPg` done ones
// (all of them when it has fewer). Both 0: the whole history.
struct WindowRule
{
    // torch's default ring buffer (TORCH_NCCL_TRACE_BUFFER_SIZE): a dump recorded with it is always kept
    // whole, in a job of up to kDefaultCompletedPerJob / kDefaultCompletedPerRank files.
    static constexpr std::uint32_t kDefaultCompletedPerRank = 2000;
    // Five times the collectives a straggler judgement needs (kStragglerMinCollectives), for a PG the rank
    // uses now and then.
    static constexpr std::uint32_t kDefaultCompletedPerPg = 100;
    // The done entries a whole job keeps (forJobOf()): 2^22, so that a job of up to 2097 files keeps every
    // rank's default 2000 and one of 16,384 ranks keeps 256 per rank.
    static constexpr std::uint64_t kDefaultCompletedPerJob = std::uint64_t(1) << 22;
    // What a rank keeps however many files share the job's budget: five times its PGs' floor, a rank being
    // in about five PGs (default, tensor, pipeline, data and expert parallel).
    static constexpr std::uint32_t kMinCompletedPerRank = 200;
    // A PG's floor however small the rank's share: twice kStragglerMinCollectives, so that the members of a
    // PG, whose windows are cut by count rather than by sequence number, still share enough collectives to be
    // judged.
    static constexpr std::uint32_t kMinCompletedPerPg = 40;

    std::uint32_t completedPerRank = kDefaultCompletedPerRank;
    std::uint32_t completedPerPg = kDefaultCompletedPerPg;

    static WindowRule wholeHistory() { return WindowRule{0, 0}; }
    // Every PG keeps its last k done entries, whatever the rank's other PGs hold.
    static WindowRule perPg(std::uint32_t k) { return WindowRule{0, k}; }
    bool keepsWholeHistory() const { return completedPerRank == 0 && completedPerPg == 0; }
    bool operator==(const WindowRule&) const = default;

    // The rule each of a job's `files` dump files is cut by when the job keeps at most `completedPerJob` done
    // entries in all (0: no job-wide budget): the rank's share, completedPerJob / files, but at most this
    // rule's completedPerRank and at least kMinCompletedPerRank (or completedPerRank when it is smaller);
    // the PG floor shrinks with it in proportion, to no less than kMinCompletedPerPg (or completedPerPg when
    // it is smaller). A rule without a rank budget (wholeHistory(), perPg()) is the same for any job. The
    // result is what EntryWindow::rule records, so a rank re-read later is cut the same way.
    WindowRule forJobOf(std::size_t files, std::uint64_t completedPerJob) const
    {
        if (completedPerRank == 0 || completedPerJob == 0 || files == 0)
            return *this;
        const std::uint64_t share = completedPerJob / files;
        const std::uint32_t perRank =
            share >= completedPerRank
                ? completedPerRank
                : std::max<std::uint32_t>(std::uint32_t(share),
                                          std::min(kMinCompletedPerRank, completedPerRank));
        if (perRank == completedPerRank)
            return *this;
        const std::uint32_t scaledPg =
            std::uint32_t(std::uint64_t(completedPerPg) * perRank / completedPerRank);
        const std::uint32_t perPg = std::max(scaledPg, std::min(kMinCompletedPerPg, completedPerPg));
        return WindowRule{perRank, perPg};
    }
};

// What of its file's entries a RankDump holds (docs/performance.md, "The window of interest"): of every PG
// the file's entries name, the PG's entries from some point on, as its WindowRule says. The older ones are
// counted here, not kept. File entry j (counted from 0 over the whole file) is kept when j
// >= firstKept of its PG (keeps()); RankDump::entries holds the kept ones in file order. A rank's older
// entries are read again from its file (or archive member) when a view needs them.
struct EntryWindow
{
    struct Pg
    {
        EntryPgId pg = 0;              // as Entry::pg names it
        std::uint64_t firstKept = 0;   // file index of the PG's oldest kept entry
        std::uint64_t fileEntries = 0; // the PG's entries in the file
        std::uint64_t keptEntries = 0;
    };

    std::uint64_t fileEntries = 0; // entries the file held
    std::uint64_t keptEntries = 0; // == RankDump::entries.size()
    // The rule the window was cut by: the same rule on the same bytes keeps the same entries.
    WindowRule rule = WindowRule::wholeHistory();
    // record_id of the file's oldest entry (Entry::kAbsent without entries or ids): past 0, the ring buffer
    // itself rolled over, whatever the window kept.
    std::int64_t fileFirstRecordId = Entry::kAbsent;
    // Every PG the file's entries name, in the order they first appear in the file (the job numbers a PG that
    // no pg_config item lists in that order, which the kept entries alone would change).
    std::vector<Pg> pgs;

    bool whole() const { return keptEntries == fileEntries; }
    // Whether file entry `fileIndex`, of PG `pg`, is one of RankDump::entries.
    bool keeps(std::uint64_t fileIndex, EntryPgId pg) const
    {
        for (const Pg& p : pgs)
            if (p.pg == pg)
                return fileIndex >= p.firstKept;
        return true;
    }
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
