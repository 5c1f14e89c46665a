#pragma once

#include "model/Job.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace fd {

// One file that looks like a rank's dump.
struct DumpFile
{
    QString path;
    int rank = -1;
};

// What `--fr-path` and `-p` name, resolved to files the way fr_attribution.py does: a directory plus a glob
// (default "_dump_*"), a single file, or a path prefix (TORCH_FR_DUMP_TEMP_FILE style). When the default
// pattern matches nothing in a directory, the other common names are recognised and the prefix used is
// reported in `notes`.
struct Discovery
{
    std::vector<DumpFile> files;   // sorted by rank (numerically), one per rank
    QString prefix;                // file-name prefix before the rank number
    QString pattern;               // the glob that was finally used
    std::vector<LoadError> errors; // unreadable directory, duplicate ranks, names without a rank
    QStringList notes;             // e.g. "no file matched _dump_*; using prefix rank_"
};

inline constexpr const char* kDefaultPattern = "_dump_*";

Discovery discoverDumps(const QString& frPath, const QString& pattern = QLatin1String(kDefaultPattern));

// Rank = the trailing integer of the file name ("_dump_10" -> 10, "rank_3.json" -> 3), -1 when there is none.
int rankFromFileName(const QString& fileName);

} // namespace fd
