#pragma once

#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace fd {

class Job;
struct Analysis;

// Hung or only slow (docs/attribution.md, "Two snapshots"): one snapshot cannot tell a job that stopped from
// one that moves slowly; two of one job can. For every PG and rank, did the rank complete collectives
// between the snapshots?
enum class ProgressState
{
    Hung,      // no rank completed a collective in any PG between the snapshots
    Advancing, // some did: whatever the newer snapshot shows pending is in flight, not stuck
};
const char* progressStateName(ProgressState state); // "hung", "advancing"

// One rank in one PG, in both snapshots: its last completed collective (pg_status, else its entries).
struct PgRankStep
{
    QString pg; // the PG's name, which is what both snapshots share (indices differ between loads)
    int rank = -1;
    std::int64_t completedBefore = -1;
    std::int64_t completedAfter = -1;
    bool advanced() const { return completedAfter > completedBefore; }
};

struct SnapshotProgress
{
    ProgressState state = ProgressState::Hung;
    double intervalSeconds = 0; // between the snapshots (capture-<UTC time> names, else the dumps' mtimes)
    std::vector<int> advancedRanks; // completed a collective in some PG between the snapshots
    std::vector<int> stalledRanks;  // a dump in both, and no PG moved
    // Advancing only: the ranks the others waited on in both snapshots (named by both analyses) while the job
    // still moved: not stuck, slow.
    std::vector<int> slowRanks;
    std::vector<PgRankStep> steps; // by PG name, then rank
    QString summary;               // one line: "advancing: not a hang; rank 3 is slow (...)"
    QString olderSource, newerSource;
};

struct SnapshotComparison
{
    std::optional<SnapshotProgress> progress;
    QString error; // the two are not snapshots of one job, in order: says why
};

// Compares two loads of one job, older first. Refuses two jobs: an entry both hold (same rank, PG and seq)
// created at different times, different process groups or world sizes, or a rank that went backwards.
// The jobs must be loaded with times (DetailLevel::Times or Full) for the first test; without, it is skipped.
SnapshotComparison compareSnapshots(const Job& olderJob, const Analysis& older, const Job& newerJob,
                                    const Analysis& newer, double intervalSeconds);

// When a snapshot was taken: the UTC time in a capture-<yyyyMMddTHHmmssZ> folder name, else the newest
// modification time of its dumps; seconds since the epoch, 0 when neither is known.
double snapshotTimeSeconds(const QString& folder, const Job& job);

} // namespace fd
