#pragma once

#include "core/io/DumpRank.h"

#include <QByteArray>
#include <QString>

namespace fd {

struct RankDump;
class JobPools;

// What one answer of a worker server (or one pipe-triggered dump file) is, before it is kept.
struct CapturedDumpCheck
{
    QString problem; // empty: a whole dump that FlightDeck reads; else one line saying why not
    bool pickle = false;
    int rank = -1;           // the rank the dump itself names (rankNamedByDump), -1 when it names none
    std::size_t entries = 0; // recorded entries
};

// Decodes `bytes` the way loading a folder would (pickle or JSON, chosen by content), so a capture keeps
// only what the analysis will read: garbage, a truncated pickle or a JSON that is not a dump is a problem.
CapturedDumpCheck checkCapturedDump(const QByteArray& bytes);

// The rank a dump proves by its pg_config: rankNamedByDump() in io/DumpRank.h, which loading a folder uses
// too.

} // namespace fd
