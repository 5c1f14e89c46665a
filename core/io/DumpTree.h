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
    QString relativePath;  // '/'-separated, relative to the tree's root
    qint64 size = -1;      // -1 when unknown
    QByteArray head;       // the first bytes, when the source read them while listing (archives)
    QString notRegular;    // a FIFO, device, socket or broken link (notRegularFileReason): listed, never read

    QString fileName() const;
    int depth() const;     // 0: directly in the root
};

// The files a folder or an archive holds, as far as discovery looked.
struct DumpTree
{
    QString root;                  // the folder or archive
    std::vector<TreeFile> files;   // sorted by relative path
    QStringList unreadableFolders; // relative paths of folders that could not be listed
    bool truncated = false;        // stopped after kMaxTreeFiles files
};

// A folder tree is listed up to this many files: pointing FlightDeck at a home folder must not take minutes.
inline constexpr int kMaxTreeFiles = 50000;

// Lists the files under `folder`. `descend(relativeFolder, depth)` says whether to look into a subfolder at
// that depth (1: directly in `folder`). Symbolic links to folders are followed only when `followLinks`:
// the default scan does not (a link back up would loop), a pattern walks them as Python's glob does.
DumpTree scanFolder(const QString& folder, const std::function<bool(const QString&, int)>& descend,
                    bool followLinks);

// The first `count` bytes of a file on disk (empty when it cannot be read or is not a regular file).
QByteArray readHead(const QString& path, int count = 8);

// What the first bytes of a file say it is: a pickle starts with PROTO (0x80), JSON with '{' or '[' after
// white space. Enough to tell a dump from a log without decoding it.
enum class DumpSniff { Pickle, Json, Neither };
DumpSniff sniffDump(std::string_view head);
inline bool looksLikeDump(const QByteArray& head)
{
    return sniffDump(std::string_view(head.constData(), std::size_t(head.size()))) != DumpSniff::Neither;
}

} // namespace fd
