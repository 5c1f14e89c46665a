#include "WindowOfInterest.h"

#include "core/model/OpInfo.h"
#include "core/model/StringTable.h"

#include <algorithm>
#include <array>
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
    // Asked of every entry: a name's slot in a small table answers most, by one load and compare.
    bool is(StrId name)
    {
        Known& slot = m_recent[name % kRecent];
        if (slot.name != name)
            slot = {name, lookUp(name)};
        return slot.terminator;
    }

private:
    struct Known
    {
        StrId name = kNoName;
        bool terminator = false;
    };
    static constexpr StrId kNoName = 0xffffffffu;
    static constexpr std::size_t kRecent = 64;

    bool lookUp(StrId name)
    {
        for (const Known& k : m_known)
            if (k.name == name)
                return k.terminator;
        const bool terminator =
            parseOpName(m_strings.viewWhileInterning(name)).family == OpFamily::CoalescedEnd;
        m_known.push_back({name, terminator});
        return terminator;
    }

    const StringTable& m_strings;
    std::array<Known, kRecent> m_recent{};
    std::vector<Known> m_known; // a file names a few dozen ops
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

// The PGs a file's entries name, in the order a walk from the newest entry meets them, and each entry's
// index among them: a rank names a dozen PGs, and the walks below index instead of searching.
struct PgSlots
{
    std::vector<EntryPgId> pgs;
    std::vector<std::uint32_t> ofEntry;
};

PgSlots pgSlotsOf(std::span<const Entry> entries)
{
    PgSlots slots;
    slots.ofEntry.resize(entries.size());
    std::uint32_t last = 0;
    for (std::size_t i = entries.size(); i-- > 0;) {
        const EntryPgId pg = entries[i].pg;
        if (slots.pgs.empty() || slots.pgs[last] != pg) {
            const auto it = std::find(slots.pgs.begin(), slots.pgs.end(), pg);
            last = std::uint32_t(it - slots.pgs.begin());
            if (it == slots.pgs.end())
                slots.pgs.push_back(pg);
        }
        slots.ofEntry[i] = last;
    }
    return slots;
}

// Every PG's quota of done entries: its share of the rank's newest rule.completedPerRank done entries, and at
// least rule.completedPerPg and one.
void setQuotas(std::vector<PgWalk>& pgs, std::span<const Entry> entries, const PgSlots& slots,
               WindowRule rule)
{
    std::uint32_t done = 0;
    for (std::size_t i = entries.size(); i-- > 0 && done < rule.completedPerRank;) {
        if (isDone(entries[i])) {
            ++pgs[slots.ofEntry[i]].quota;
            ++done;
        }
    }
    for (PgWalk& w : pgs)
        w.quota = std::max({w.quota, rule.completedPerPg, 1u}); // every PG keeps its newest entries
}

// The window of each PG (windowOfPgs()), by slot, and the order windowOfPgs() lists them in: the order the
// file first names them, by their oldest entry.
struct SlotWindows
{
    std::vector<EntryWindow::Pg> bySlot;
    std::vector<std::uint32_t> fileOrder; // slots
};

SlotWindows windowBySlot(std::span<const Entry> entries, const PgSlots& slots, WindowRule rule,
                         const StringTable& strings)
{
    Terminators terminators(strings);
    const bool whole = rule.keepsWholeHistory();
    std::vector<PgWalk> pgs(slots.pgs.size());
    for (std::size_t k = 0; k < pgs.size(); ++k)
        pgs[k].pg = slots.pgs[k];
    if (!whole)
        setQuotas(pgs, entries, slots, rule);
    for (std::size_t i = entries.size(); i-- > 0;) {
        const Entry& e = entries[i];
        PgWalk& w = pgs[slots.ofEntry[i]];
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
    SlotWindows out;
    out.bySlot.reserve(pgs.size());
    for (const PgWalk& w : pgs) {
        const bool fewer = whole || w.done < w.quota;
        const std::size_t first = std::min(fewer ? w.oldest : w.keepFrom, w.firstPending);
        out.bySlot.push_back({w.pg, first, w.entries, 0});
    }
    out.fileOrder.resize(pgs.size());
    for (std::uint32_t k = 0; k < pgs.size(); ++k)
        out.fileOrder[k] = k;
    std::sort(out.fileOrder.begin(), out.fileOrder.end(),
              [&](std::uint32_t a, std::uint32_t b) { return pgs[a].oldest < pgs[b].oldest; });
    return out;
}

} // namespace

std::vector<EntryWindow::Pg> windowOfPgs(std::span<const Entry> entries, WindowRule rule,
                                         const StringTable& strings)
{
    const PgSlots slots = pgSlotsOf(entries);
    const SlotWindows windows = windowBySlot(entries, slots, rule, strings);
    std::vector<EntryWindow::Pg> out;
    out.reserve(windows.bySlot.size());
    for (const std::uint32_t k : windows.fileOrder)
        out.push_back(windows.bySlot[k]);
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
    const PgSlots slots = pgSlotsOf(dump.entries);
    const SlotWindows windows = windowBySlot(dump.entries, slots, window.rule, strings);
    window.pgs.clear();
    std::vector<std::uint32_t> listedAt(windows.bySlot.size()); // by slot: its place in window.pgs
    for (const std::uint32_t k : windows.fileOrder) {
        listedAt[k] = std::uint32_t(window.pgs.size());
        window.pgs.push_back(windows.bySlot[k]);
    }
    std::size_t kept = 0;
    const bool times = dump.times.size() == dump.entries.size();
    const bool origins = dump.origins.size() == dump.entries.size();
    for (std::size_t i = 0; i < dump.entries.size(); ++i) {
        EntryWindow::Pg& pg = window.pgs[listedAt[slots.ofEntry[i]]];
        if (i < pg.firstKept)
            continue;
        ++pg.keptEntries;
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
