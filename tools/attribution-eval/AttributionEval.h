#pragma once

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

// Decodes the files with the real decoders and assembles them into a Job, as loading them from disk would
// (without discovery: the ranks are given). A file that cannot be decoded becomes a load error and an
// unreadable rank, as on disk.
std::shared_ptr<Job> loadJobFromMemory(const std::vector<DumpInMemory>& files);

// What the engine answered for one random job, next to the truth.
struct EvalOutcome
{
    std::uint64_t seed = 0;
    int faultKind = 0;
    bool exact = false;        // same verdict and exactly the same ranks
    std::string wantVerdict, gotVerdict;
    std::vector<int> wantRanks, gotRanks;
    QString loadProblem;       // a dump the engine could not read (a writer bug, not an engine miss)
};

// Loads the job's dumps in memory through the real decoders and the job assembler, analyses them and
// compares the answer with the job's truth.
EvalOutcome evaluate(const RandomJob& job);

} // namespace fd
