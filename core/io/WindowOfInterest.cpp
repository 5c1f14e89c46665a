#include "WindowOfInterest.h"

#include "core/model/OpInfo.h"
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
    std::uint32_t quota = 0;  // done entries it keeps (WindowRule)
    std::size_t oldest = 0;   // its oldest entry seen so far
    std::size_t keepFrom = 0; // where it has its quota of done entries; valid when done reached it
    std::uint32_t done = 0;   // done entries seen, up to quota
    std::size_t entries = 0;
    std::size_t firstPending = std::numeric_limits<std::size_t>::max();
    bool afterDoneTerminator = false; // the newer entry of this PG is a done group terminator
    bool keepingGroup = false; // keepFrom is a done terminator, or its inner ops: the group is kept whole
};

bool isDone(const Entry& e)
{
    return e.state == EntryState::Completed || e.retired;
}

// The walk of PG `pg` in `pgs`, made when it is new; `last` is the previous entry's, which most entries
// share.
PgWalk& walkOf(std::vector<PgWalk>& pgs, PgWalk*& last, EntryPgId pg)
{
    if (last && last->pg == pg)
        return *last;
    last = nullptr;
    for (PgWalk& w : pgs)
        if (w.pg == pg)
            last = &w;
    if (!last)
        last = &pgs.emplace_back(PgWalk{pg});
    return *last;
}

// Every PG's quota of done entries: its share of the rank's newest rule.completedPerRank done entries, and at
// least rule.completedPerPg and one.
std::vector<PgWalk> quotas(std::span<const Entry> entries, WindowRule rule)
{
    std::vector<PgWalk> pgs;
    PgWalk* last = nullptr;
    std::uint32_t done = 0;
    for (std::size_t i = entries.size(); i-- > 0;) {
        PgWalk& w = walkOf(pgs, last, entries[i].pg);
        if (done < rule.completedPerRank && isDone(entries[i])) {
            ++w.quota;
            ++done;
        }
    }
    for (PgWalk& w : pgs)
        w.quota = std::max({w.quota, rule.completedPerPg, 1u}); // every PG keeps its newest entries
    return pgs;
}

} // namespace

std::vector<EntryWindow::Pg> windowOfPgs(std::span<const Entry> entries, WindowRule rule,
                                         const StringTable& strings)
{
    Terminators terminators(strings);
    const bool whole = rule.keepsWholeHistory();
    std::vector<PgWalk> pgs = whole ? std::vector<PgWalk>{} : quotas(entries, rule); // a rank names a dozen
    PgWalk* last = nullptr;
    for (std::size_t i = entries.size(); i-- > 0;) {
        const Entry& e = entries[i];
        PgWalk& w = walkOf(pgs, last, e.pg);
        w.oldest = i;
        ++w.entries;
        if (whole)
            continue;
        const bool done = isDone(e);
        const bool terminator = terminators.is(e.profilingName);
        const bool innerOfDoneGroup = !done && !terminator && w.afterDoneTerminator;
        if (done) {
            w.keepingGroup = false;
            if (w.done < w.quota && ++w.done == w.quota) {
                w.keepFrom = i;
                w.keepingGroup = terminator;
            }
        } else if (innerOfDoneGroup) {
            // Not pending: the inner ops of a group whose terminator is done stay "scheduled" forever
            // (docs/dump-format.md, "Coalesced groups"). The oldest group kept keeps them, so that it is
            // whole.
            if (w.keepingGroup)
                w.keepFrom = i;
        } else {
            w.keepingGroup = false;
            w.firstPending = i; // pending or queued: kept, whatever its age
        }
        if (done || terminator)
            w.afterDoneTerminator = done && terminator;
    }
    std::vector<EntryWindow::Pg> out;
    out.reserve(pgs.size());
    for (const PgWalk& w : pgs) {
        const bool fewer = whole || w.done < w.quota;
        const std::size_t first = std::min(fewer ? w.oldest : w.keepFrom, w.firstPending);
        out.push_back({w.pg, first, w.entries, 0});
    }
    // In the order the file first names them: by their oldest entry.
    std::sort(out.begin(), out.end(), [&](const EntryWindow::Pg& a, const EntryWindow::Pg& b) {
        const auto oldest = [&](const EntryWindow::Pg& p) {
            return std::find_if(pgs.begin(), pgs.end(), [&](const PgWalk& w) { return w.pg == p.pg; })
                ->oldest;
        };
        return oldest(a) < oldest(b);
    });
    return out;
}

void keepWindowOfInterest(RankDump& dump, WindowRule rule, const StringTable& strings)
{
    EntryWindow& window = dump.window;
    window.fileEntries = dump.entries.size();
    window.rule = dump.partial ? WindowRule::wholeHistory() : rule;
    window.fileFirstRecordId = dump.entries.empty() ? Entry::kAbsent : dump.entries.front().recordId;
    if (dump.times.size() == dump.entries.size())
        dump.activity = summarizeActivity(dump.times);
    window.pgs = windowOfPgs(dump.entries, window.rule, strings);
    std::size_t kept = 0;
    const bool times = dump.times.size() == dump.entries.size();
    const bool origins = dump.origins.size() == dump.entries.size();
    EntryWindow::Pg* last = nullptr;
    for (std::size_t i = 0; i < dump.entries.size(); ++i) {
        const EntryPgId pg = dump.entries[i].pg;
        if (!last || last->pg != pg)
            last = &*std::find_if(window.pgs.begin(), window.pgs.end(),
                                  [&](const EntryWindow::Pg& p) { return p.pg == pg; });
        if (i < last->firstKept)
            continue;
        ++last->keptEntries;
        if (kept != i) {
            dump.entries[kept] = dump.entries[i];
            if (times)
                dump.times[kept] = dump.times[i];
            if (origins)
                dump.origins[kept] = dump.origins[i];
        }
        ++kept;
    }
    window.keptEntries = kept;
    if (kept == dump.entries.size())
        return;
    // At their new size exactly: the job holds every rank's window.
    dump.entries.resize(kept);
    dump.entries.shrink_to_fit();
    if (times) {
        dump.times.resize(kept);
        dump.times.shrink_to_fit();
    }
    if (origins) {
        dump.origins.resize(kept);
        dump.origins.shrink_to_fit();
    }
}

} // namespace fd
