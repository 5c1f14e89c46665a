#include "ReportJson.h"

#include "JsonSink.h"

#include <QFile>
#include <QSaveFile>

#include <cmath>
#include <cstdio>

using nlohmann::json;

namespace fd {

namespace {

QString q(const json& j, const char* key)
{
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}
template<typename T>
T num(const json& j, const char* key, T fallback)
{
    auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<T>() : fallback;
}
std::vector<int> ints(const json& j, const char* key)
{
    std::vector<int> out;
    auto it = j.find(key);
    if (it != j.end() && it->is_array())
        for (const auto& v : *it)
            if (v.is_number_integer())
                out.push_back(v.get<int>());
    return out;
}
std::uint32_t pgOf(const json& j, const char* key)
{
    auto it = j.find(key);
    return it != j.end() && it->is_number_unsigned() ? it->get<std::uint32_t>() : kNoPg;
}
const json& arr(const json& j, const char* key)
{
    static const json empty = json::array();
    auto it = j.find(key);
    return it != j.end() && it->is_array() ? *it : empty;
}
template<typename E>
E enumOf(const json& j, const char* key, bool (*parse)(const QString&, E*), E fallback)
{
    E v = fallback;
    parse(q(j, key), &v);
    return v;
}

void collectiveFieldsFromJson(const json& j, CollectiveSummary& c)
{
    c.pgIndex = pgOf(j, "pg");
    c.seqId = num<std::int64_t>(j, "seq", kNoSeq);
    c.isP2p = j.value("p2p", false);
    c.status = enumOf(j, "status", parseCollectiveStatus, CollectiveStatus::Undecided);
    c.opType = q(j, "op");
    c.sizes = q(j, "sizes");
    c.dtypes = q(j, "dtypes");
    c.missingRanks = ints(j, "missing_ranks");
    c.stuckRanks = ints(j, "stuck_ranks");
    c.mismatchedRanks = ints(j, "mismatched_ranks");
    c.detail = q(j, "detail");
}

CollectiveFinding collectiveFromJson(const json& j)
{
    CollectiveFinding c;
    collectiveFieldsFromJson(j, c);
    c.coalesced = j.value("coalesced", false);
    for (const json& jm : arr(j, "members")) {
        MemberStatus m;
        m.rank = num(jm, "rank", -1);
        m.state = enumOf(jm, "state", parseMemberState, MemberState::Unknown);
        m.oddOneOut = jm.value("odd_one_out", false);
        m.opType = q(jm, "op");
        m.sizes = q(jm, "sizes");
        m.dtypes = q(jm, "dtypes");
        c.members.push_back(std::move(m));
    }
    return c;
}

} // namespace

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

void writeProcessGroups(JsonSink& w, const Analysis& a)
{
    static const std::vector<int> kUnlisted;
    w.beginArray();
    for (std::uint32_t i = 0; i < a.processGroups.size(); ++i) {
        const ProcessGroup& pg = a.processGroups[i];
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
    w.field("dump_count", a.dumpCount);
    w.key("frontier");
    w.beginArray();
    static const ProcessGroup kUnknownPg;
    for (const FrontierItem& f : a.frontier)
        writeCollective(w, f, nullptr, f.pgIndex < a.processGroups.size() ? &a.processGroups[f.pgIndex] : &kUnknownPg);
    w.endArray();
    w.field("hanging_ranks", a.hangingRanks());
    w.field("missing_ranks", a.missingRanks);
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
        w.field("median_late_ms", roundedMs(s.medianLateMs));
        w.field("p90_late_ms", roundedMs(s.p90LateMs));
        pgRef(w, "pg", s.pgIndex);
        w.field("rank", s.rank);
    });
    w.field("unreadable_ranks", a.unreadableRanks);
    w.field("verdict", verdictName(a.verdict));
    w.objects("victims", a.victims, [&w](const Victim& v) {
        pgRef(w, "pg", v.pgIndex);
        w.field("rank", v.rank);
        w.field("root_causes", v.rootCauses);
        w.field("seq", v.seqId);
        w.field("waits_on", v.waitsOn);
    });
    w.field("world_size", a.worldSize);
    w.endObject();
}

