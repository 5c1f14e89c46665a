#pragma once

#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace fd {

class Job;
struct Analysis;

// What of a job a trace holds (docs/trace-export.md): a big job's every entry is millions of events.
struct TraceOptions
{
    std::vector<int> ranks;         // sorted; empty: every rank
    std::vector<std::uint32_t> pgs; // PG indices, sorted; empty: every PG
    int lastEntries = 0;            // > 0: only each rank's last N entries (of the PGs kept)
};

// Parses "0-7,12" (--trace-ranks, --trace-pgs) into sorted, distinct numbers; false on anything else.
bool parseNumberList(const QString& text, std::vector<int>* out);

struct TraceSummary
{
    std::size_t slices = 0;   // "X" events, one per entry kept
    std::size_t instants = 0; // frontier and culprit marks
    std::size_t flows = 0;    // wait-for arrows (pairs of "s"/"f" events)
    std::uint64_t bytes = 0;
    bool byTime = false; // false: laid out by sequence (no entry carried a time)
    QString error;       // empty on success; names the file otherwise
};

// The job as Chrome trace-event JSON (Perfetto UI, chrome://tracing): a process per rank, a thread per PG,
// an "X" event per entry, the frontier and culprits as instant events, flows from victims to their root
// causes. Reads the entries' times (RankDump::times): without them the events are laid out by sequence.
TraceSummary traceJson(const Job& job, const Analysis& analysis, const TraceOptions& options,
                       std::string& out);
// The same written to `path` (replaced atomically).
TraceSummary writeTraceFile(const Job& job, const Analysis& analysis, const TraceOptions& options,
                            const QString& path);

} // namespace fd
