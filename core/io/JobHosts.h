#pragma once

#include "core/model/Job.h"

namespace fd {

// Gives every dump the host its file's place names (RankDump::host; docs/attribution.md, "The host"): no dump
// names its host, so it is the part of the file names that differs between the job's prefix and the rank
// (`nccl_trace_rank_node07_12`: "node07") where the files read differ there, else the folder a dump is in
// where the files read lie in more than one folder (`<job>/<node>/_dump_*`: "<node>"), else none (empty).
// Reads Job::prefix and Job::files; the assembler calls it once, after recordFiles().
void assignHosts(Job& job);

} // namespace fd
