#pragma once

#include "CaptureEndpoint.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace fd {

// What a capture (core/capture/LiveCapture.h, core/capture/PipeCapture.h) is asked to do and what it got.

struct CaptureOptions
{
    QString outDir;                          // the capture goes into <outDir>/capture-<UTC time>/
    int perRankTimeoutMs = 10000;            // discovery plus dump, per rank (and the read of a --store)
    std::int64_t maxDumpBytes = 512LL << 20; // per dump
};

// What one rank gave: its worker server's answer, or the dump its pipe trigger made.
struct RankCapture
{
    CaptureEndpoint endpoint; // live capture only
    QString source;           // what was asked: the endpoint (socket path, host:port) or the pipe
    int rank = -1;            // the dump's own rank when it names one (rankNamedByDump), else the endpoint's
    bool rankFromDump = false;
    QString handler; // the handler that answered, e.g. "fr_trace_json"; "pipe" for the pipe trigger
    QString file;    // written file, relative to the capture folder; empty when nothing was captured
    qint64 bytes = 0;
    QString error;            // one line: why there is no file
    bool noAnswer = false;    // no answer in time (timeout, refused, no pipe reader, no dump): stuck or gone
    bool writeFailed = false; // the rank answered, but its dump could not be written here (error says why)
    bool noEndpoint =
        false;    // the job's store gave no usable address for it (no key, garbage, remote): never asked
    QString note; // one line worth saying beside a capture, e.g. the dump names another rank than the socket
};

struct CaptureResult
{
    QString folder;                 // the new capture folder; empty when none could be made
    QString fatalError;             // the folder could not be made, or no endpoint at all
    std::vector<RankCapture> ranks; // one per endpoint or pipe, by rank
    int captured() const;
    int writeFailures() const;            // ranks whose dump could not be written (writeFailed)
    std::vector<int> silentRanks() const; // ranks that gave no answer in time (noAnswer)
};

// One line for a rank: "rank 3 (/tmp/job/worker_3.sock): fr_trace_json, 2549 bytes -> _dump_3.json", or why
// there is no file.
QString describeRankCapture(const RankCapture& r);

} // namespace fd
