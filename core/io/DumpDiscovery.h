#pragma once

#include "core/model/Job.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace fd {

// One file that looks like a rank's dump.
struct DumpFile
{
    QString path; // a file on disk, or "<archive>/<member>" for a member of an archive
    int rank = -1;
    QString member; // the member's name inside Discovery::archive; empty for a file on disk
};

// What `--fr-path` and `-p` name, resolved to files (docs/cli.md, "Finding the dumps"):
// - a folder: with the default pattern, the dumps directly in it, recognised by name (`_dump_<rank>`, the
//   other names Flight Recorder uses, a host name between prefix and rank); when it holds none, the same in
//   its subfolders, up to kMaxFolderDepth down. With another pattern, what Python's
//   glob.glob(os.path.join(folder, pattern)) would match.
// - an archive (.tar, .tar.gz, .tgz, .tar.zst, .tar.xz, .zip): the same, on the archive's members;
// - a single file, or a path prefix (TORCH_FR_DUMP_TEMP_FILE style).
struct Discovery
{
    std::vector<DumpFile> files;     // to read: sorted by rank (numerically), one per rank
    std::vector<JobFile> considered; // every file looked at, with what became of it (sorted by path)
    std::vector<DumpFile>
        spares; // skipped files that may still hold a rank's dump (the assembler claims them, JobAssembler.h)
    QString archive;               // the archive the files are members of; empty for files on disk
    QString prefix;                // the file-name part before the rank shared by every file read
    QString pattern;               // the glob that was finally used
    std::vector<LoadError> errors; // unreadable folder or archive, a second file for a rank
    QStringList notes;             // what was inferred or skipped, e.g. "no file matched _dump_*; ..."
    // Where the listing may have missed dumps: a folder it could not list among those the dumps were read
    // from, the listing cap, an archive damaged part-way (filePath: that folder or archive; message: why).
    // A rank without a file is then not known to have none (claimUnlistedRanks).
    std::vector<LoadError> listingGaps;
};

inline constexpr const char* kDefaultPattern = "_dump_*";
// How far below the given folder the default pattern looks when the folder itself holds no dumps: enough
// for <job>/<node>/<dumps> and an archive's <top folder>/<node>/<dumps>, not a whole disk.
inline constexpr int kMaxFolderDepth = 3;
// The largest rank a file name may carry: a trailing date or run number is not a rank.
inline constexpr int kMaxRank = 1 << 20;

Discovery discoverDumps(const QString& frPath, const QString& pattern = QLatin1String(kDefaultPattern));

// Rank = the trailing integer of the file name ("_dump_10" -> 10, "rank_3.json" -> 3), -1 when there is
// none or it is larger than kMaxRank.
int rankFromFileName(const QString& fileName);

} // namespace fd
