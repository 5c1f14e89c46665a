#pragma once

#include "DumpTree.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <string>

namespace fd {

// Dumps inside an archive (.tar, .tar.gz, .tgz, .tar.zst, .tar.xz, .zip), read with libarchive straight from
// the archive, never extracted to disk (docs/archives.md says why libarchive and what is refused).
//
// An archive is someone else's file: every member is checked as it streams past, and the first hostile trait
// ends the read with an error naming the member and the problem ("member job/_dump_2: symbolic link ...";
// the caller names the archive). Nothing is written anywhere.

// The limits a member and the archive must stay within.
struct ArchiveLimits
{
    qint64 maxMemberBytes = qint64(4)
                            << 30; // one dump: far above any real one (a 1024-rank job's are < 100 MB)
    // All members together, over every pass (a load lists the archive, then reads it): time, not memory,
    // since members are read one at a time. A 16,384-rank job of 20,000-entry buffers unpacks to 71 GB, of
    // 200,000-entry buffers to about 0.7 TB.
    qint64 maxTotalBytes = qint64(4) << 40;
    int maxRatio = 200; // uncompressed : compressed, checked once past ratioFloorBytes
    qint64 ratioFloorBytes = qint64(64)
                             << 20; // small archives may compress better (runs of zeros) and are harmless
    int maxMembers = kMaxTreeFiles;
};

// Whether the name says archive (by extension, case-insensitive).
bool isArchivePath(const QString& path);
// The same as file-dialog filters: "*.tar", "*.tar.gz", ...
QStringList archiveNameFilters();

// Lists the archive's regular files, with their sizes and their first `headBytes` bytes (so discovery can
// tell a dump from a log). Folders are not listed. `tree.root` is the archive's path.
struct ArchiveListing
{
    DumpTree tree;
    QString error;  // hostile or unreadable: the tree is then empty, and nothing may be read from the archive
    QString damage; // damaged from some member on: the tree holds the members before it (and that member)
};
ArchiveListing listArchive(const QString& archivePath, int headBytes = 64, const ArchiveLimits& limits = {});

// Receives one member: its bytes, or `problem` when its data is damaged (the member's own error; the read
// goes on with the next member where the format allows). Returns false to stop early (cancelled).
using MemberTake = std::function<bool(const QString& member, std::string&& bytes, const QString& problem)>;

// Streams the archive once and hands each regular member that `wanted(member)` selects to `take`, in archive
// order. Returns why the read stopped before the end (hostile or damaged), empty otherwise; the same checks
// as listArchive apply to every member, wanted or not.
QString readArchiveMembers(const QString& archivePath,
                           const std::function<bool(const QString& member)>& wanted, const MemberTake& take,
                           const ArchiveLimits& limits = {});

// The same over an archive already in memory (the fuzz target).
QString readArchiveMembersFromMemory(const void* data, std::size_t size,
                                     const std::function<bool(const QString& member)>& wanted,
                                     const MemberTake& take, const ArchiveLimits& limits = {});

} // namespace fd
