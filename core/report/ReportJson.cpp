#include "ReportJson.h"

#include <QFile>
#include <QSaveFile>

#include <cstdio>

using nlohmann::json;

namespace fd {

namespace {

std::string s(const QString& q) { return q.toStdString(); }
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
json pgRef(std::uint32_t pg) { return pg == kNoPg ? json(nullptr) : json(pg); }
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

// A frontier item is a CollectiveSummary; a PG's CollectiveFinding adds its members.
json collectiveFieldsToJson(const CollectiveSummary& c)
{
    return {{"pg", pgRef(c.pgIndex)}, {"seq", c.seqId}, {"p2p", c.isP2p}, {"status", collectiveStatusName(c.status)},
            {"op", s(c.opType)}, {"sizes", s(c.sizes)}, {"dtypes", s(c.dtypes)}, {"missing_ranks", c.missingRanks},
            {"stuck_ranks", c.stuckRanks}, {"mismatched_ranks", c.mismatchedRanks}, {"detail", s(c.detail)}};
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

json collectiveToJson(const CollectiveFinding& c)
{
    json members = json::array();
    for (const MemberStatus& m : c.members) {
        json jm = {{"rank", m.rank}, {"state", memberStateName(m.state)}};
        if (m.oddOneOut)
            jm.update({{"odd_one_out", true}, {"op", s(m.opType)}, {"sizes", s(m.sizes)}, {"dtypes", s(m.dtypes)}});
        members.push_back(std::move(jm));
    }
    json out = collectiveFieldsToJson(c);
    out["coalesced"] = c.coalesced;
    out["members"] = std::move(members);
    return out;
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

json analysisToJson(const Analysis& a)
{
    json frontier = json::array(), culprits = json::array(), victims = json::array(), cycles = json::array();
    for (const FrontierItem& f : a.frontier) {
        json jf = collectiveFieldsToJson(f);
        jf["pg_name"] = f.pgIndex < a.processGroups.size() ? s(a.processGroups[f.pgIndex].name) : "";
        jf["pg_desc"] = f.pgIndex < a.processGroups.size() ? s(a.processGroups[f.pgIndex].desc) : "";
        frontier.push_back(std::move(jf));
    }
    for (const Culprit& c : a.culprits)
        culprits.push_back({{"rank", c.rank}, {"kind", rankKindName(c.kind)}, {"pg", pgRef(c.pgIndex)},
                            {"seq", c.seqId}, {"reason", s(c.reason)}});
    for (const Victim& v : a.victims)
        victims.push_back({{"rank", v.rank}, {"pg", pgRef(v.pgIndex)}, {"seq", v.seqId},
                           {"waits_on", v.waitsOn}, {"root_causes", v.rootCauses}});
    for (const DeadlockCycle& d : a.cycles)
        cycles.push_back({{"ranks", d.ranks}, {"pgs", d.pgIndices}, {"description", s(d.description)}});

    json pgs = json::array();
    for (std::uint32_t i = 0; i < a.processGroups.size(); ++i) {
        const ProcessGroup& pg = a.processGroups[i];
        // Only pg_config's members: a report read back treats a PG with ranks as listed.
        json jp = {{"index", i}, {"name", s(pg.name)}, {"desc", s(pg.desc)},
                   {"ranks", pg.ranksKnown ? pg.ranks : std::vector<int>{}}};
        if (const PgFinding* f = a.pgFinding(i)) {
            json cols = json::array();
            for (const CollectiveFinding& c : f->collectives)
                cols.push_back(collectiveToJson(c));
            jp["finding"] = {{"collectives_seen", f->collectivesSeen}, {"collectives_completed", f->collectivesCompleted},
                             {"max_enqueued", f->maxEnqueued}, {"min_completed", f->minCompleted},
                             {"missing_ranks", f->missingRanks}, {"stuck_ranks", f->stuckRanks},
                             {"no_dump_ranks", f->noDumpRanks}, {"has_hang", f->hasHang}, {"frontier", f->isFrontier},
                             {"head", {{"seq", f->headSeq}, {"op", s(f->headOpType)}, {"sizes", s(f->headSizes)}, {"dtypes", s(f->headDtypes)}}},
                             {"collectives", cols}};
        }
        pgs.push_back(std::move(jp));
    }

    json ranks = json::array();
    for (const RankFinding& r : a.ranks) {
        json progress = json::array(), health = json::array();
        for (const RankPgProgress& p : r.progress)
            progress.push_back({{"pg", pgRef(p.pgIndex)}, {"local_pg_id", p.localPgId}, {"last_enqueued", p.lastEnqueued},
                                {"last_started", p.lastStarted}, {"last_completed", p.lastCompleted},
                                {"first_pending_seq", p.firstPendingSeq}, {"pending_entries", p.pendingEntries},
                                {"has_status", p.hasStatus}});
        for (const HealthCheck& h : r.health)
            health.push_back({{"component", s(h.component)}, {"status", s(h.status)}, {"output", s(h.output)}});
        ranks.push_back({{"rank", r.rank}, {"kind", rankKindName(r.kind)}, {"has_dump", r.hasDump},
                         {"pending_entries", r.pendingEntries}, {"reason", s(r.reason)}, {"progress", progress},
                         {"health", health}});
    }
    json notes = json::array();
    for (const QString& n : a.notes)
        notes.push_back(s(n));
    return {{"verdict", verdictName(a.verdict)}, {"reason", s(a.reason)}, {"hanging_ranks", a.hangingRanks()},
            {"world_size", a.worldSize}, {"dump_count", a.dumpCount}, {"missing_ranks", a.missingRanks},
            {"unreadable_ranks", a.unreadableRanks}, {"frontier", frontier}, {"culprits", culprits},
            {"victims", victims}, {"deadlocks", cycles}, {"process_groups", pgs}, {"ranks", ranks}, {"notes", notes}};
}

json reportToJson(const Report& r)
{
    json errors = json::array(), warnings = json::array();
    for (const LoadError& e : r.loadErrors)
        errors.push_back({{"file", s(e.filePath)}, {"rank", e.rank}, {"offset", e.hasOffset ? json(e.offset) : json(nullptr)},
                          {"message", s(e.message)}});
    for (const QString& w : r.warnings)
        warnings.push_back(s(w));
    json j = {{"schema", "flightdeck-report"}, {"schema_version", r.schemaVersion}, {"generator", s(r.generator)},
              {"created_at", s(r.createdAt)}, {"attribution_state", r.attributionState()}};
    j["job"] = {{"source", s(r.source)}, {"pattern", s(r.pattern)}, {"prefix", s(r.prefix)},
                {"world_size", r.analysis ? r.analysis->worldSize : 0}, {"dump_count", r.analysis ? r.analysis->dumpCount : 0},
                {"missing_ranks", r.analysis ? r.analysis->missingRanks : std::vector<int>{}},
                {"unreadable_ranks", r.analysis ? r.analysis->unreadableRanks : std::vector<int>{}},
                {"load_errors", errors}, {"warnings", warnings}};
    j["analysis"] = r.analysis ? analysisToJson(*r.analysis) : json(nullptr);
    j["health_check"] = r.healthCheck;
    if (r.llm) {
        const ReportLlm& l = *r.llm;
        j["llm"] = {{"model", s(l.model)}, {"base_url", s(l.baseUrl)}, {"answer", s(l.answer)},
                    {"hanging_ranks", l.hangingRanks ? json(*l.hangingRanks) : json(nullptr)},
                    {"agrees", l.agrees}, {"agreement", s(l.agreement)}, {"error", s(l.error)}};
    } else {
        j["llm"] = nullptr;
    }
    return j;
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
    const std::string text = reportToJson(report).dump(2) + "\n";
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
