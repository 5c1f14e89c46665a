// The dump one rank of a random job writes (RandomJob.h), as PyTorch writes it: pickle from the C++ pickler,
// or JSON as nlohmann::json::dump() gives it (compact, keys sorted, pg_status values as strings, no frames,
// unknown discovered times 0, `entries` left out when empty). Entry keys and states follow schema 2.10.
#include "PickleWriter.h"
#include "RandomJobModel.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <variant>

namespace fd::randomjob {

namespace {

// Just enough of a dynamic value to write one dump in either format. Dict keys keep insertion order (the
// pickle's order); the JSON writer sorts them.
struct Value
{
    using List = std::vector<Value>;
    using Dict = std::vector<std::pair<std::string, Value>>;
    std::variant<std::nullptr_t, bool, std::int64_t, double, std::string, List, Dict> v;
    bool tuple = false; // a pickle tuple; a JSON array

    Value() : v(nullptr) {}
    Value(bool b) : v(b) {}
    Value(int i) : v(std::int64_t(i)) {}
    Value(std::int64_t i) : v(i) {}
    Value(double d) : v(d) {}
    Value(const char* s) : v(std::string(s)) {}
    Value(std::string s) : v(std::move(s)) {}
    Value(List l) : v(std::move(l)) {}
    Value(Dict d) : v(std::move(d)) {}
};

void pickle(PickleWriter& w, const Value& value)
{
    std::visit(
        [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, std::nullptr_t>) {
                w.none();
            } else if constexpr (std::is_same_v<T, bool>) {
                w.boolean(x);
            } else if constexpr (std::is_same_v<T, std::int64_t>) {
                w.integer(x);
            } else if constexpr (std::is_same_v<T, double>) {
                w.floating(x);
            } else if constexpr (std::is_same_v<T, std::string>) {
                w.string(x);
            } else if constexpr (std::is_same_v<T, Value::List>) {
                if (value.tuple) {
                    w.beginTuple(x.size());
                    for (const Value& item : x)
                        pickle(w, item);
                    w.endTuple(x.size());
                } else {
                    w.beginList();
                    for (const Value& item : x)
                        pickle(w, item);
                    w.endList();
                }
            } else {
                w.beginDict();
                for (const auto& [k, item] : x) {
                    w.string(k);
                    pickle(w, item);
                }
                w.endDict();
            }
        },
        value.v);
}

void json(std::string& out, const Value& value)
{
    std::visit(
        [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, std::nullptr_t>) {
                out += "null";
            } else if constexpr (std::is_same_v<T, bool>) {
                out += x ? "true" : "false";
            } else if constexpr (std::is_same_v<T, std::int64_t>) {
                out += std::to_string(x);
            } else if constexpr (std::is_same_v<T, double>) {
                char buf[32];
                std::snprintf(buf, sizeof buf, "%.17g", x);
                out += buf;
            } else if constexpr (std::is_same_v<T, std::string>) {
                out += '"';
                for (char c :
                     x) { // names here are plain ASCII; quotes and backslashes are all that need escaping
                    if (c == '"' || c == '\\')
                        out += '\\';
                    out += c;
                }
                out += '"';
            } else if constexpr (std::is_same_v<T, Value::List>) {
                out += '[';
                for (std::size_t i = 0; i < x.size(); ++i) {
                    if (i)
                        out += ',';
                    json(out, x[i]);
                }
                out += ']';
            } else {
                std::vector<const std::pair<std::string, Value>*> sorted;
                for (const auto& item : x)
                    sorted.push_back(&item);
                std::sort(sorted.begin(), sorted.end(),
                          [](const auto* a, const auto* b) { return a->first < b->first; });
                out += '{';
                for (std::size_t i = 0; i < sorted.size(); ++i) {
                    if (i)
                        out += ',';
                    json(out, Value(sorted[i]->first));
                    out += ':';
                    json(out, sorted[i]->second);
                }
                out += '}';
            }
        },
        value.v);
}

