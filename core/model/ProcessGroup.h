#pragma once

#include <QString>

#include <vector>

namespace fd {

// A process group as the whole job knows it, and as the analysis and the report name it (Analysis holds a
// copy, so that an analysis read back from a JSON report needs no Job). PGs are identified by name *and*
// member ranks: split_group reuses names, so two TP groups may both be called "41" with different members on
// different ranks. A job has a few PGs per rank at most, so name and desc are plain strings, not interned.
struct ProcessGroup
{
    QString name;           // pg_config's key, e.g. "0", "41", "pp_a91f"
    QString desc;           // e.g. "default_pg", "TENSOR_MODEL_PARALLEL_GROUP"; empty when no dump said
    std::vector<int> ranks; // sorted global ranks; empty when no dump carried its pg_config
    bool ranksKnown = true;
};

// torch.distributed names the group init_process_group() makes "default_pg" (docs/torch-jobs.md); it spans
// every rank of the job.
inline bool isDefaultPg(const ProcessGroup& pg)
{
    return pg.desc == QLatin1String("default_pg");
}

} // namespace fd
