#include "LatenessWalk.h"

#include "core/io/ParallelFor.h"
#include "core/model/Job.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

namespace fd {
namespace lateness {

namespace {

constexpr std::int64_t kNoTime = Entry::kNoTime;
constexpr std::uint32_t kNoPgIndex = Entry::kNoPgIndex;

std::int64_t completedAt(const Entry& e, const EntryTimes& t)
{
    return e.state == EntryState::Completed && t.timeDiscoveredCompletedNs > 0 ? t.timeDiscoveredCompletedNs
                                                                               : kNoTime;
}

float medianOf(std::vector<float> v)
{
    if (v.empty())
        return 0;
    const auto k = static_cast<std::ptrdiff_t>(std::floor(0.5 * double(v.size() - 1) + 0.5));
    std::nth_element(v.begin(), v.begin() + k, v.end());
    return v[std::size_t(k)];
}

// The median of at least one value, the mean of the middle two for an even count; reorders `v`.
template <typename T> double middle(std::vector<T>& v)
{
    const std::size_t k = (v.size() - 1) / 2;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.end());
    const T below = v[k];
    const T above = v.size() % 2 ? below : *std::min_element(v.begin() + std::ptrdiff_t(k) + 1, v.end());
    return (double(below) + double(above)) / 2;
}

struct Hit
{
    std::uint32_t member = 0;
    std::uint32_t entry = 0;
};

// Prefetches what the walk reads of a member's entry a few collectives ahead: the members' entries of one PG
// are strides apart in their dumps, and waiting for each from memory is most of the walk's time.
inline void prefetch(const void* p)
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(p);
#else
    (void)p;
#endif
}
constexpr std::size_t kPrefetchAhead = 16;

// Calls f(hits) once per seq of the PG, with the members that recorded it. With `readsEntries`, f reads the
// entries as well as their times.
template <typename F>
void forEachCollective(const Job& job, const std::vector<MemberRecords>& members, bool readsEntries, F&& f)
{
    constexpr std::int64_t kDone = std::numeric_limits<std::int64_t>::max();
    if (members.empty())
        return;
    std::vector<std::size_t> cursor(members.size(), 0);
    std::vector<std::int64_t> seqAtCursor(members.size(), kDone);
    auto advance = [&](std::size_t m) {
        const MemberRecords& r = members[m];
        const std::size_t c = cursor[m];
        if (c >= r.entries.size()) {
            seqAtCursor[m] = kDone;
            return;
        }
        const RankDump& d = job.dumps[r.dump];
        if (c + kPrefetchAhead < r.entries.size()) {
            const std::uint32_t ahead = r.entries[c + kPrefetchAhead];
            prefetch(&d.times[ahead].timeDiscoveredCompletedNs);
            if (readsEntries)
                prefetch(&d.entries[ahead].state);
            if (!r.consecutive)
                prefetch(&d.entries[ahead].collectiveSeqId);
        }
        seqAtCursor[m] =
            r.consecutive ? r.firstSeq + std::int64_t(c) : d.entries[r.entries[c]].collectiveSeqId;
    };
    for (std::size_t m = 0; m < members.size(); ++m)
        advance(m);
    std::vector<Hit> hits;
    hits.reserve(members.size());
    for (;;) {
        const std::int64_t seq = *std::min_element(seqAtCursor.begin(), seqAtCursor.end());
        if (seq == kDone)
            return;
        hits.clear();
        for (std::size_t m = 0; m < members.size(); ++m) {
            if (seqAtCursor[m] != seq)
                continue;
            hits.push_back({std::uint32_t(m), members[m].entries[cursor[m]++]});
            advance(m);
        }
        f(hits);
    }
}

// Each member's time minus the median of the other members' times, for the members of one collective that
// have a time (at least two). The median without one value takes one of the three middle order statistics,
// by which side of them the value lies: a selection, not a sort.
class PeerMedians
{
public:
    void add(double time, std::uint32_t member) { m_timed.push_back({time, member}); }
    void clear() { m_timed.clear(); }
    std::size_t size() const { return m_timed.size(); }
    template <typename F> void forEachLateness(F&& f)
    {
        const std::size_t n = m_timed.size();
        const std::size_t peers = n - 1;
        const std::size_t k = (peers - 1) / 2;
        m_values.clear();
        for (const auto& [t, m] : m_timed)
            m_values.push_back(t);
        std::nth_element(m_values.begin(), m_values.begin() + std::ptrdiff_t(k), m_values.end());
        const double s0 = m_values[k];
        // The two smallest above position k (the second only when the peers' count is even).
        double s1 = std::numeric_limits<double>::infinity(), s2 = s1;
        for (std::size_t i = k + 1; i < n; ++i) {
            const double v = m_values[i];
            if (v < s1) {
                s2 = s1;
                s1 = v;
            } else if (v < s2) {
                s2 = v;
            }
        }
        for (const auto& [t, m] : m_timed) {
            // Without this value, the sorted peers' j-th is the sample's j-th while the value lies above it.
            const double lower = t > s0 ? s0 : s1;
            const double upper = peers % 2 ? lower : (t > s1 ? s1 : s2);
            f(m, t - (lower + upper) / 2);
        }
    }

private:
    std::vector<std::pair<double, std::uint32_t>> m_timed;
    std::vector<double> m_values;
};

} // namespace

