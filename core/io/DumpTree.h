#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <functional>
#include <string_view>
#include <vector>

namespace fd {

// One file below the folder (or inside the archive) that discovery looks at.
struct TreeFile
{
    QString relativePath; // '/'-separated, relative to the tree's root
    qint64 size = -1;     // -1 when unknown
    QByteArray head;      // the first bytes, when the source read them while listing (archives)
    QString notRegular;   // a FIFO, device, socket or broken link (notRegularFileReason): listed, never read

    QString fileName() const;
    int depth() const; // 0: directly in the root
};

// The files a folder or an archive holds, as far as discovery looked.
struct DumpTree
{
    QString root;                  // the folder or archive
    std::vector<TreeFile> files;   // sorted by relative path
    QStringList unreadableFolders; // relative paths of folders that could not be listed
    // The listing stopped early (kMaxTreeDumps files that may be dumps, or kMaxTreeEntries entries): a rank
    // without a file may have one further on.
    bool truncated = false;
    int unlistedOthers = 0; // files that cannot be dumps, seen but not listed (beyond kMaxTreeFiles)
};

// Files that cannot be dumps (scanFolder's `mayBeDump` says no) are listed up to this many, for the notes and
// the file list; further ones are only counted.
inline constexpr int kMaxTreeFiles = 50000;
// Files that may be dumps are listed up to this many, one per rank of the largest jobs and more.
inline constexpr int kMaxTreeDumps = 1 << 18;
// Folder entries looked at in all: pointing FlightDeck at a home folder must not take minutes.
inline constexpr int kMaxTreeEntries = 1 << 21;

// Lists the files under `folder`. `descend(relativeFolder, depth)` says whether to look into a subfolder at
// that depth (1: directly in `folder`). Symbolic links to folders are followed only when `followLinks`:
// the default scan does not (a link back up would loop), a pattern walks them as Python's glob does.
// `mayBeDump(relativePath)` tells the files discovery could read (the pattern, or a name with a rank) from
// the rest, so that thousands of logs beside the dumps never push a dump out of the listing; unset, every
// file may be.
DumpTree scanFolder(const QString& folder, const std::function<bool(const QString&, int)>& descend,
                    bool followLinks, const std::function<bool(const QString&)>& mayBeDump = {});

// The first `count` bytes of a file on disk (empty when it cannot be read or is not a regular file).
QByteArray readHead(const QString& path, int count = 8);

// What the first bytes of a file say it is: a pickle starts with PROTO (0x80), JSON with '{' or '[' after
// white space. Enough to tell a dump from a log without decoding it.
enum class DumpSniff
{
    Pickle,
    Json,
    Neither
};
DumpSniff sniffDump(std::string_view head);
inline bool looksLikeDump(const QByteArray& head)
{
    return sniffDump(std::string_view(head.constData(), std::size_t(head.size()))) != DumpSniff::Neither;
}

} // namespace fd
