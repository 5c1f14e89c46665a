#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fd::scenario {

// A small job written by hand, op by op, for the hang-attribution scenarios (Scenarios.h): each rank's Flight
// Recorder entries in the 2.10 schema, with pg_status derived from them the way PyTorch keeps it, written as
// C++-pickler-exact dumps (PickleWriter). Deterministic: fixed timestamps, no clock, no randomness.

enum class State : std::uint8_t
{
    Scheduled,
    Started,
    Completed
};

using Sizes = std::vector<std::vector<std::int64_t>>;

// What each member does with one op: `all` unless `ranks` says otherwise; nullopt there means "not issued".
struct States
{
    State all = State::Completed;
    std::map<int, std::optional<State>> ranks;

    States(State s) : all(s) {} // NOLINT(google-explicit-constructor): `State::Scheduled` reads as "everyone"
    States(std::initializer_list<std::pair<const int, std::optional<State>>> perRank) : ranks(perRank) {}
    std::optional<State> of(int rank) const;
};

// One collective as a member issues it.
struct Op
{
    Op(std::string name, Sizes sizes = {{1024}}, std::string dtype = "BFloat16",
       std::optional<Sizes> out = {})
        : name(std::move(name)), sizes(std::move(sizes)), dtype(std::move(dtype)), out(std::move(out))
    {
    }
    std::string name; // profiling name, e.g. "nccl:all_reduce"
    Sizes sizes;      // input sizes
    std::string dtype;
    std::optional<Sizes> out; // output sizes; the input sizes when unset
};

class ScenarioBuilder
{
public:
    explicit ScenarioBuilder(int world, bool timing = false);

    // Groups are created in the same order on every rank, so a group's local id is its creation index.
    void group(const std::string& name, const std::string& desc, std::vector<int> ranks);

    // One collective on every member of `pg`; `perRank` gives a member its own op (a mismatch).
    void collective(const std::string& pg, const Op& op, const States& states,
                    const std::map<int, Op>& perRank = {});
    // A non-p2p coalesced group: `inner` entries that stay scheduled, then the terminator in `state`.
    // `partial`: rank -> k, a rank that stopped after recording k inner entries and before the terminator
    // (k = 0: before the group, so before startCoalescing bumped the seq).
    void coalesced(const std::string& pg, const std::string& innerOp, int inner,
                   State state = State::Completed, const std::string& terminator = "nccl:ALLGATHER_coalesced",
                   const std::map<int, int>& partial = {});
    // A send from `src` and the matching recv on `dst` (global ranks); nullopt: that side is not issued.
    void sendRecv(const std::string& pg, int src, int dst, std::optional<State> send = State::Completed,
                  std::optional<State> recv = State::Completed);
    // batch_isend_irecv: inner send/recv entries stay scheduled; one nccl:coalesced terminator per rank.
    void p2pBatch(const std::string& pg, const std::vector<std::pair<int, int>>& pairs,
                  State state = State::Completed);

    // Leaves `pg` out of `rank`'s pg_status.
    void dropStatus(int rank, const std::string& pg) { m_dropStatus[rank].push_back(pg); }
    // `rank`'s writer counts an open coalesced group's inner ops in last_enqueued_collective (PyTorch does
    // not).
    void countInnerOps(int rank) { m_countsInner.push_back(rank); }

    struct WriteOptions
    {
        std::vector<int> missing;     // ranks that write no dump
        bool onlyActive = false;      // dumps hold only the entries that are not completed
        std::map<int, int> rolledOut; // rank -> how many of its oldest entries its ring buffer dropped
        bool noMembers = false; // pg_config left empty: no dump lists a PG's members (entries still name PGs)
    };
    // The pickle of every rank's dump, by rank; a missing rank has none.
    std::map<int, std::string> dumps(const WriteOptions& options) const;

private:
    struct Group
    {
        std::string name, desc;
        std::vector<int> ranks;
        int local = 0;
    };
    struct Entry
    {
        std::string pg;
        std::string op;
        State state = State::Completed;
        Sizes in, out;
        std::string dtype;
        bool p2p = false;
        std::int64_t collSeq = 0, p2pSeq = 0;
    };
    struct Seqs
    {
        std::int64_t coll = 0, p2p = 0;
        bool lastWasP2p = false;               // which counter pg_status reports
        std::optional<std::int64_t> openGroup; // seq of a coalesced group opened but not closed
    };

    const Group& groupNamed(const std::string& name) const;
    void entry(int rank, const std::string& pg, const std::string& op, State state, const Sizes& in,
               const std::string& dtype, const std::optional<Sizes>& out, bool p2p);
    bool isInner(int rank, std::size_t index) const;
    std::string dumpOf(int rank, const std::vector<std::size_t>& kept, bool noMembers) const;

    int m_world = 0;
    bool m_timing = false;
    std::vector<Group> m_groups;
    std::vector<std::vector<Entry>> m_entries;          // by rank
    std::map<std::pair<int, std::string>, Seqs> m_seqs; // (rank, pg)
    std::map<int, std::vector<std::string>> m_dropStatus;
    std::vector<int> m_countsInner;
};

} // namespace fd::scenario
