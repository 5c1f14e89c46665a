#pragma once

#include "tools/synth/SyntheticLoad.h"
#include "ui/session/Session.h"

#include <QString>

#include <functional>

namespace fd::test {

// The sessions the ui tests show are fr-synth's jobs (tools/synth): its pickle bytes read through the real
// decode -> assemble path in memory (SyntheticLoad.h) and analysed by core's pipeline, exactly as a job
// opened from files. What a test asserts about them comes from that analysis or from the generator's
// documented layout (rank = tp + TP * (dp + DP * pp), groups created default, TP, PP, DP, EP).

// The small job most tests show: 16 ranks (TP 2 x PP 2 x DP 4, EP 2), 200 entries per rank with timing and
// stack traces. Rank kHungRank never issued its last entry, its DP group's all_reduce: its three DP peers
// entered that collective and wait in it; every other rank completed everything it issued.
inline constexpr int kHungRank = 5;
SyntheticJobOptions hungJob();

// A job at scale: `ranks` ranks (TP 8 x PP 4 x DP, EP 4), `entries` per rank, timing on, no stacks;
// `stuckRank` stops issuing its last few entries (-1: nothing hangs).
SyntheticJobOptions jobAtScale(int ranks, int entries, int stuckRank);

Session synthSession(const SyntheticJobOptions& options = hungJob());

// fr-synth's job written into `dir` as a job of several hosts lays its files out (`dir/<host>/_dump_<rank>`,
// hostOf(rank) naming each rank's folder), then loaded from there as the GUI loads a job (entry times, no
// origins) and analysed: the assembler reads each dump's host from that layout (RankDump::host). An empty
// session when the files cannot be written or read.
Session sessionOnHosts(const SyntheticJobOptions& options, const QString& dir,
                       const std::function<QString(int rank)>& hostOf);

// The index of the group described `desc` that `rank` belongs to (fr-synth gives each rank one group of each
// description), or kNoPg.
std::uint32_t groupOf(const Job& job, const QString& desc, int rank);

// The frontier core's analysis found in `s`; an empty one (no PG) when it found none, so that comparisons
// against it fail instead of crashing.
FrontierItem frontierOf(const Session& s);

} // namespace fd::test
