#include "ScenarioBuilder.h"

#include "DumpPieces.h"

#include <algorithm>
#include <stdexcept>

namespace fd::scenario {

namespace {

constexpr std::int64_t kT0Ns =
    1'700'000'000'000'000'000; // fixed wall clock: the same job gives the same bytes

const char* stateName(State s)
{
    switch (s) {
    case State::Scheduled:
        return "scheduled";
    case State::Started:
        return "started";
    case State::Completed:
        return "completed";
    }
    return "scheduled";
}

bool endsWith(const std::string& s, const std::string& suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

void writeSizes(PickleWriter& w, const Sizes& sizes)
{
    w.beginList();
    for (const auto& shape : sizes) {
        w.beginList();
        for (std::int64_t d : shape)
            w.integer(d);
        w.endList();
    }
    w.endList();
}

} // namespace

std::optional<State> States::of(int rank) const
{
    const auto it = ranks.find(rank);
    return it == ranks.end() ? std::optional<State>(all) : it->second;
}

ScenarioBuilder::ScenarioBuilder(int world, bool timing)
    : m_world(world), m_timing(timing), m_entries(static_cast<std::size_t>(world))
{
}

void ScenarioBuilder::group(const std::string& name, const std::string& desc, std::vector<int> ranks)
{
    std::sort(ranks.begin(), ranks.end());
    m_groups.push_back({name, desc, std::move(ranks), static_cast<int>(m_groups.size())});
}

const ScenarioBuilder::Group& ScenarioBuilder::groupNamed(const std::string& name) const
{
    for (const Group& g : m_groups)
        if (g.name == name)
            return g;
    throw std::invalid_argument("no group " + name);
}

void ScenarioBuilder::entry(int rank, const std::string& pg, const std::string& op, State state,
                            const Sizes& in, const std::string& dtype, const std::optional<Sizes>& out,
                            bool p2p)
{
    Seqs& seqs = m_seqs[{rank, pg}];
    if (p2p) {
        ++seqs.p2p;
        seqs.lastWasP2p = true;
    }
    m_entries[static_cast<std::size_t>(rank)].push_back(
        {pg, op, state, in, out.value_or(in), dtype, p2p, seqs.coll, seqs.p2p});
}

void ScenarioBuilder::collective(const std::string& pg, const Op& op, const States& states,
                                 const std::map<int, Op>& perRank)
{
    for (int r : groupNamed(pg).ranks) {
        const std::optional<State> state = states.of(r);
        if (!state)
            continue;
        Seqs& seqs = m_seqs[{r, pg}];
        ++seqs.coll;
        seqs.lastWasP2p = false;
        const auto own = perRank.find(r);
        const Op& o = own == perRank.end() ? op : own->second;
        entry(r, pg, o.name, *state, o.sizes, o.dtype, o.out, false);
    }
}

void ScenarioBuilder::coalesced(const std::string& pg, const std::string& innerOp, int inner, State state,
                                const std::string& terminator, const std::map<int, int>& partial)
{
    const Group& g = groupNamed(pg);
    const auto groupSize = static_cast<std::int64_t>(g.ranks.size());
    for (int r : g.ranks) {
        const auto it = partial.find(r);
        const int recorded = it == partial.end() ? inner : it->second;
        if (recorded == 0)
            continue;
        Seqs& seqs = m_seqs[{r, pg}];
        ++seqs.coll;
        seqs.lastWasP2p = false;
        for (int i = 0; i < recorded; ++i)
            entry(r, pg, innerOp, State::Scheduled, {{64}}, "BFloat16", Sizes{{64 * groupSize}}, false);
        if (recorded < inner) {
            seqs.openGroup = seqs.coll;
            continue;
        }
        entry(r, pg, terminator, state, {}, "BFloat16", Sizes{}, false);
    }
}

void ScenarioBuilder::sendRecv(const std::string& pg, int src, int dst, std::optional<State> send,
                               std::optional<State> recv)
{
    const std::vector<int>& ranks = groupNamed(pg).ranks;
    const auto local = [&ranks](int r) {
        return std::to_string(std::find(ranks.begin(), ranks.end(), r) - ranks.begin());
    };
    const std::string ls = local(src), ld = local(dst);
    if (send)
        entry(src, pg, "nccl:send " + ls + "->" + ld, *send, {{512}}, "BFloat16", std::nullopt, true);
    if (recv)
        entry(dst, pg, "nccl:recv " + ld + "<-" + ls, *recv, {{512}}, "BFloat16", std::nullopt, true);
}

void ScenarioBuilder::p2pBatch(const std::string& pg, const std::vector<std::pair<int, int>>& pairs,
                               State state)
{
    std::vector<int> touched;
    for (const auto& [src, dst] : pairs) {
        sendRecv(pg, src, dst, State::Scheduled, State::Scheduled);
        touched.push_back(src);
        touched.push_back(dst);
    }
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    for (int r : touched)
        entry(r, pg, "nccl:coalesced", state, {}, "BFloat16", Sizes{}, true);
}

// An entry recorded inside a coalesced group that was later closed: it stays `scheduled` whatever happens to
// the group, so it is not pending work of its own.
bool ScenarioBuilder::isInner(int rank, std::size_t index) const
{
    const std::vector<Entry>& entries = m_entries[static_cast<std::size_t>(rank)];
    const Entry& e = entries[index];
    for (std::size_t i = index + 1; i < entries.size(); ++i) {
        const Entry& x = entries[i];
        if (x.pg != e.pg)
            continue;
        if (endsWith(x.op, "coalesced"))
            return true;
        if (x.p2p != e.p2p || x.state != State::Scheduled)
            return false;
    }
    return false;
}

std::map<int, std::string> ScenarioBuilder::dumps(const WriteOptions& options) const
{
    std::map<int, std::string> out;
    for (int r = 0; r < m_world; ++r) {
        if (std::find(options.missing.begin(), options.missing.end(), r) != options.missing.end())
            continue;
        const std::vector<Entry>& entries = m_entries[static_cast<std::size_t>(r)];
        std::vector<std::size_t> kept;
        for (std::size_t i = 0; i < entries.size(); ++i)
            if (!options.onlyActive || entries[i].state != State::Completed)
                kept.push_back(i);
        if (const auto roll = options.rolledOut.find(r); roll != options.rolledOut.end())
            kept.erase(kept.begin(),
                       kept.begin() + std::min<std::ptrdiff_t>(roll->second, std::ptrdiff_t(kept.size())));
        out.emplace(r, dumpOf(r, kept, options.noMembers));
    }
    return out;
}

std::string ScenarioBuilder::dumpOf(int rank, const std::vector<std::size_t>& kept, bool noMembers) const
{
    const std::vector<Entry>& entries = m_entries[static_cast<std::size_t>(rank)];
    const auto member = [rank](const Group& g) {
        return std::binary_search(g.ranks.begin(), g.ranks.end(), rank);
    };
    PickleWriter w;
    w.beginDict();
    w.string("version");
    w.string("2.10");
    w.string("pg_config");
    w.beginDict();
    for (const Group& g : m_groups)
        if (member(g) && !noMembers)
            writePgConfigItem(w, g.name, g.desc, ranksText(g.ranks));
    w.endDict();
    w.string("comm_lib_version");
    w.string("2.21.5");

    // pg_status covers every entry the rank recorded, also those an only-active dump or its ring buffer
    // drops.
    w.string("pg_status");
    w.beginDict();
    const auto dropped = m_dropStatus.find(rank);
    for (const Group& g : m_groups) {
        if (!member(g))
            continue;
        if (dropped != m_dropStatus.end() &&
            std::find(dropped->second.begin(), dropped->second.end(), g.name) != dropped->second.end())
            continue;
        const auto seqsIt = m_seqs.find({rank, g.name});
        const Seqs seqs = seqsIt == m_seqs.end() ? Seqs{} : seqsIt->second;
        const bool p2p = seqs.lastWasP2p;
        // PyTorch moves last_enqueued when a group's terminator is enqueued, not for its inner ops.
        const bool skipOpen = seqs.openGroup && std::find(m_countsInner.begin(), m_countsInner.end(), rank) ==
                                                    m_countsInner.end();
        std::int64_t enqueued = 0, started = -1;
        std::optional<std::int64_t> firstPending;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            const Entry& e = entries[i];
            if (e.pg != g.name || e.p2p != p2p || (skipOpen && e.collSeq == *seqs.openGroup))
                continue;
            const std::int64_t seq = p2p ? e.p2pSeq : e.collSeq;
            enqueued = std::max(enqueued, seq);
            if (m_timing && e.state != State::Scheduled)
                started = std::max(started, seq);
            if (e.state != State::Completed && !isInner(rank, i))
                firstPending = std::min(firstPending.value_or(seq), seq);
        }
        writePgStatusItem(w, g.local, enqueued, started, firstPending ? *firstPending - 1 : enqueued);
    }
    w.endDict();