const char* opName(OpKind k)
{
    switch (k) {
    case OpKind::AllGather:
        return "_all_gather_base";
    case OpKind::ReduceScatter:
        return "_reduce_scatter_base";
    case OpKind::AllReduce:
        return "all_reduce";
    case OpKind::AllToAll:
        return "all_to_all";
    case OpKind::Send:
        return "send";
    case OpKind::Recv:
        return "recv";
    }
    return "";
}

// Inner ops of a coalesced group are the plain ops; the terminator is named after the group's op type.
const char* terminatorName(OpKind k)
{
    switch (k) {
    case OpKind::AllGather:
        return "ALLGATHER_coalesced";
    case OpKind::ReduceScatter:
        return "REDUCE_SCATTER_coalesced";
    case OpKind::AllReduce:
        return "ALLREDUCE_coalesced";
    default:
        return "coalesced";
    }
}

enum class State : std::uint8_t
{
    Scheduled,
    Started,
    Completed
};

struct Record
{
    const ProgramOp* op = nullptr;
    int innerIndex = -1; // >= 0: inner op of a coalesced group; -1: the op itself or the group's terminator
    State state = State::Scheduled;
    std::int64_t created = 0;
};

Value shapes(std::int64_t numel, bool empty)
{
    Value::List out;
    if (!empty)
        out.push_back(Value::List{Value(numel)});
    return out;
}

Value dtypes(const char* dtype, bool empty)
{
    Value::List out;
    if (!empty)
        out.push_back(dtype);
    return out;
}

Value entryValue(const RandomJob::Model& m, int rank, int localPgId, const Record& rec, std::int64_t recordId)
{
    const ProgramOp& o = *rec.op;
    const Group& g = m.topo.groups[static_cast<std::size_t>(o.group)];
    const auto groupSize = static_cast<std::int64_t>(g.ranks.size());
    const bool terminator = o.inner > 0 && rec.innerIndex < 0;
    auto local = [&g](int r) {
        return static_cast<int>(std::lower_bound(g.ranks.begin(), g.ranks.end(), r) - g.ranks.begin());
    };
    std::string name = m.dump.gloo ? "gloo:" : "nccl:";
    if (terminator)
        name += terminatorName(o.kind);
    else if (o.kind == OpKind::Send)
        name += std::string(opName(o.kind)) + " " + std::to_string(local(rank)) + "->" +
                std::to_string(local(o.peer));
    else if (o.kind == OpKind::Recv)
        name += std::string(opName(o.kind)) + " " + std::to_string(local(rank)) + "<-" +
                std::to_string(local(o.peer));
    else
        name += opName(o.kind);
    std::int64_t numel = o.numel;
    if (rec.innerIndex >= 0 && rec.innerIndex == o.oddInner)
        numel += 64;
    std::int64_t in = numel, out = numel;
    if (o.kind == OpKind::AllGather)
        out = numel * groupSize;
    else if (o.kind == OpKind::ReduceScatter)
        in = numel * groupSize;
    const char* dtype = o.float32 ? "Float" : "BFloat16";

    Value::Dict e;
    if (m.dump.frames && !m.dump.json)
        e.emplace_back("frames",
                       Value::List{Value(Value::Dict{
                           {"name", "train_step"}, {"filename", "train.py"}, {"line", 100 + o.step}})});
    e.emplace_back("record_id", recordId);
    e.emplace_back("pg_id", localPgId);
    Value pg(Value::List{g.name, g.desc});
    pg.tuple = true;
    e.emplace_back("process_group", pg);
    e.emplace_back("thread_name", "pt_main_thread");
    e.emplace_back("thread_id", std::to_string(140000000000000LL + rank));
    e.emplace_back("collective_seq_id", o.collSeq);
    e.emplace_back("p2p_seq_id", o.p2pSeq);
    e.emplace_back("op_id", recordId);
    e.emplace_back("profiling_name", name);
    e.emplace_back("time_created_ns", rec.created);
    if (m.dump.timing && rec.state == State::Completed)
        e.emplace_back("duration_ms", 1.5);
    e.emplace_back("input_sizes", shapes(in, terminator));
    e.emplace_back("input_dtypes", dtypes(dtype, terminator));
    e.emplace_back("output_sizes", shapes(out, terminator));
    e.emplace_back("output_dtypes", dtypes(dtype, terminator));
    // gloo never moves the state: finished (and failed) work is only retired.
    e.emplace_back("state", m.dump.gloo                     ? "scheduled"
                            : rec.state == State::Completed ? "completed"
                            : rec.state == State::Started   ? "started"
                                                            : "scheduled");
    const Value unknown = m.dump.json ? Value(0) : Value();
    e.emplace_back("time_discovered_started_ns",
                   rec.state != State::Scheduled ? Value(rec.created + 1000) : unknown);
    e.emplace_back("time_discovered_completed_ns",
                   rec.state == State::Completed && !m.dump.gloo ? Value(rec.created + 2000) : unknown);
    e.emplace_back("retired", rec.state == State::Completed);
    e.emplace_back("timeout_ms", 600000);
    e.emplace_back("is_p2p", o.p2p());
    return e;
}

