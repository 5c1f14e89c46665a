#include "Analyzer.h"

#include "AnalysisContext.h"
#include "Attribution.h"
#include "CollectiveMatcher.h"
#include "Evidence.h"
#include "PgWaits.h"
#include "RankGroups.h"
#include "WaitForGraph.h"
#include "core/model/Job.h"

#include <algorithm>
#include <future>
#include <map>

namespace fd {

namespace {

void describeRanks(const AnalysisContext& ctx, Analysis& a)
{
    a.ranks.reserve(ctx.views.size());
    bool rolled = false, activeOnly = true, anyEntries = false;
    for (const RankView& view : ctx.views) {
        RankFinding rf;
        rf.rank = view.rank;
        rf.hasDump = view.dump != nullptr;
        rf.pendingEntries = view.pendingOps;
        if (view.dump) {
            rf.health = view.dump->health;
            const auto& all = view.dump->entries;
            anyEntries = anyEntries || !all.empty();
            // gloo's finished work stays "scheduled" and is only retired (docs/torch-jobs.md)
            const bool holdsCompleted = std::any_of(all.begin(), all.end(), [](const Entry& e) {
                return e.state == EntryState::Completed || e.retired;
            });
            activeOnly = activeOnly && !holdsCompleted;
            // record_id counts every entry the process ever recorded from 0: a buffer that keeps completed
            // entries yet starts past 0 dropped its oldest ones. The file's oldest, not the window's.
            if (holdsCompleted && view.dump->window.fileFirstRecordId > 0)
                rolled = true;
        }
        // Pending ops per PG, in one walk over the ops (view.pgs holds every PG an op names).
        std::vector<int> pendingOfPg(view.pgs.size(), 0);
        for (const RankOp& op : view.ops) {
            if (op.pending())
                ++pendingOfPg[std::size_t(view.pg(view.pgOf(op)) - view.pgs.data())];
            else
                rf.lastCompletedRecord =
                    std::max(rf.lastCompletedRecord, view.dump->entries[op.entry].recordId);
        }
        for (const RankPgView& v : view.pgs) {
            RankPgProgress p;
            p.pgIndex = v.pgIndex;
            p.localPgId = v.localPgId;
            p.lastEnqueued = v.hasStatus ? v.stEnqueued : v.enteredUpTo;
            p.lastStarted = v.stStarted;
            p.lastCompleted = v.hasStatus ? v.stCompleted : v.completedUpTo;
            p.firstPendingSeq = v.oldestPending;
            p.hasStatus = v.hasStatus;
            p.pendingEntries = pendingOfPg[std::size_t(&v - view.pgs.data())];
            rf.progress.push_back(p);
        }
        a.ranks.push_back(std::move(rf));
    }
    if (rolled)
        a.notes << QStringLiteral(
            "Ring buffers rolled over: the oldest collectives are not in every dump; only "
            "collectives still held by the ranks that need them were compared.");
    if (anyEntries && activeOnly)
        a.notes << QStringLiteral(
            "The dumps hold only active (not completed) entries: progress comes from pg_status.");
    if (!a.job->missingRanks.empty())
        a.notes << QStringLiteral("%1 rank(s) have no dump file.").arg(a.job->missingRanks.size());
}

// Ranks without a dump placed in PGs no dump lists the members of, and gloo retirements read as failures:
// both change what the dumps seem to say, so the report says so (docs/attribution.md).
void describeSilentMembers(const AnalysisContext& ctx, Analysis& a)
{
    std::map<int, QStringList> pgsOf;
    std::vector<SilentMembership> placed = ctx.silentMembers;
    std::sort(placed.begin(), placed.end(),
              [](const SilentMembership& x, const SilentMembership& y) { return x.pgIndex < y.pgIndex; });
    for (const SilentMembership& s : placed) {
        if (a.placedMembers.empty() || a.placedMembers.back().pgIndex != s.pgIndex)
            a.placedMembers.push_back({s.pgIndex, ctx.members[s.pgIndex]});
        for (int r : s.ranks)
            pgsOf[r] << a.pgLabel(s.pgIndex);
    }
    for (const auto& [rank, pgs] : pgsOf) {
        if (ctx.views[static_cast<std::size_t>(rank)].dump) {
            a.notes
                << QStringLiteral(
                       "Rank %1's dump names no PG of the description of %2, and no dump lists their "
                       "members: it is taken as their member, the one rank that completes them to the size "
                       "and stride of the other PGs of their description, and it has issued nothing there.")
                       .arg(rank)
                       .arg(pgs.join(QStringLiteral(", ")));
            continue;
        }
        a.notes << QStringLiteral(
                       "Rank %1 wrote no dump, and no dump lists the members of %2: it is taken as their "
                       "member, the one rank without a dump that completes them to the size and stride of "
                       "the other PGs of their description, or that a failed collective there leaves.")
                       .arg(rank)
                       .arg(pgs.join(QStringLiteral(", ")));
    }
    for (const FailedCollective& f : ctx.failedCollectives) {
        QStringList ranks;
        for (int r : f.retiredBy)
            ranks << QString::number(r);
        a.notes
            << QStringLiteral(
                   "Gloo retired %1 collective %2 on rank(s) %3, but other members still hold it or wrote "
                   "no dump: gloo retires failed work like finished work, so it is read as failed, not "
                   "completed.")
                   .arg(a.pgLabel(f.pgIndex))
                   .arg(f.seq)
                   .arg(ranks.join(QStringLiteral(", ")));
    }
}

} // namespace

std::shared_ptr<const Analysis> analyzeJob(std::shared_ptr<const Job> shared, const AnalysisOptions& options)
{
    const Job& job = *shared;
    // The collective index, which only the views read, is built on a thread of its own beside the analysis: a
    // walk over every entry that does not parallelise, and would otherwise wait for the analysis to end.
    std::future<CollectiveIndex> index;
    if (options.collectiveIndex)
        index = std::async(std::launch::async, [&job] { return CollectiveIndex(job); });
    // Lateness reads only the entries and their times: beside the analysis too.
    std::future<StragglerAnalysis> lateness =
        std::async(std::launch::async, [&job] { return analyzeStragglers(job); });
    auto a = std::make_shared<Analysis>();
    a->job = std::move(shared);
    {
        // The per-rank views hold one RankOp per entry: freed as soon as the steps that read them are done.
        AnalysisContext ctx(job);
        describeRanks(ctx, *a);
        describeSilentMembers(ctx, *a);
        CollectiveMatcher matcher(ctx);
        a->pgs = matcher.run();
        const WaitForResult wf = buildWaitForGraph(ctx, matcher.mismatches());
        attribute(ctx, wf, matcher.mismatches(), *a);
        a->pgWaits = findPgWaits(*a);
        buildEvidence(ctx, *a);
        a->coalesced = std::move(ctx.coalesced);
    }
    groupRanks(*a);
    a->lateness = lateness.get();
    if (index.valid())
        a->collectiveIndex = index.get();
    return a;
}

} // namespace fd
