#pragma once

#include "core/model/Job.h"

namespace fd {

class JobPools;
struct RankDump;

// A dump does not store its own rank (docs/dump-format.md), but its pg_config lists every process group the
// rank belongs to, with members: the rank is the one member all of them share (a Megatron rank's TP, PP and
// DP groups meet in that rank alone). -1 when the groups do not narrow it to one rank, e.g. gloo dumps,
// whose pg_config carries no members, or a job with only the world group.
int rankNamedByDump(const RankDump& dump, const JobPools& pools);

// Before the job is assembled: a dump whose contents prove another rank than its file name (rankNamedByDump)
// is read as the rank it proves, with a warning naming the file and both ranks: copied or renamed dumps
// ("rank 12's bytes saved as _dump_3") must not move a culprit. When two files prove one rank, the one whose
// name agrees is kept and the other becomes a load error of the rank its name carries (which is then
// unreadable: a file is there, but not its dump); without agreement, the first by path.
void assignProvenRanks(Job& job);

} // namespace fd