// Ops the rank's dump covers: everything it issued, less what a rank dumped early had not queued yet.
std::size_t issuedAtDump(const RandomJob::Model& m, int rank)
{
    std::size_t issued = m.outcome.issued[static_cast<std::size_t>(rank)];
    if (rank == m.dump.skewRank)
        issued -= static_cast<std::size_t>(m.dump.skewDrop); // dumped before it queued its last ops
    return issued;
}

State stateOf(const RandomJob::Model& m, int rank, std::size_t i)
{
    const std::size_t gpu = m.outcome.gpu[static_cast<std::size_t>(rank)];
    if (i < gpu)
        return State::Completed;
    // The op its GPU is in has started (its kernel waits for peers, or never finishes on a broken GPU).
    if (i == gpu && m.dump.timing)
        return State::Started;
    return State::Scheduled;
}

// What the rank recorded: every op it issued (a coalesced group's inner ops, then its terminator), and the
// inner ops a rank that stopped inside a group recorded before it stopped.
std::vector<Record> recordsOf(const RandomJob::Model& m, int rank)
{
    const auto& program = m.programs[static_cast<std::size_t>(rank)];
    const std::size_t issued = issuedAtDump(m, rank);
    std::vector<Record> records;
    const std::int64_t t0 = 1'733'000'000'000'000'000LL;
    for (std::size_t i = 0; i < issued; ++i) {
        const ProgramOp& o = program[i];
        const std::int64_t created = t0 + static_cast<std::int64_t>(i) * 1'000'000 + rank;
        for (int k = 0; k < o.inner; ++k)
            records.push_back({&o, k, State::Scheduled, created});
        records.push_back({&o, -1, stateOf(m, rank, i), created});
    }
    const bool stoppedInside =
        (m.fault.kind == FaultKind::StopsIssuing || m.fault.kind == FaultKind::ProcessGone) &&
        rank == m.fault.rank && m.fault.innerRecorded > 0;
    if (stoppedInside)
        for (int k = 0; k < m.fault.innerRecorded; ++k)
            records.push_back({&program[m.fault.op], k, State::Scheduled,
                               t0 + static_cast<std::int64_t>(m.fault.op) * 1'000'000 + rank});
    return records;
}

// The ring buffer keeps the newest entries; record ids count every entry ever recorded. Only-active dumps
// leave out what completed (inner ops never complete: no events, so they stay).
bool kept(const RandomJob::Model& m, const std::vector<Record>& records, std::size_t i)
{
    if (m.dump.ringBuffer > 0 && i + static_cast<std::size_t>(m.dump.ringBuffer) < records.size())
        return false;
    return !(m.dump.onlyActive && records[i].state == State::Completed);
}

} // namespace

