#pragma once

// Internals of RandomJob (RandomJob.h), shared by RandomJob*.cpp: the job's topology and programs, the
// fault, the dump options, and what the simulation made of it.

#include "RandomJob.h"
#include "SplitMix64.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace fd::randomjob {

using Rng = fd::synth::SplitMix64;

struct Group
{
    std::string name; // creation index, as torch names groups by default
    std::string desc;
    std::vector<int> ranks; // sorted global ranks
    std::string ranksText;  // "[0, 1, 2]"
};

enum class OpKind : std::uint8_t
{
    AllGather,
    ReduceScatter,
    AllReduce,
    AllToAll,
    Send,
    Recv
};

// One op of one rank's program: a collective, a coalesced group (inner > 0) or one p2p op.
struct ProgramOp
{
    int group = 0;
    OpKind kind = OpKind::AllReduce;
    int inner = 0;          // > 0: a coalesced group of `inner` ops of `kind`, closed by a terminator entry
    int peer = -1;          // p2p: the peer's global rank
    std::int64_t numel = 0; // the per-rank tensor: all_gather's input, reduce_scatter's output, else both
    bool float32 = false;   // dtype Float instead of BFloat16
    int oddInner = -1;      // a coalesced group whose inner op oddInner has other sizes (a fault)
    int step = 0;
    std::int64_t collSeq = 0, p2pSeq = 0; // as PyTorch numbers them on this rank
    bool p2p() const { return kind == OpKind::Send || kind == OpKind::Recv; }
    bool sameAs(const ProgramOp& o) const
    {
        return group == o.group && kind == o.kind && inner == o.inner && numel == o.numel &&
               float32 == o.float32 && oddInner == o.oddInner;
    }
};

struct Topology
{
    int world = 0, tp = 1, cp = 1, ep = 1, pp = 1, dp = 1;
    std::vector<Group> groups;
    int defaultGroup = 0;
    std::vector<int> tpOf, cpOf, dpOf, epOf, ppOf; // per rank: its group of each family, -1 when none
    int stageOf(int rank) const { return rank / (tp * cp * dp); }
};

struct DumpOptions
{
    int queueDepth = 0; // ops a CPU may enqueue beyond the one its GPU is in
    bool onlyActive = false;
    int ringBuffer = 0; // entries kept per rank; 0: all
    bool timing = false;
    bool frames = false;
    bool json = false;
    int skewRank = -1; // a victim dumped before its CPU enqueued its last `skewDrop` ops
    int skewDrop = 0;
    // gloo's dumps (docs/torch-jobs.md): `gloo:` op names, pg_config without members, comm_lib_version "",
    // every entry `scheduled` (finished work only `retired`), no timing, synchronous ops (queue depth 0), no
    // only-active dumps.
    bool gloo = false;
};

struct Fault
{
    FaultKind kind = FaultKind::NoHang;
    int rank = -1;
    std::size_t op = 0;    // index into the rank's program
    int innerRecorded = 0; // StopsIssuing inside a coalesced group: inner entries recorded before it stopped
    std::vector<int> culprits;
    std::string story;
    // Ranks whose process is gone (no dump) and the op each stopped before: ProcessGone's rank, GridExit's
    // one or two.
    std::vector<std::pair<int, std::size_t>> dead;
    bool isDead(int r) const
    {
        return std::any_of(dead.begin(), dead.end(), [r](const auto& d) { return d.first == r; });
    }
};

// What the simulation made of the job, per rank.
struct Outcome
{
    std::vector<std::size_t> issued; // ops its CPU issued (the fault's rank: up to the fault)
    std::vector<std::size_t> gpu;    // index of the op its GPU is in: everything before it completed
    // gloo: the ranks whose collective failed (a dead ring neighbour): that op is retired, and they stopped.
    std::vector<int> failed;
    bool hang = false; // some rank has an op that never completes
};

} // namespace fd::randomjob

namespace fd {

struct RandomJob::Model
{
    randomjob::Topology topo;
    std::vector<std::vector<randomjob::ProgramOp>> programs; // per rank
    randomjob::Fault fault;
    randomjob::DumpOptions dump;
    randomjob::Outcome outcome;
};

namespace randomjob {

// RandomJobProgram.cpp
Topology makeTopology(Rng& rng, const RandomJobLimits& limits);
std::vector<std::vector<ProgramOp>> makePrograms(const Topology& topo, Rng& rng, int steps);
Fault injectFault(const Topology& topo, std::vector<std::vector<ProgramOp>>& programs, Rng& rng,
                  int faultStep);
void numberOps(const Topology& topo, std::vector<ProgramOp>& program);
// RandomJobSim.cpp
Outcome simulate(const RandomJob::Model& m);
// RandomJobWriter.cpp
std::string dumpBytes(const RandomJob::Model& m, int rank);
// Whether the rank's dump holds the entry of collective collSeq of `group` (innerIndex -1: the op itself, or
// a coalesced group's terminator; k: the group's inner op k), after ring buffer and only-active filtering.
bool dumpHolds(const RandomJob::Model& m, int rank, int group, std::int64_t collSeq, int innerIndex);

} // namespace randomjob

} // namespace fd