void writeJob(JsonSink& w, const Report& r)
{
    static const std::vector<int> kNone;
    w.beginObject();
    w.field("dump_count", r.analysis ? r.analysis->dumpCount : 0);
    w.objects("load_errors", r.loadErrors, [&w](const LoadError& e) {
        w.field("file", e.filePath);
        w.field("message", e.message);
        w.key("offset");
        if (e.hasOffset)
            w.unsignedInteger(e.offset);
        else
            w.null();
        w.field("rank", e.rank);
    });
    w.field("missing_ranks", r.analysis ? r.analysis->missingRanks : kNone);
    w.field("pattern", r.pattern);
    w.field("prefix", r.prefix);
    w.field("source", r.source);
    w.field("unreadable_ranks", r.analysis ? r.analysis->unreadableRanks : kNone);
    w.key("warnings");
    w.beginArray();
    for (const QString& warning : r.warnings)
        w.string(warning);
    w.endArray();
    w.field("world_size", r.analysis ? r.analysis->worldSize : 0);
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

ReportReadResult reportFromJson(const json& j)
{
    ReportReadResult res;
    if (!j.is_object() || j.value("schema", std::string()) != "flightdeck-report") {
        res.error = QStringLiteral("not a FlightDeck report (\"schema\" is not \"flightdeck-report\")");
        return res;
    }
    Report r;
    r.schemaVersion = num(j, "schema_version", 0);
    if (r.schemaVersion < 1 || r.schemaVersion > kReportSchemaVersion) {
        res.error = QStringLiteral("report schema_version %1 is not supported (this build reads 1 to %2)")
                        .arg(r.schemaVersion).arg(kReportSchemaVersion);
        return res;
    }
    r.generator = q(j, "generator");
    r.createdAt = q(j, "created_at");
    r.healthCheck = j.value("health_check", false);
    const json job = j.value("job", json::object());
    r.source = q(job, "source");
    r.pattern = q(job, "pattern");
    r.prefix = q(job, "prefix");
    for (const json& e : arr(job, "load_errors")) {
        const qint64 offset = num<qint64>(e, "offset", -1);
        r.loadErrors.push_back({q(e, "file"), num(e, "rank", -1), offset >= 0 ? std::uint64_t(offset) : 0, offset >= 0,
                                q(e, "message")});
    }
    for (const json& w : arr(job, "warnings"))
        if (w.is_string())
            r.warnings << QString::fromStdString(w.get<std::string>());

    auto a = std::make_shared<Analysis>();
    const json ja = j.value("analysis", json::object());
    if (!ja.is_object()) {
        res.error = QStringLiteral("\"analysis\" is missing");
        return res;
    }
    a->verdict = enumOf(ja, "verdict", parseVerdict, Verdict::NoHang);
    a->reason = q(ja, "reason");
    a->worldSize = num(ja, "world_size", 0);
    a->dumpCount = num(ja, "dump_count", 0);
    a->missingRanks = ints(ja, "missing_ranks");
    a->unreadableRanks = ints(ja, "unreadable_ranks");
    for (const json& f : arr(ja, "frontier")) {
        FrontierItem fi;
        collectiveFieldsFromJson(f, fi);
        a->frontier.push_back(std::move(fi));
    }
    for (const json& c : arr(ja, "culprits"))
        a->culprits.push_back({num(c, "rank", -1), enumOf(c, "kind", parseRankKind, RankKind::Behind), pgOf(c, "pg"),
                               num<std::int64_t>(c, "seq", kNoSeq), q(c, "reason")});
    for (const json& v : arr(ja, "victims"))
        a->victims.push_back({num(v, "rank", -1), pgOf(v, "pg"), num<std::int64_t>(v, "seq", kNoSeq),
                              ints(v, "waits_on"), ints(v, "root_causes")});
    for (const json& d : arr(ja, "deadlocks")) {
        DeadlockCycle c;
        c.ranks = ints(d, "ranks");
        for (int p : ints(d, "pgs"))
            c.pgIndices.push_back(static_cast<std::uint32_t>(p));
        c.description = q(d, "description");
        a->cycles.push_back(std::move(c));
    }
    for (const json& jp : arr(ja, "process_groups")) {
        std::vector<int> ranks = ints(jp, "ranks");
        const bool ranksKnown = !ranks.empty(); // the report writes no ranks for a PG no pg_config named
        a->processGroups.push_back({q(jp, "name"), q(jp, "desc"), std::move(ranks), ranksKnown});
        auto it = jp.find("finding");
        if (it == jp.end() || !it->is_object())
            continue;
        const json& f = *it;
        PgFinding pf;
        pf.pgIndex = static_cast<std::uint32_t>(a->processGroups.size() - 1);
        pf.collectivesSeen = num<std::int64_t>(f, "collectives_seen", 0);
        pf.collectivesCompleted = num<std::int64_t>(f, "collectives_completed", 0);
        pf.maxEnqueued = num<std::int64_t>(f, "max_enqueued", -1);
        pf.minCompleted = num<std::int64_t>(f, "min_completed", -1);
        pf.missingRanks = ints(f, "missing_ranks");
        pf.stuckRanks = ints(f, "stuck_ranks");
        pf.noDumpRanks = ints(f, "no_dump_ranks");
        pf.hasHang = f.value("has_hang", false);
        pf.isFrontier = f.value("frontier", false);
        const json head = f.value("head", json::object());
        pf.headSeq = num<std::int64_t>(head, "seq", kNoSeq);
        pf.headOpType = q(head, "op");
        pf.headSizes = q(head, "sizes");
        pf.headDtypes = q(head, "dtypes");
        for (const json& c : arr(f, "collectives"))
            pf.collectives.push_back(collectiveFromJson(c));
        a->pgs.push_back(std::move(pf));
    }
    for (const json& jr : arr(ja, "ranks")) {
        RankFinding rf;
        rf.rank = num(jr, "rank", -1);
        rf.kind = enumOf(jr, "kind", parseRankKind, RankKind::Healthy);
        rf.hasDump = jr.value("has_dump", false);
        rf.pendingEntries = num(jr, "pending_entries", 0);
        rf.reason = q(jr, "reason");
        for (const json& p : arr(jr, "progress"))
            rf.progress.push_back({pgOf(p, "pg"), num(p, "local_pg_id", -1), num<std::int64_t>(p, "last_enqueued", -1),
                                   num<std::int64_t>(p, "last_started", -1), num<std::int64_t>(p, "last_completed", -1),
                                   num<std::int64_t>(p, "first_pending_seq", kNoSeq), num(p, "pending_entries", 0),
                                   p.value("has_status", false)});
        for (const json& h : arr(jr, "health"))
            rf.health.push_back({q(h, "component"), q(h, "status"), q(h, "output")});
        a->ranks.push_back(std::move(rf));
    }
    for (const json& s : arr(ja, "stragglers")) {
        Straggler st;
        st.rank = num(s, "rank", -1);
        st.pgIndex = pgOf(s, "pg");
        st.basis = enumOf(s, "basis", parseLatenessBasis, LatenessBasis::Enqueue);
        st.medianLateMs = num(s, "median_late_ms", 0.0);
        st.p90LateMs = num(s, "p90_late_ms", 0.0);
        st.collectives = num(s, "collectives", 0);
        a->lateness.stragglers.push_back(st);
    }
    for (const json& n : arr(ja, "notes"))
        if (n.is_string())
            a->notes << QString::fromStdString(n.get<std::string>());
    r.analysis = std::move(a);

    auto llm = j.find("llm");
    if (llm != j.end() && llm->is_object()) {
        ReportLlm l;
        l.model = q(*llm, "model");
        l.baseUrl = q(*llm, "base_url");
        l.answer = q(*llm, "answer");
        if (llm->contains("hanging_ranks") && (*llm)["hanging_ranks"].is_array())
            l.hangingRanks = ints(*llm, "hanging_ranks");
        l.agrees = llm->value("agrees", false);
        l.agreement = q(*llm, "agreement");
        l.error = q(*llm, "error");
        r.llm = std::move(l);
    }
    res.report = std::move(r);
    return res;
}

ReportReadResult readReportFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {std::nullopt, QStringLiteral("%1: %2").arg(path, f.errorString())};
    const QByteArray bytes = f.readAll();
    json j = json::parse(bytes.constBegin(), bytes.constEnd(), nullptr, false);
    if (j.is_discarded())
        return {std::nullopt, QStringLiteral("%1: not valid JSON").arg(path)};
    ReportReadResult r = reportFromJson(j);
    if (!r.error.isEmpty())
        r.error = path + QStringLiteral(": ") + r.error;
    return r;
}

QString writeReportFile(const Report& report, const QString& path)
{
    const std::string text = reportJsonText(report) + "\n";
    if (path == QLatin1String("-")) {
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fflush(stdout);
        return {};
    }
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return QStringLiteral("%1: %2").arg(path, f.errorString());
    f.write(text.data(), static_cast<qint64>(text.size()));
    if (!f.commit())
        return QStringLiteral("%1: %2").arg(path, f.errorString());
    return {};
}

} // namespace fd