bool dumpHolds(const RandomJob::Model& m, int rank, int group, std::int64_t collSeq, int innerIndex)
{
    if (m.fault.isDead(rank))
        return false;
    const std::vector<Record> records = recordsOf(m, rank);
    for (std::size_t i = 0; i < records.size(); ++i) {
        const ProgramOp& o = *records[i].op;
        if (!o.p2p() && o.group == group && o.collSeq == collSeq && records[i].innerIndex == innerIndex)
            return kept(m, records, i);
    }
    return false;
}

std::string dumpBytes(const RandomJob::Model& m, int rank)
{
    const auto& program = m.programs[static_cast<std::size_t>(rank)];
    const std::size_t issued = issuedAtDump(m, rank);
    const std::vector<Record> records = recordsOf(m, rank);

    // pg_status: the newest op of each kind the rank enqueued, started (timing only) and completed, per PG.
    // A coalesced group moves it with its terminator only.
    struct Status
    {
        std::int64_t enqueued = -1, started = -1, completed = -1;
    };
    std::map<int, Status> status;
    std::vector<int> mine;
    for (std::size_t g = 0; g < m.topo.groups.size(); ++g)
        if (std::binary_search(m.topo.groups[g].ranks.begin(), m.topo.groups[g].ranks.end(), rank))
            mine.push_back(static_cast<int>(g));
    // Local PG ids count the PGs this process is part of, in creation order.
    std::map<int, int> localId;
    for (int g : mine)
        localId.emplace(g, static_cast<int>(localId.size()));
    for (std::size_t i = 0; i < issued; ++i) {
        const ProgramOp& o = program[i];
        const std::int64_t seq = o.p2p() ? o.p2pSeq : o.collSeq;
        Status& s = status[o.group];
        s.enqueued = seq;
        const State st = stateOf(m, rank, i);
        if (m.dump.timing && st != State::Scheduled)
            s.started = seq;
        if (st == State::Completed)
            s.completed = seq;
    }

    Value::List entries;
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (!kept(m, records, i))
            continue;
        entries.push_back(
            entryValue(m, rank, localId[records[i].op->group], records[i], static_cast<std::int64_t>(i)));
    }

    Value::Dict config, pgStatus;
    if (m.dump.gloo) // what torch 2.13 writes for gloo: one empty item (docs/torch-jobs.md)
        config.emplace_back("", Value::Dict{{"name", ""}, {"desc", ""}, {"ranks", "[]"}});
    for (int g : mine) {
        const Group& group = m.topo.groups[static_cast<std::size_t>(g)];
        if (!m.dump.gloo)
            config.emplace_back(
                group.name,
                Value::Dict{{"name", group.name}, {"desc", group.desc}, {"ranks", group.ranksText}});
        const Status& s = status[g];
        auto num = [&m](std::int64_t v) { return m.dump.json ? Value(std::to_string(v)) : Value(v); };
        pgStatus.emplace_back(std::to_string(localId[g]),
                              Value::Dict{{"last_enqueued_collective", num(s.enqueued)},
                                          {"last_started_collective", num(s.started)},
                                          {"last_completed_collective", num(s.completed)}});
    }
    Value::Dict top;
    top.emplace_back("version", "2.10");
    top.emplace_back("pg_config", std::move(config));
    top.emplace_back("comm_lib_version", m.dump.gloo ? "" : "2.21.5");
    top.emplace_back("pg_status", std::move(pgStatus));
    if (!m.dump.json || !entries.empty())
        top.emplace_back("entries", std::move(entries));
    if (m.dump.json) {
        std::string out;
        json(out, Value(std::move(top)));
        return out;
    }
    PickleWriter w;
    pickle(w, Value(std::move(top)));
    return w.finish();
}

} // namespace fd::randomjob
