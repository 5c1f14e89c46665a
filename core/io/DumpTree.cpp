#include "DumpTree.h"

#include "RegularFile.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace fd {

QString TreeFile::fileName() const
{
    const qsizetype slash = relativePath.lastIndexOf(QLatin1Char('/'));
    return slash < 0 ? relativePath : relativePath.mid(slash + 1);
}

int TreeFile::depth() const
{
    return int(relativePath.count(QLatin1Char('/')));
}

namespace {

struct FolderScan
{
    FolderScan(DumpTree& t, const std::function<bool(const QString&, int)>& d, bool links,
               const std::function<bool(const QString&)>& dumpFilter)
        : tree(t), descend(d), followLinks(links), mayBeDump(dumpFilter)
    {
    }

    DumpTree& tree;
    const std::function<bool(const QString&, int)>& descend;
    bool followLinks;
    const std::function<bool(const QString&)>& mayBeDump;
    int dumpLike = 0;
    int others = 0;
    int seen = 0; // folder entries looked at

    void walk(const QString& absolute, const QString& relative, int depth)
    {
        const QDir dir(absolute);
        // Sockets, FIFOs, devices and broken links (QDir::System), directly or through a link, are listed
        // with what they are, so that discovery can say why a file named like a dump was not read; they are
        // never opened (a FIFO would block, /dev/zero never ends).
        const QFileInfoList entries = dir.entryInfoList(
            QDir::Files | QDir::Dirs | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
        std::vector<std::pair<QString, QString>> subfolders;
        for (const QFileInfo& fi : entries) {
            if (++seen > kMaxTreeEntries) {
                tree.truncated = true;
                return;
            }
            const QString rel =
                relative.isEmpty() ? fi.fileName() : relative + QLatin1Char('/') + fi.fileName();
            if (fi.isDir()) {
                if ((followLinks || !fi.isSymLink()) && descend(rel, depth + 1))
                    subfolders.emplace_back(fi.filePath(), rel);
                continue;
            }
            if (!mayBeDump || mayBeDump(rel)) {
                if (++dumpLike > kMaxTreeDumps) {
                    tree.truncated = true;
                    return;
                }
            } else if (++others > kMaxTreeFiles) {
                ++tree.unlistedOthers;
                continue;
            }
            TreeFile file{rel, fi.size(), {}, {}};
            if (!fi.isFile() || fi.isSymLink() || fi.size() == 0)
                file.notRegular = notRegularFileReason(fi.filePath());
            if (!file.notRegular.isEmpty())
                file.size = -1;
            tree.files.push_back(std::move(file));
        }
        for (const auto& [abs, rel] : subfolders) {
            const QFileInfo info(abs);
            if (!info.isReadable() || !info.isExecutable()) {
                tree.unreadableFolders << rel;
                continue;
            }
            walk(abs, rel, depth + 1);
            if (tree.truncated)
                return;
        }
    }
};

} // namespace

DumpTree scanFolder(const QString& folder, const std::function<bool(const QString&, int)>& descend,
                    bool followLinks, const std::function<bool(const QString&)>& mayBeDump)
{
    DumpTree tree;
    tree.root = folder;
    FolderScan(tree, descend, followLinks, mayBeDump).walk(folder, QString(), 0);
    std::sort(tree.files.begin(), tree.files.end(),
              [](const TreeFile& a, const TreeFile& b) { return a.relativePath < b.relativePath; });
    return tree;
}

QByteArray readHead(const QString& path, int count)
{
    return readRegularFileHead(path, count);
}

DumpSniff sniffDump(std::string_view head)
{
    if (head.empty())
        return DumpSniff::Neither;
    if (static_cast<unsigned char>(head[0]) == 0x80)
        return DumpSniff::Pickle;
    const std::size_t first = head.find_first_not_of(" \n\r\t");
    if (first != std::string_view::npos && (head[first] == '{' || head[first] == '['))
        return DumpSniff::Json;
    return DumpSniff::Neither;
}

} // namespace fd
