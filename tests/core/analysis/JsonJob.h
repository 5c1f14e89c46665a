#pragma once

// Small hand-written jobs for analysis tests: each rank's dump as PyTorch's JSON dump would hold it (schema
// 2.10: pg_config, pg_status, entries), loaded through the real decoder and job assembler in memory. A test
// states the situation (who issued what, in which state) and its expectation; pg_status follows from the
// entries unless a test sets it (a rank whose entries rolled out, or an only-active dump).
#include "core/model/Job.h"
#include "tools/attribution-eval/AttributionEval.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace fd::test {

struct Op
{
    std::string pg;       // the group's name
    std::int64_t seq = 0; // collective_seq_id (p2p: p2p_seq_id)
    std::string name;     // without "nccl:", e.g. "all_reduce", "send 0->1", "ALLGATHER_coalesced"
    std::string state = "scheduled";
    std::string in = "[[4, 4]]";  // input_sizes, as JSON
    std::string out = "[[4, 4]]"; // output_sizes
    std::string inDtype = "Float";
    std::string outDtype = "Float"; // "" writes an empty list (a gather's non-root ranks)
    bool p2p = false;
    bool rawName = false; // `name` already carries its backend prefix ("gloo:all_reduce")
};

class JsonJob
{
public:
    void group(const std::string& name, const std::string& desc, std::vector<int> ranks)
    {
        m_groups.push_back({name, desc, std::move(ranks)});
    }
    void op(int rank, Op o) { m_ops[rank].push_back(std::move(o)); }
    void op(std::initializer_list<int> ranks, const Op& o)
    {
        for (int r : ranks)
            op(r, o);
    }
    // pg_status of one rank in one group, when it must differ from what its entries say (`started`: timing
    // on).
    void status(int rank, const std::string& pg, std::int64_t enqueued, std::int64_t completed,
                std::int64_t started = -1)
    {
        m_status[{rank, pg}] = {enqueued, completed, started};
    }
    // The rank's ring buffer rolled over: its oldest entry held is this record_id, not 0.
    void firstRecord(int rank, int record) { m_firstRecord[rank] = record; }
    void noDump(int rank) { m_noDump.insert(rank); }
    void garbage(int rank, std::string bytes) { m_garbage[rank] = std::move(bytes); }

    std::shared_ptr<const Job> load() const
    {
        std::set<int> world;
        for (const Group& g : m_groups)
            world.insert(g.ranks.begin(), g.ranks.end());
        std::vector<DumpInMemory> files;
        for (int r : world) {
            if (m_noDump.count(r))
                continue;
            const auto bad = m_garbage.find(r);
            files.push_back(
                {r, "_dump_" + std::to_string(r) + ".json", bad != m_garbage.end() ? bad->second : dump(r)});
        }
        return loadJobFromMemory(files);
    }

private:
    struct Group
    {
        std::string name, desc;
        std::vector<int> ranks;
    };

    static std::string q(const std::string& s) { return '"' + s + '"'; }

    std::string dump(int rank) const
    {
        std::string config, status, entries;
        int local = 0;
        std::map<std::string, int> localId;
        for (const Group& g : m_groups) {
            if (std::find(g.ranks.begin(), g.ranks.end(), rank) == g.ranks.end())
                continue;
            localId[g.name] = local;
            std::string ranks;
            for (int r : g.ranks)
                ranks += (ranks.empty() ? "" : ", ") + std::to_string(r);
            config += (config.empty() ? "" : ",") + q(g.name) + ":{\"desc\":" + q(g.desc) +
                      ",\"name\":" + q(g.name) + ",\"ranks\":\"[" + ranks + "]\"}";
            std::int64_t enq = -1, comp = -1, started = -1;
            const auto ops = m_ops.find(rank);
            if (ops != m_ops.end())
                for (const Op& o : ops->second)
                    if (o.pg == g.name) {
                        enq = std::max(enq, o.seq);
                        if (o.state == "completed")
                            comp = std::max(comp, o.seq);
                    }
            if (const auto s = m_status.find({rank, g.name}); s != m_status.end())
                std::tie(enq, comp, started) = s->second;
            status += (status.empty() ? "" : ",") + q(std::to_string(local)) +
                      ":{\"last_completed_collective\":" + q(std::to_string(comp)) +
                      ",\"last_enqueued_collective\":" + q(std::to_string(enq)) +
                      ",\"last_started_collective\":" + q(std::to_string(started)) + "}";
            ++local;
        }
        const auto ops = m_ops.find(rank);
        const auto first = m_firstRecord.find(rank);
        int record = first != m_firstRecord.end() ? first->second : 0;
        if (ops != m_ops.end())
            for (const Op& o : ops->second) {
                const std::string desc = std::find_if(m_groups.begin(), m_groups.end(), [&](const Group& g) {
                                             return g.name == o.pg;
                                         })->desc;
                auto dtypes = [](const std::string& d) {
                    return d.empty() ? std::string("[]") : "[" + q(d) + "]";
                };
                entries +=
                    std::string(entries.empty() ? "" : ",") +
                    "{\"collective_seq_id\":" + std::to_string(o.p2p ? 0 : o.seq) +
                    ",\"input_dtypes\":" + dtypes(o.inDtype) + ",\"input_sizes\":" + o.in +
                    ",\"is_p2p\":" + (o.p2p ? "true" : "false") + ",\"op_id\":" + std::to_string(record) +
                    ",\"output_dtypes\":" + dtypes(o.outDtype) + ",\"output_sizes\":" + o.out +
                    ",\"p2p_seq_id\":" + std::to_string(o.p2p ? o.seq : 0) +
                    ",\"pg_id\":" + std::to_string(localId.at(o.pg)) + ",\"process_group\":[" + q(o.pg) +
                    "," + q(desc) + "],\"profiling_name\":" + q(o.rawName ? o.name : "nccl:" + o.name) +
                    ",\"record_id\":" + std::to_string(record) +
                    ",\"retired\":false,\"state\":" + q(o.state) +
                    ",\"time_created_ns\":" + std::to_string(1000 + record) +
                    ",\"time_discovered_completed_ns\":0,\"time_discovered_started_ns\":0,\"timeout_ms\":"
                    "600000}";
                ++record;
            }
        return "{\"comm_lib_version\":\"2.21.5\"" +
               (entries.empty() ? std::string() : ",\"entries\":[" + entries + "]") + ",\"pg_config\":{" +
               config + "},\"pg_status\":{" + status + "},\"version\":\"2.10\"}";
    }

    std::vector<Group> m_groups;
    std::map<int, std::vector<Op>> m_ops;
    std::map<std::pair<int, std::string>, std::tuple<std::int64_t, std::int64_t, std::int64_t>> m_status;
    std::map<int, int> m_firstRecord;
    std::set<int> m_noDump;
    std::map<int, std::string> m_garbage;
};

} // namespace fd::test
