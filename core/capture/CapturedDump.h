#pragma once

#include <QByteArray>
#include <QString>

namespace fd {

struct RankDump;
class JobPools;

// What one answer of a worker server (or one pipe-triggered dump file) is, before it is kept.
struct CapturedDumpCheck
{
    QString problem;   // empty: a whole dump that FlightDeck reads; else one line saying why not
    bool pickle = false;
    int rank = -1;     // the rank the dump itself names (rankNamedByDump), -1 when it names none
};

// Decodes `bytes` the way loading a folder would (pickle or JSON, chosen by content), so a capture keeps
// only what the analysis will read: garbage, a truncated pickle or a JSON that is not a dump is a problem.
CapturedDumpCheck checkCapturedDump(const QByteArray& bytes);

// A dump does not store its own rank (docs/dump-format.md), but its pg_config lists every process group the
// rank belongs to, with members: the rank is the one member all of them share (a Megatron rank's TP, PP and
// DP groups meet in that rank alone). -1 when the groups do not narrow it to one rank, e.g. gloo dumps,
// whose pg_config carries no members, or a job with only the world group.
int rankNamedByDump(const RankDump& dump, const JobPools& pools);

} // namespace fd
