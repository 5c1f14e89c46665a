#include "WindowOfInterest.h"

#include "core/analysis/OpInfo.h"
#include "core/model/StringTable.h"

#include <algorithm>
#include <limits>

namespace fd {

RankActivity summarizeActivity(std::span<const EntryTimes> times)
{
    RankActivity a;
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    std::int64_t last = std::numeric_limits<std::int64_t>::min();
    for (const EntryTimes& t : times) {
        if (t.timeCreatedNs == Entry::kNoTime) {
            ++a.untimedEntries;
            continue;
        }
        first = std::min(first, t.timeCreatedNs);
        last = std::max(last, t.timeCreatedNs);
    }
    if (a.untimedEntries == times.size())
        return a;
    a.firstNs = first;
    a.lastNs = last;
    // In unsigned arithmetic: a dump may hold any int64 as a time, and last - first may not fit an int64.
    const std::uint64_t span = std::uint64_t(last) - std::uint64_t(first);
    const std::uint64_t width = span / RankActivity::kMaxBuckets + 1; // ceil((span + 1) / kMaxBuckets)
    a.bucketNs =
        std::int64_t(std::min<std::uint64_t>(width, std::uint64_t(std::numeric_limits<std::int64_t>::max())));
    a.counts.assign(std::size_t(span / width + 1), 0);
    for (const EntryTimes& t : times)
        if (t.timeCreatedNs != Entry::kNoTime)
            ++a.counts[std::size_t((std::uint64_t(t.timeCreatedNs) - std::uint64_t(first)) / width)];
    return a;
}

namespace {

// Whether a profiling name is a coalesced group's terminator, by OpInfo's rule, asked once per name of a
// file.
class Terminators
{
public:
    explicit Terminators(const StringTable& strings) : m_strings(strings) {}
    bool is(StrId name)
    {
        for (const auto& [id, terminator] : m_known)
            if (id == name)
                return terminator;
        const bool terminator =
            parseOpName(m_strings.viewWhileInterning(name)).family == OpFamily::CoalescedEnd;
        m_known.emplace_back(name, terminator);
        return terminator;
    }

private:
    const StringTable& m_strings;
    std::vector<std::pair<StrId, bool>> m_known; // a file names a few dozen ops
};

// One PG's walk from the newest entry back.
struct PgWalk
{
    EntryPgId pg = 0;
    std::size_t oldest = 0;   // its oldest entry seen so far
    std::size_t keepFrom = 0; // where it has its completedPerPg done entries; valid when done reached it
    std::uint32_t done = 0;   // done entries seen, up to completedPerPg
    std::size_t firstPending = std::numeric_limits<std::size_t>::max();
    bool afterDoneTerminator = false; // the newer entry of this PG is a done group terminator
};

} // namespace

std::size_t windowStart(std::span<const Entry> entries, WindowRule rule, const StringTable& strings)
{
    if (rule.completedPerPg == 0 || entries.size() <= rule.completedPerPg)
        return 0;
    Terminators terminators(strings);
    std::vector<PgWalk> pgs; // a rank names a dozen PGs
    PgWalk* last = nullptr;
    for (std::size_t i = entries.size(); i-- > 0;) {
        const Entry& e = entries[i];
        if (!last || last->pg != e.pg) {
            last = nullptr;
            for (PgWalk& w : pgs)
                if (w.pg == e.pg)
                    last = &w;
            if (!last)
                last = &pgs.emplace_back(PgWalk{e.pg});
        }
        PgWalk& w = *last;
        w.oldest = i;
        const bool done = e.state == EntryState::Completed || e.retired;
        const bool terminator = terminators.is(e.profilingName);
        if (done) {
            if (w.done < rule.completedPerPg && ++w.done == rule.completedPerPg)
                w.keepFrom = i;
        } else if (!(w.afterDoneTerminator && !terminator)) {
            // Pending or queued: kept, whatever its age. Not so the inner ops of a group whose terminator is
            // done: they stay "scheduled" forever (docs/dump-format.md, "Coalesced groups").
            w.firstPending = i;
        }
        if (done || terminator)
            w.afterDoneTerminator = done && terminator;
    }
    std::size_t start = entries.size();
    for (const PgWalk& w : pgs) {
        const std::size_t pgStart = w.done < rule.completedPerPg ? w.oldest : w.keepFrom;
        start = std::min({start, pgStart, w.firstPending});
    }
    return start;
}

void keepWindowOfInterest(RankDump& dump, WindowRule rule, const StringTable& strings)
{
    dump.window.fileEntries = dump.entries.size();
    dump.window.firstKept = 0;
    dump.window.fileFirstRecordId = dump.entries.empty() ? Entry::kAbsent : dump.entries.front().recordId;
    if (dump.times.size() == dump.entries.size())
        dump.activity = summarizeActivity(dump.times);
    if (dump.partial)
        return;
    const std::size_t start = windowStart(dump.entries, rule, strings);
    if (start == 0)
        return;
    dump.window.firstKept = start;
    auto cut = [start](auto& v) {
        if (v.size() > start) {
            std::vector<typename std::decay_t<decltype(v)>::value_type>(v.begin() + std::ptrdiff_t(start),
                                                                        v.end())
                .swap(v);
        }
    };
    cut(dump.entries);
    cut(dump.times);
    cut(dump.origins);
}

} // namespace fd