std::vector<std::vector<MemberRecords>> recordsByPg(const Job& job, std::vector<double>& paceOfDump)
{
    std::vector<std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>>> perDump(job.dumps.size());
    paceOfDump.assign(job.dumps.size(), 0.0);
    parallelFor(job.dumps.size(), 0, nullptr, [&](std::size_t d) {
        const RankDump& dump = job.dumps[d];
        if (dump.times.size() != dump.entries.size())
            return; // loaded without times
        auto& out = perDump[d];
        std::vector<float> gaps;
        gaps.reserve(dump.entries.size());
        std::int64_t previous = kNoTime;
        std::uint32_t lastPg = kNoPgIndex;
        std::vector<std::uint32_t>* list = nullptr;
        for (std::uint32_t i = 0; i < dump.entries.size(); ++i) {
            const Entry& e = dump.entries[i];
            if (!judged(e) || e.pgIndex >= job.processGroups.size())
                continue;
            if (const std::int64_t t = timeOn(dump.times[i], LatenessBasis::Enqueue); t != kNoTime) {
                if (previous != kNoTime)
                    gaps.push_back(float(double(t - previous) / 1e6));
                previous = t;
            }
            if (e.pgIndex != lastPg) {
                auto it =
                    std::find_if(out.begin(), out.end(), [&](const auto& p) { return p.first == e.pgIndex; });
                if (it == out.end())
                    it = out.insert(out.end(), {e.pgIndex, {}});
                lastPg = e.pgIndex;
                list = &it->second;
            }
            list->push_back(i);
        }
        for (auto& [pg, entries] : out) {
            auto seqAt = [&](std::uint32_t i) { return dump.entries[i].collectiveSeqId; };
            auto bySeq = [&](std::uint32_t a, std::uint32_t b) { return seqAt(a) < seqAt(b); };
            if (!std::is_sorted(entries.begin(), entries.end(),
                                bySeq)) // a ring buffer lists them by seq already
                std::stable_sort(entries.begin(), entries.end(), bySeq);
            std::size_t kept = 0;
            for (std::uint32_t i : entries) {
                if (kept > 0 && seqAt(entries[kept - 1]) == seqAt(i))
                    entries[kept - 1] = i;
                else
                    entries[kept++] = i;
            }
            entries.resize(kept);
            entries.shrink_to_fit();
        }
        paceOfDump[d] = std::abs(double(medianOf(std::move(gaps))));
    });
    std::vector<std::vector<MemberRecords>> byPg(job.processGroups.size());
    for (std::uint32_t d = 0; d < perDump.size(); ++d) {
        for (auto& [pg, entries] : perDump[d]) {
            const auto& all = job.dumps[d].entries;
            const std::int64_t first = all[entries.front()].collectiveSeqId;
            const bool consecutive =
                all[entries.back()].collectiveSeqId - first == std::int64_t(entries.size()) - 1;
            byPg[pg].push_back({d, std::move(entries), first, consecutive});
        }
    }
    return byPg;
}

