#pragma once

#include "core/model/Job.h"

#include <QString>

#include <optional>
#include <vector>

namespace fd {

// Dump-to-JSON export, the replacement for fr_attribution.py --debug. Each dump becomes one JSON file in
// the format of docs/dump-json.md. Dumps are only ever read: output goes to a separate folder, is written to
// a temporary file and renamed into place (exporting/OutputFile.h: a full disk leaves no partial file), never
// through a symbolic link, and never replaces a file that is one of the inputs.
//
// Layout: by default <dump folder>/flightdeck-json/<dump file name>.json; for an archive, beside it in
// <archive>-flightdeck-json/<member file name>.json (the archive is streamed, never unpacked). The folder
// name does not match the default pattern (_dump_*) nor any rank-file prefix, so the next run over the same
// folder does not read the JSON as a second copy of each rank (fr_attribution.py writes <dump>.json beside
// the dump, and its own default pattern then picks those up).
struct DumpExportItem
{
    QString dumpPath;
    QString jsonPath;         // empty when the export of this dump failed
    QString error;            // empty on success; names the file and the problem otherwise
    bool writeFailed = false; // the dump was read, but its JSON could not be written (full disk, a link, ...)
};

struct DumpExportSummary
{
    QString outputDir;
    std::vector<DumpExportItem> items;      // one per dump, in rank order
    std::vector<LoadError> discoveryErrors; // unreadable folder, duplicate ranks, ...
    QString fatalError; // set when nothing could be exported (e.g. output folder not writable)
    int failures() const;
    bool outputRefused = false; // fatalError is about the output folder (read-only, a link, ...)
    int writeFailures() const;  // items whose JSON could not be written
};

// The folder --debug writes to when --debug-dir is not given.
QString defaultExportDir(const QString& frPath);

// Exports every dump that (frPath, pattern) names, the way the loader finds them, in parallel.
DumpExportSummary exportDumpsToJson(const QString& frPath, const QString& pattern,
                                    const QString& outputDir = QString());

// Exports one file to `jsonPath` (atomically). Returns an error message naming the file, or nothing.
std::optional<QString> exportDumpFileToJson(const QString& dumpPath, const QString& jsonPath);

// The lossless JSON text of one dump file (what exportDumpFileToJson writes), or an error.
struct DumpJsonText
{
    std::string json;
    QString error;
};
DumpJsonText dumpFileToJson(const QString& dumpPath);
// The same for a dump already in memory (an archive member); `dumpPath` names it in errors.
DumpJsonText dumpBytesToJson(std::string_view bytes, const QString& dumpPath);

} // namespace fd