    w.string("entries");
    w.beginList();
    for (std::size_t i : kept) {
        const Entry& e = entries[i];
        const auto recordId = static_cast<std::int64_t>(i);
        const std::int64_t created = kT0Ns + recordId * 1'000'000 + rank;
        const bool completed = e.state == State::Completed;
        const bool started = m_timing && e.state != State::Scheduled;
        w.beginDict();
        w.string("record_id");
        w.integer(recordId);
        w.string("pg_id");
        w.integer(groupNamed(e.pg).local);
        w.string("process_group");
        w.beginTuple(2);
        w.string(e.pg);
        w.string(groupNamed(e.pg).desc);
        w.endTuple(2);
        w.string("thread_name");
        w.string("pt_nccl_watchdg");
        w.string("thread_id");
        w.string("140000000000");
        w.string("collective_seq_id");
        w.integer(e.collSeq);
        w.string("p2p_seq_id");
        w.integer(e.p2pSeq);
        w.string("op_id");
        w.integer(recordId + 1);
        w.string("profiling_name");
        w.string(e.op);
        w.string("time_created_ns");
        w.integer(created);
        if (m_timing && completed) {
            w.string("duration_ms");
            w.floating(1.5);
        }
        const bool hasTensors = !e.in.empty();
        w.string("input_sizes");
        writeSizes(w, e.in);
        w.string("input_dtypes");
        w.beginList();
        if (hasTensors)
            w.string(e.dtype);
        w.endList();
        w.string("output_sizes");
        writeSizes(w, e.out);
        w.string("output_dtypes");
        w.beginList();
        if (hasTensors)
            w.string(e.dtype);
        w.endList();
        w.string("state");
        w.string(stateName(e.state));
        w.string("time_discovered_started_ns");
        if (started)
            w.integer(created + 10);
        else
            w.none();
        w.string("time_discovered_completed_ns");
        if (completed)
            w.integer(created + 20);
        else
            w.none();
        w.string("retired");
        w.boolean(completed);
        w.string("timeout_ms");
        w.integer(600000);
        w.string("is_p2p");
        w.boolean(e.p2p);
        w.endDict();
    }
    w.endList();
    w.endDict();
    return w.finish();
}

} // namespace fd::scenario
