#include "Analysis.h"

#include "AnalysisContext.h"
#include "CollectiveMatcher.h"
#include "Verdict.h"
#include "WaitForGraph.h"
#include "model/Job.h"

namespace fd {

namespace {

void describeJob(const Job& job, Analysis& a)
{
    a.worldSize = job.worldSize;
    a.dumpCount = static_cast<int>(job.dumps.size());
    a.missingRanks = job.missingRanks;
    a.unreadableRanks = job.unreadableRanks;
    a.processGroups.reserve(job.processGroups.size());
    for (const ProcessGroup& pg : job.processGroups)
        a.processGroups.push_back({job.str(pg.name), job.str(pg.desc), pg.ranks});
}

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
            for (const Entry& e : view.dump->entries) {
                anyEntries = true;
                activeOnly = activeOnly && e.state != EntryState::Completed;
            }
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
            for (const RankOp& op : view.ops)
                if (op.pgIndex == v.pgIndex && op.pending())
                    ++p.pendingEntries;
            // Collectives whose first retained entry is past seq 0 rolled out of the ring buffer.
            if (!v.colls.empty() && view.ops[v.colls.front()].seq > 0 && !view.ops[v.colls.front()].pending())
                rolled = true;
            rf.progress.push_back(p);
        }
        a.ranks.push_back(std::move(rf));
    }
    if (rolled)
        a.notes << QStringLiteral("Ring buffers rolled over: the oldest collectives are not in every dump; only "
                                  "collectives still held by the ranks that need them were compared.");
    if (anyEntries && activeOnly)
        a.notes << QStringLiteral("The dumps hold only active (not completed) entries: progress comes from pg_status.");
    if (!a.missingRanks.empty())
        a.notes << QStringLiteral("%1 rank(s) have no dump file.").arg(a.missingRanks.size());
}

} // namespace

std::shared_ptr<const Analysis> analyzeJob(const Job& job)
{
    auto a = std::make_shared<Analysis>();
    describeJob(job, *a);
    AnalysisContext ctx(job);
    describeRanks(ctx, *a);
    CollectiveMatcher matcher(ctx);
    a->pgs = matcher.run();
    const WaitForResult wf = buildWaitForGraph(ctx);
    attribute(ctx, wf, matcher.mismatches(), *a);
    return a;
}

} // namespace fd