PgWalk walkPg(const Job& job, const std::vector<MemberRecords>& members,
              const std::vector<double>* clockOffsetMs, bool completionDeviations)
{
    PgWalk out;
    // Each member gets at most one value per record: reserved so that no list grows by copies.
    for (auto& late : out.late) {
        late.resize(members.size());
        for (std::size_t m = 0; m < members.size(); ++m)
            late[m].reserve(members[m].entries.size());
    }
    if (completionDeviations) {
        out.completionDeviation.resize(members.size());
        for (std::size_t m = 0; m < members.size(); ++m)
            out.completionDeviation[m].reserve(members[m].entries.size());
    }
    std::array<PeerMedians, kBasisCount> timed;
    std::vector<std::pair<std::int64_t, std::uint32_t>> done; // (completion, member)
    std::vector<std::int64_t> completions;
    forEachCollective(job, members, completionDeviations, [&](const std::vector<Hit>& hits) {
        for (PeerMedians& t : timed)
            t.clear();
        done.clear();
        for (const Hit& h : hits) {
            const RankDump& d = job.dumps[members[h.member].dump];
            const EntryTimes& times = d.times[h.entry];
            const double offset = clockOffsetMs ? (*clockOffsetMs)[std::size_t(d.rank)] : 0.0;
            for (std::size_t b = 0; b < kBasisCount; ++b)
                if (const std::int64_t t = timeOn(times, kBases[b]); t != kNoTime)
                    timed[b].add(double(t) / 1e6 - offset, h.member);
            if (completionDeviations)
                if (const std::int64_t t = completedAt(d.entries[h.entry], times); t != kNoTime)
                    done.push_back({t, h.member});
        }
        for (std::size_t b = 0; b < kBasisCount; ++b)
            if (timed[b].size() >= 2)
                timed[b].forEachLateness(
                    [&](std::uint32_t m, double late) { out.late[b][m].push_back(float(late)); });
        if (done.size() >= 2) {
            completions.clear();
            for (const auto& [t, member] : done)
                completions.push_back(t);
            const double mid = middle(completions);
            for (const auto& [t, member] : done)
                out.completionDeviation[member].push_back(float((double(t) - mid) / 1e6));
        }
    });
    return out;
}

// By the bits' order (-0 before +0, which std::sort leaves in either order) instead of a comparison sort,
// the sorts being most of the rest of the analysis' time: a member's values in one PG are a few hundred, and
// std::sort of random floats mispredicts a branch at every other compare. Runs of up to 2048 values take four
// passes of 8 bits (their counts gathered in one pass), longer ones three of 11; a pass where every key has
// the same digit (the sign and exponent of values of one order of magnitude) is skipped.
void sortFloats(std::vector<float>& v, std::vector<std::uint32_t>& scratch)
{
    const std::size_t n = v.size();
    if (n < 64) {
        std::sort(v.begin(), v.end());
        return;
    }
    scratch.resize(2 * n);
    std::uint32_t* from = scratch.data();
    std::uint32_t* to = from + n;
    for (std::size_t i = 0; i < n; ++i) {
        std::uint32_t bits = 0;
        std::memcpy(&bits, &v[i], sizeof bits);
        from[i] = (bits & 0x80000000u) ? ~bits : (bits | 0x80000000u);
    }
    auto pass = [&](std::uint32_t* count, std::size_t digits, int shift, std::uint32_t mask) {
        if (count[(from[0] >> shift) & mask] == n)
            return; // one digit for all: the order stays
        std::uint32_t sum = 0;
        for (std::size_t d = 0; d < digits; ++d)
            sum += std::exchange(count[d], sum);
        for (std::size_t i = 0; i < n; ++i)
            to[count[(from[i] >> shift) & mask]++] = from[i];
        std::swap(from, to);
    };
    if (n <= 2048) {
        std::array<std::array<std::uint32_t, 256>, 4> count{};
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t k = from[i];
            ++count[0][k & 255u];
            ++count[1][(k >> 8) & 255u];
            ++count[2][(k >> 16) & 255u];
            ++count[3][k >> 24];
        }
        for (int d = 0; d < 4; ++d)
            pass(count[std::size_t(d)].data(), 256, 8 * d, 255u);
    } else {
        for (const int shift : {0, 11, 22}) {
            std::array<std::uint32_t, 2048> count{};
            for (std::size_t i = 0; i < n; ++i)
                ++count[(from[i] >> shift) & 2047u];
            pass(count.data(), 2048, shift, 2047u);
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t key = from[i];
        const std::uint32_t bits = (key & 0x80000000u) ? (key & 0x7fffffffu) : ~key;
        std::memcpy(&v[i], &bits, sizeof bits);
    }
}

} // namespace lateness
} // namespace fd
