#pragma once

#include "core/io/WindowOfInterest.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace fd {

class Job;
class RandomJob;

// One dump file held in memory: its name (the rank is given, not parsed) and its bytes.
struct DumpInMemory
{
    int rank = -1;
    std::string name;
    std::string bytes;
};

// Reads the files with the real reader (readDumpBytes) and assembles them into a Job, as loading them from
// disk would (without discovery: the ranks are given). A file that cannot be read becomes a load error and an
// unreadable rank, a truncated pickle a partial dump, as on disk.
// `window`: how much of each rank's history to keep, as LoadOptions::window.
std::shared_ptr<const Job> loadJobFromMemory(const std::vector<DumpInMemory>& files, WindowRule window = {});

// What the engine answered for one random job, next to the truth.
struct EvalOutcome
{
    std::uint64_t seed = 0;
    int faultKind = 0;
    bool exact = false;       // same verdict and exactly the same ranks
    bool undecidable = false; // the truth says the dumps cannot tell (then exact means "stop", nobody named)
    std::string wantVerdict, gotVerdict;
    std::vector<int> wantRanks, gotRanks;
    QString loadProblem; // a dump the engine could not read (a writer bug, not an engine miss)
};

// Loads the job's dumps in memory through the real decoders and the job assembler, analyses them and
// compares the answer with the job's truth. `window` as for loadJobFromMemory: a small one shows whether the
// window of interest keeps every answer (random jobs hold fewer entries than the default keeps).
EvalOutcome evaluate(const RandomJob& job, WindowRule window = {});

} // namespace fd
