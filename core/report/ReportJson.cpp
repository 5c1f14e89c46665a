#include "ReportJson.h"

#include "JsonSink.h"

#include "core/exporting/OutputFile.h"

#include <QFile>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

using nlohmann::json;

namespace fd {

// The writer: the schema once, for both sinks (JsonSink.h). Keys in byte order within each object.

namespace {

void pgRef(JsonSink& w, std::string_view key, std::uint32_t pg)
{
    w.key(key);
    if (pg == kNoPg)
        w.null();
    else
        w.unsignedInteger(pg);
}

// A frontier item is a CollectiveSummary with its PG's name and description; a PG's CollectiveFinding adds
// whether it is coalesced and its members.
void writeCollective(JsonSink& w, const CollectiveSummary& c, const CollectiveFinding* finding,
                     const ProcessGroup* frontierPg)
{
    w.beginObject();
    if (finding)
        w.field("coalesced", finding->coalesced);
    w.field("detail", c.detail);
    w.field("dtypes", c.dtypes);
    if (finding) {
        w.objects("members", finding->members, [&w](const MemberStatus& m) {
            if (m.oddOneOut)
                w.field("dtypes", m.dtypes);
            if (m.oddOneOut)
                w.field("odd_one_out", true);
            if (m.oddOneOut)
                w.field("op", m.opType);
            w.field("rank", m.rank);
            if (m.oddOneOut)
                w.field("sizes", m.sizes);
            w.field("state", memberStateName(m.state));
        });
    }
    w.field("mismatched_ranks", c.mismatchedRanks);
    w.field("missing_ranks", c.missingRanks);
    w.field("op", c.opType);
    w.field("p2p", c.isP2p);
    pgRef(w, "pg", c.pgIndex);
    if (frontierPg) {
        w.field("pg_desc", frontierPg->desc);
        w.field("pg_name", frontierPg->name);
    }
    w.field("seq", c.seqId);
    w.field("sizes", c.sizes);
    w.field("status", collectiveStatusName(c.status));
    w.field("stuck_ranks", c.stuckRanks);
    w.endObject();
}

void writePgFinding(JsonSink& w, const PgFinding& f)
{
    w.beginObject();
    w.key("collectives");
    w.beginArray();
    for (const CollectiveFinding& c : f.collectives)
        writeCollective(w, c, &c, nullptr);
    w.endArray();
    w.field("collectives_completed", f.collectivesCompleted);
    w.field("collectives_seen", f.collectivesSeen);
    w.field("frontier", f.isFrontier);
    w.field("has_hang", f.hasHang);
    w.key("head");
    w.beginObject();
    w.field("dtypes", f.headDtypes);
    w.field("op", f.headOpType);
    w.field("seq", f.headSeq);
    w.field("sizes", f.headSizes);
    w.endObject();
    w.field("max_enqueued", f.maxEnqueued);
    w.field("min_completed", f.minCompleted);
    w.field("missing_ranks", f.missingRanks);
    w.field("no_dump_ranks", f.noDumpRanks);
    w.field("stuck_ranks", f.stuckRanks);
    w.endObject();
}

// Milliseconds to the microsecond: the dumps' clocks say no more, and the text stays short and stable.
double roundedMs(double ms)
{
    return std::round(ms * 1000) / 1000;
}

const Job kNoJob;

// The job `a` was computed from; an empty one for a placeholder Analysis (a view's before a job opens).
const Job& jobOf(const Analysis& a)
{
    return a.job ? *a.job : kNoJob;
}

void writeProcessGroups(JsonSink& w, const Analysis& a)
{
    static const std::vector<int> kUnlisted;
    w.beginArray();
    const std::vector<ProcessGroup>& pgs = jobOf(a).processGroups;
    for (std::uint32_t i = 0; i < pgs.size(); ++i) {
        const ProcessGroup& pg = pgs[i];
        w.beginObject();
        w.field("desc", pg.desc);
        if (const PgFinding* f = a.pgFinding(i)) {
            w.key("finding");
            writePgFinding(w, *f);
        }
        w.field("index", i);
        w.field("name", pg.name);
        // Only pg_config's members: a report read back treats a PG with ranks as listed.
        w.field("ranks", pg.ranksKnown ? pg.ranks : kUnlisted);
        w.endObject();
    }
    w.endArray();
}

void writeRank(JsonSink& w, const RankFinding& r)
{
    w.field("has_dump", r.hasDump);
    w.objects("health", r.health, [&w](const HealthCheck& h) {
        w.field("component", h.component);
        w.field("output", h.output);
        w.field("status", h.status);
    });
    w.field("kind", rankKindName(r.kind));
    w.field("pending_entries", r.pendingEntries);
    w.objects("progress", r.progress, [&w](const RankPgProgress& p) {
        w.field("first_pending_seq", p.firstPendingSeq);
        w.field("has_status", p.hasStatus);
        w.field("last_completed", p.lastCompleted);
        w.field("last_enqueued", p.lastEnqueued);
        w.field("last_started", p.lastStarted);
        w.field("local_pg_id", p.localPgId);
        w.field("pending_entries", p.pendingEntries);
        pgRef(w, "pg", p.pgIndex);
    });
    w.field("rank", r.rank);
    w.field("reason", r.reason);
}

void writeAnalysis(JsonSink& w, const Analysis& a)
{
    const Job& job = jobOf(a);
    w.beginObject();
    w.objects("culprits", a.culprits, [&w](const Culprit& c) {
        w.field("kind", rankKindName(c.kind));
        pgRef(w, "pg", c.pgIndex);
        w.field("rank", c.rank);
        w.field("reason", c.reason);
        w.field("seq", c.seqId);
    });
    w.objects("deadlocks", a.cycles, [&w](const DeadlockCycle& d) {
        w.field("description", d.description);
        w.field("pgs", d.pgIndices);
        w.field("ranks", d.ranks);
    });
    w.field("dump_count", int(job.dumps.size()));
    w.key("frontier");
    w.beginArray();
    static const ProcessGroup kUnknownPg;
    for (const FrontierItem& f : a.frontier)
        writeCollective(w, f, nullptr, a.processGroup(f.pgIndex) ? a.processGroup(f.pgIndex) : &kUnknownPg);
    w.endArray();
    w.field("hanging_ranks", a.hangingRanks());
    w.field("missing_ranks", job.missingRanks);
    w.key("notes");
    w.beginArray();
    for (const QString& n : a.notes)
        w.string(n);
    w.endArray();
    w.key("process_groups");
    writeProcessGroups(w, a);
    w.objects("ranks", a.ranks, [&w](const RankFinding& r) { writeRank(w, r); });
    w.field("reason", a.reason);
    w.objects("stragglers", a.lateness.stragglers, [&w](const Straggler& s) {
        w.field("basis", latenessBasisName(s.basis));
        w.field("collectives", s.collectives);
        if (!s.host.isEmpty())
            w.field("host", s.host);
        w.field("median_late_ms", roundedMs(s.medianLateMs));
        w.field("p90_late_ms", roundedMs(s.p90LateMs));
        pgRef(w, "pg", s.pgIndex);
        w.field("rank", s.rank);
    });
    w.field("unreadable_ranks", job.unreadableRanks);
    w.field("verdict", verdictName(a.verdict));
    w.objects("victims", a.victims, [&w](const Victim& v) {
        pgRef(w, "pg", v.pgIndex);
        w.field("rank", v.rank);
        w.field("root_causes", v.rootCauses);
        w.field("seq", v.seqId);
        w.field("waits_on", v.waitsOn);
    });
    w.field("world_size", job.worldSize);
    w.endObject();
}

void writeJob(JsonSink& w, const Report& r)
{
    const Job& job = r.analysis ? jobOf(*r.analysis) : kNoJob;
    w.beginObject();
    w.field("dump_count", int(job.dumps.size()));
    w.objects("load_errors", job.errors, [&w](const LoadError& e) {
        w.field("file", e.filePath);
        w.field("message", e.message);
        w.key("offset");
        if (e.hasOffset)
            w.unsignedInteger(e.offset);
        else
            w.null();
        w.field("rank", e.rank);
    });
    w.field("missing_ranks", job.missingRanks);
    w.field("pattern", job.pattern);
    w.field("prefix", job.prefix);
    w.field("source", job.source);
    w.field("unreadable_ranks", job.unreadableRanks);
    w.key("warnings");
    w.beginArray();
    for (const QString& warning : r.warnings())
        w.string(warning);
    w.endArray();
    w.field("world_size", job.worldSize);
    w.endObject();
}

void writeLlm(JsonSink& w, const ReportLlm& l)
{
    w.beginObject();
    w.field("agreement", l.agreement);
    w.field("agrees", l.agrees);
    w.field("answer", l.answer);
    w.field("base_url", l.baseUrl);
    w.field("error", l.error);
    w.key("hanging_ranks");
    if (l.hangingRanks)
        w.integers(*l.hangingRanks);
    else
        w.null();
    w.field("model", l.model);
    w.endObject();
}

void writeProgress(JsonSink& w, const SnapshotProgress& p)
{
    w.beginObject();
    w.field("advanced_ranks", p.advancedRanks);
    w.field("interval_s", p.intervalSeconds);
    w.field("newer", p.newerSource);
    w.field("older", p.olderSource);
    w.objects("pgs", p.steps, [&w](const PgRankStep& s) {
        w.field("completed_after", s.completedAfter);
        w.field("completed_before", s.completedBefore);
        w.field("pg", s.pg);
        w.field("rank", s.rank);
    });
    w.field("slow_ranks", p.slowRanks);
    w.field("stalled_ranks", p.stalledRanks);
    w.field("state", progressStateName(p.state));
    w.field("summary", p.summary);
    w.endObject();
}

void writeReport(JsonSink& w, const Report& r)
{
    w.beginObject();
    w.key("analysis");
    if (r.analysis)
        writeAnalysis(w, *r.analysis);
    else
        w.null();
    w.field("attribution_state", r.attributionState());
    w.field("created_at", r.createdAt);
    w.field("generator", r.generator);
    w.field("health_check", r.healthCheck);
    w.key("job");
    writeJob(w, r);
    w.key("llm");
    if (r.llm)
        writeLlm(w, *r.llm);
    else
        w.null();
    if (r.progress) { // only where two snapshots were compared: every other report stays as it was
        w.key("progress");
        writeProgress(w, *r.progress);
    }
    w.field("schema", "flightdeck-report");
    w.field("schema_version", r.schemaVersion);
    w.endObject();
}

} // namespace

json analysisToJson(const Analysis& a)
{
    JsonDom dom;
    writeAnalysis(dom, a);
    return dom.take();
}

json reportToJson(const Report& r)
{
    JsonDom dom;
    writeReport(dom, r);
    return dom.take();
}

std::string reportJsonText(const Report& r)
{
    std::string text;
    JsonText out(text);
    writeReport(out, r);
    return text;
}

QString writeReportFile(const Report& report, const QString& path)
{
    const std::string text = reportJsonText(report) + "\n";
    if (path == QLatin1String("-")) {
        const bool written = std::fwrite(text.data(), 1, text.size(), stdout) == text.size();
        if (std::fflush(stdout) != 0 || !written)
            return QStringLiteral("stdout: cannot write: %1")
                .arg(QString::fromLocal8Bit(std::strerror(errno)));
        return {};
    }
    return writeOutputFile(path, text);
}

} // namespace fd
