#include "Analysis.h"

#include "core/model/Job.h"

#include <QStringBuilder>

#include <algorithm>
#include <iterator>

namespace fd {

namespace {

// One table per enum: the names are the JSON report's values, so they never change once published.
const char* const kVerdicts[] = {"no_hang", "continue", "stop", "unknown"};
const char* const kStatuses[] = {"completed",     "not_entered",    "in_progress", "type_mismatch",
                                 "size_mismatch", "dtype_mismatch", "undecided",   "queued"};
const char* const kMemberStates[] = {"not_entered", "scheduled", "started",
                                     "completed",   "no_dump",   "unknown"};
const char* const kRankKinds[] = {"healthy",    "missing_dump",    "unreadable_dump", "stopped_issuing",
                                  "broken_gpu", "stuck_in_kernel", "mismatch",        "deadlocked",
                                  "behind",     "victim",          "gpu_stalled",     "no_dump"};

template <std::size_t N> const char* nameOf(const char* const (&names)[N], std::size_t i)
{
    return i < N ? names[i] : "unknown";
}

} // namespace

const char* verdictName(Verdict v)
{
    return nameOf(kVerdicts, static_cast<std::size_t>(v));
}
const char* collectiveStatusName(CollectiveStatus s)
{
    return nameOf(kStatuses, static_cast<std::size_t>(s));
}
const char* memberStateName(MemberState s)
{
    return nameOf(kMemberStates, static_cast<std::size_t>(s));
}
const char* rankKindName(RankKind k)
{
    return nameOf(kRankKinds, static_cast<std::size_t>(k));
}

std::vector<int> Analysis::hangingRanks() const
{
    std::vector<int> out;
    for (const Culprit& c : culprits)
        out.push_back(c.rank);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

const PgFinding* Analysis::pgFinding(std::uint32_t pgIndex) const
{
    auto it = std::lower_bound(pgs.begin(), pgs.end(), pgIndex,
                               [](const PgFinding& f, std::uint32_t p) { return f.pgIndex < p; });
    return it != pgs.end() && it->pgIndex == pgIndex ? &*it : nullptr;
}

const RankFinding* Analysis::rankFinding(int rank) const
{
    auto it = std::lower_bound(ranks.begin(), ranks.end(), rank,
                               [](const RankFinding& f, int r) { return f.rank < r; });
    return it != ranks.end() && it->rank == rank ? &*it : nullptr;
}

const Culprit* Analysis::culprit(int rank) const
{
    auto it = std::lower_bound(culprits.begin(), culprits.end(), rank,
                               [](const Culprit& c, int r) { return c.rank < r; });
    return it != culprits.end() && it->rank == rank ? &*it : nullptr;
}

const Victim* Analysis::victim(int rank) const
{
    auto it = std::lower_bound(victims.begin(), victims.end(), rank,
                               [](const Victim& v, int r) { return v.rank < r; });
    return it != victims.end() && it->rank == rank ? &*it : nullptr;
}

QString Analysis::culpritReason(int rank) const
{
    const Culprit* c = culprit(rank);
    if (!c)
        return {};
    return c->reason.isEmpty() ? QString::fromLatin1(rankKindName(c->kind)) : c->reason;
}

const FrontierItem* Analysis::divergence() const
{
    return !frontier.empty() && frontier.front().pgIndex != kNoPg ? &frontier.front() : nullptr;
}

const Evidence* Analysis::evidenceFor(int rank) const
{
    const Culprit* c = culprit(rank);
    const Evidence* any = nullptr;
    for (const Evidence& e : evidence) {
        if (!std::binary_search(e.culprits.begin(), e.culprits.end(), rank))
            continue;
        if (c && e.pgIndex == c->pgIndex && e.seq == c->seqId)
            return &e;
        if (!any)
            any = &e;
    }
    return any;
}

const ProcessGroup* Analysis::processGroup(std::uint32_t pgIndex) const
{
    return job && pgIndex < job->processGroups.size() ? &job->processGroups[pgIndex] : nullptr;
}

const std::vector<int>& Analysis::pgMembers(std::uint32_t pgIndex) const
{
    static const std::vector<int> kNone;
    auto placed = std::lower_bound(placedMembers.begin(), placedMembers.end(), pgIndex,
                                   [](const PlacedMembers& p, std::uint32_t pg) { return p.pgIndex < pg; });
    if (placed != placedMembers.end() && placed->pgIndex == pgIndex)
        return placed->ranks;
    const ProcessGroup* pg = processGroup(pgIndex);
    return pg ? pg->ranks : kNone;
}

QString Analysis::pgLabel(std::uint32_t pgIndex) const
{
    const ProcessGroup* found = processGroup(pgIndex);
    if (!found)
        return QStringLiteral("PG ?");
    const ProcessGroup& pg = *found;
    if (pg.desc.isEmpty())
        return QStringLiteral("PG ") % pg.name;
    return QStringLiteral("PG ") % pg.name % QStringLiteral(" (") % pg.desc % QLatin1Char(')');
}

const RankPgProgress* Analysis::progress(int rank, std::uint32_t pgIndex) const
{
    const RankFinding* finding = rankFinding(rank);
    if (!finding || !finding->hasDump)
        return nullptr;
    const auto& all = finding->progress;
    auto it = std::lower_bound(all.begin(), all.end(), pgIndex,
                               [](const RankPgProgress& p, std::uint32_t pg) { return p.pgIndex < pg; });
    return it != all.end() && it->pgIndex == pgIndex ? &*it : nullptr;
}

std::vector<std::uint32_t> Analysis::causalPgs() const
{
    std::vector<std::uint32_t> out;
    for (const Culprit& c : culprits)
        out.push_back(c.pgIndex);
    for (const FrontierItem& f : frontier)
        out.push_back(f.pgIndex);
    for (const PgWait& w : pgWaits) {
        out.push_back(w.from);
        out.push_back(w.to);
    }
    std::erase(out, kNoPg);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::size_t PgFinding::absentCount() const
{
    std::vector<int> all = missingRanks;
    all.insert(all.end(), noDumpRanks.begin(), noDumpRanks.end());
    std::sort(all.begin(), all.end());
    return static_cast<std::size_t>(std::unique(all.begin(), all.end()) - all.begin());
}

} // namespace fd
