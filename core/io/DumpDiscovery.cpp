#include "DumpDiscovery.h"

#include "ArchiveReader.h"
#include "DumpTree.h"
#include "PathGlob.h"
#include "RegularFile.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QStringBuilder>

#include <algorithm>
#include <climits>
#include <map>
#include <set>

namespace fd {

namespace {

// Names Flight Recorder and the tools around it give dump files, preferred in this order when a folder
// holds several kinds (docs/dump-format.md section 1; docs/cli.md).
const char* const kKnownPrefixes[] = {"_dump_", "nccl_trace_rank_", "comm_lib_trace_rank_", "rank_"};

// "<prefix><rank>" with an optional extension our exporters or NVRx add.
const QRegularExpression& rankedName()
{
    static const QRegularExpression re(QStringLiteral("^(.*?)(\\d+)(\\.json|\\.pkl|\\.pickle)?$"));
    return re;
}

bool isSeparator(QChar c)
{
    return c == QLatin1Char('_') || c == QLatin1Char('-') || c == QLatin1Char('.');
}

// The part of a prefix that names the kind of file, before any host name: a known prefix, else the text up
// to the first separator that follows a word ("trace-" of "trace-node07-"). Files of one family with
// different middles are one job whose launcher put the host into the name (PyTorch issue 140879).
QString familyOf(const QString& prefix)
{
    for (const char* known : kKnownPrefixes) {
        if (prefix.startsWith(QLatin1String(known)))
            return QLatin1String(known);
    }
    bool word = false;
    for (qsizetype i = 0; i < prefix.size(); ++i) {
        if (isSeparator(prefix[i]) && word)
            return prefix.left(i + 1);
        word = word || prefix[i].isLetterOrNumber();
    }
    return prefix;
}

int knownRank(const QString& family)
{
    int i = 0;
    for (const char* known : kKnownPrefixes) {
        if (family == QLatin1String(known))
            return i;
        ++i;
    }
    return i;
}

bool isHiddenPath(const QString& relativePath)
{
    const QStringList parts = relativePath.split(QLatin1Char('/'));
    return std::any_of(parts.begin(), parts.end(),
                       [](const QString& p) { return p.startsWith(QLatin1Char('.')); });
}

// FlightDeck's own --debug output (DumpExporter): JSON copies of dumps that must not be read as a second job.
bool isOwnOutputFolder(const QString& name)
{
    return name == QLatin1String("flightdeck-json") || name.endsWith(QLatin1String("-flightdeck-json"));
}

// "0-7, 9, 12-15"
QString rankRanges(std::vector<int> ranks)
{
    std::sort(ranks.begin(), ranks.end());
    QStringList parts;
    for (std::size_t i = 0; i < ranks.size();) {
        std::size_t j = i;
        while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1)
            ++j;
        parts << (i == j ? QString::number(ranks[i]) : QStringLiteral("%1-%2").arg(ranks[i]).arg(ranks[j]));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

QString commonHead(const QStringList& texts)
{
    if (texts.isEmpty())
        return {};
    QString head = texts.front();
    for (const QString& t : texts) {
        qsizetype n = 0;
        while (n < head.size() && n < t.size() && head[n] == t[n])
            ++n;
        head.truncate(n);
    }
    // Cut back to a separator so that "node0" of node00/node01 stays in the middle part.
    while (!head.isEmpty() && !isSeparator(head.back()))
        head.chop(1);
    return head;
}

// Reasons for skipping, shared by the file list and the summary note.
QString reasonNoRank()
{
    return QStringLiteral("no rank number at the end of the name");
}
QString reasonHidden()
{
    return QStringLiteral("hidden file");
}
QString reasonOtherName(const QString& family)
{
    return QStringLiteral("named unlike the dumps read (%1<rank>)").arg(family);
}
QString reasonNoMatch(const QString& pattern)
{
    return QStringLiteral("does not match %1").arg(pattern);
}
QString reasonNotDumpLike()
{
    return QStringLiteral("neither a known dump name nor pickle or JSON inside");
}
QString reasonSubfolder(const QString& root)
{
    return QStringLiteral("in a subfolder, and %1 holds dumps itself").arg(root);
}
QString reasonNotRegular(const QString& kind)
{
    return QStringLiteral("not a regular file (%1); never read").arg(kind);
}
QString reasonTooDeep()
{
    return QStringLiteral("more than %1 folders down").arg(kMaxFolderDepth);
}

// One file of the tree with what its name says.
struct Named
{
    const TreeFile* file = nullptr;
    QString name;
    QString prefix;    // before the rank number
    QString extension; // ".json", ".pkl", ".pickle" or empty
    int rank = -1;
    QString family;
    bool chosen = false;
    bool used = false;
    bool specialDump = false; // would have been read, but is a FIFO, device, socket or broken link
    QString reason;           // why it is not used
};

// The rank's digits carry leading zeros ("_dump_03"): not the name torch gives rank 3's dump.
bool paddedRank(const Named& n)
{
    const qsizetype digits = n.name.size() - n.prefix.size() - n.extension.size();
    return digits != QString::number(n.rank).size();
}

Named parseName(const TreeFile& f)
{
    Named n;
    n.file = &f;
    n.name = f.fileName();
    n.rank = rankFromFileName(n.name);
    if (n.rank >= 0) {
        const auto m = rankedName().match(n.name);
        n.prefix = m.captured(1);
        n.extension = m.captured(3);
        n.family = familyOf(n.prefix);
    }
    return n;
}

// Turns one listed tree into a Discovery: which files to read and what became of the others.
class TreeSelection
{
public:
    TreeSelection(Discovery& d, const DumpTree& tree, const QString& archive)
        : m_d(d), m_tree(tree), m_archive(archive)
    {
        m_named.reserve(tree.files.size());
        for (const TreeFile& f : tree.files)
            m_named.push_back(parseName(f));
    }

    // The default pattern: the dumps directly in the root, recognised by name; when it holds none, those in
    // its subfolders.
    void selectByName(const QString& requested)
    {
        QString family = chooseFamily(/*topOnly=*/true);
        bool fromSubfolders = false;
        if (family.isNull()) {
            family = chooseFamily(false);
            fromSubfolders = !family.isNull();
        }
        m_readsSubfolders = fromSubfolders;
        for (Named& n : m_named) {
            if (n.file->depth() > kMaxFolderDepth)
                n.reason = reasonTooDeep();
            else if (isHiddenPath(n.file->relativePath))
                n.reason = reasonHidden();
            else if (n.rank < 0)
                n.reason = reasonNoRank();
            else if (family.isNull())
                n.reason = reasonNotDumpLike();
            else if (n.family != family)
                n.reason = reasonOtherName(family);
            else if (!fromSubfolders && n.file->depth() > 0)
                n.reason = reasonSubfolder(rootName());
            else
                chooseUnlessSpecial(n);
        }
        if (family.isNull()) {
            m_d.pattern = requested;
            return;
        }
        m_d.pattern = family + QLatin1Char('*');
        if (family != QLatin1String(kKnownPrefixes[0]))
            m_d.notes << QStringLiteral("no file matched %1; using the files named %2<rank>")
                             .arg(requested, family.isEmpty() ? QStringLiteral("(no prefix)") : family);
        if (fromSubfolders)
            noteSubfolders();
    }

    // An explicit pattern: what Python's glob would match, as fr_attribution.py does.
    void selectByPattern(const std::function<bool(const QString&)>& matches, const QString& pattern)
    {
        m_d.pattern = pattern;
        m_readsSubfolders = true; // a pattern enters only the folders it names
        for (Named& n : m_named) {
            if (!matches(n.file->relativePath))
                n.reason = reasonNoMatch(pattern);
            else if (n.rank < 0)
                n.reason = reasonNoRank();
            else
                chooseUnlessSpecial(n);
        }
    }

    // One file per rank, notes, spares and the file list.
    void finish()
    {
        keepOneFilePerRank();
        noteVaryingMiddle();
        noteSkipped();
        std::set<int> used;
        for (const DumpFile& f : m_d.files)
            used.insert(f.rank);
        for (const Named& n : m_named) {
            JobFile jf{path(*n.file),
                       n.file->relativePath,
                       n.rank,
                       n.file->size,
                       n.used ? FileUse::Used : FileUse::Skipped,
                       std::nullopt,
                       n.reason};
            m_d.considered.push_back(std::move(jf));
            if (!n.used && n.rank >= 0 && !used.count(n.rank) &&
                (n.specialDump || looksLikeDump(head(*n.file))))
                m_d.spares.push_back({path(*n.file), n.rank, member(*n.file)});
        }
    }

    // Whether dumps may come from below the root: then a subfolder that could not be listed may hold some.
    bool readsSubfolders() const { return m_readsSubfolders; }

private:
    QString path(const TreeFile& f) const { return m_tree.root % QLatin1Char('/') % f.relativePath; }
    QString member(const TreeFile& f) const { return m_archive.isEmpty() ? QString() : f.relativePath; }
    QString rootName() const { return QFileInfo(m_tree.root).fileName(); }

    // A file that is not a regular file is never a dump (nor opened); named like one, it is said as skipped
    // and kept as a spare, so that its rank is unreadable rather than missing.
    static void chooseUnlessSpecial(Named& n)
    {
        if (n.file->notRegular.isEmpty()) {
            n.chosen = true;
            return;
        }
        n.reason = reasonNotRegular(n.file->notRegular);
        n.specialDump = true;
    }

    QByteArray head(const TreeFile& f) const
    {
        if (!m_archive.isEmpty())
            return f.head;
        return readHead(path(f), 64);
    }

    // The family of names the job's dumps carry: a known name first, then the family with the most ranks.
    // An unknown family counts only when one of its files starts like a dump: "run_3.log"-style names
    // must not hide the dumps in a subfolder. Null when there is none.
    QString chooseFamily(bool topOnly) const
    {
        std::map<QString, std::set<int>> ranks;
        std::map<QString, bool> dumpLike;
        for (const Named& n : m_named) {
            const int depth = n.file->depth();
            if (n.rank < 0 || (topOnly && depth > 0) || depth > kMaxFolderDepth ||
                isHiddenPath(n.file->relativePath) || !n.file->notRegular.isEmpty())
                continue;
            ranks[n.family].insert(n.rank);
            bool& like = dumpLike[n.family];
            if (!like && knownRank(n.family) == int(std::size(kKnownPrefixes)))
                like = looksLikeDump(head(*n.file));
        }
        QString best;
        std::tuple<int, int> bestKey{INT_MAX, 0};
        for (const auto& [family, set] : ranks) {
            const int known = knownRank(family);
            if (known == int(std::size(kKnownPrefixes)) && !dumpLike.at(family))
                continue;
            const std::tuple<int, int> key{known, -int(set.size())};
            if (best.isNull() || key < bestKey) {
                best = family;
                bestKey = key;
            }
        }
        return best;
    }

    void noteSubfolders()
    {
        QStringList folders;
        int count = 0;
        std::set<int> depths;
        for (const Named& n : m_named) {
            if (!n.chosen)
                continue;
            ++count;
            depths.insert(n.file->depth());
            const QString folder = n.file->relativePath.section(QLatin1Char('/'), 0, -2) + QLatin1Char('/');
            if (!folders.contains(folder))
                folders << folder;
        }
        if (depths.size() == 1)
            m_d.pattern = QStringLiteral("*/").repeated(*depths.begin()) + m_d.pattern;
        QStringList shown = folders.mid(0, 6);
        if (folders.size() > shown.size())
            shown << QStringLiteral("and %1 more").arg(folders.size() - shown.size());
        m_d.notes << QStringLiteral("no dumps directly in %1; read %2 file(s) from its subfolder(s) %3 "
                                    "(looked up to %4 folders down)")
                         .arg(rootName())
                         .arg(count)
                         .arg(shown.join(QStringLiteral(", ")))
                         .arg(kMaxFolderDepth);
    }

    // A second file for a rank is reported, not merged: the original dump (no extension) is kept over a
    // conversion of it, then the rank written as torch writes it (`_dump_3`, not `_dump_03`), then the name
    // most files share, then the shallower one.
    void keepOneFilePerRank()
    {
        QHash<QString, int> prefixCount;
        for (const Named& n : m_named) {
            if (n.chosen)
                ++prefixCount[n.prefix];
        }
        std::map<int, Named*> byRank;
        auto better = [&](const Named* a, const Named* b) {
            return std::make_tuple(!a->extension.isEmpty(), paddedRank(*a), -prefixCount.value(a->prefix),
                                   a->file->depth(), a->file->relativePath) <
                   std::make_tuple(!b->extension.isEmpty(), paddedRank(*b), -prefixCount.value(b->prefix),
                                   b->file->depth(), b->file->relativePath);
        };
        for (Named& n : m_named) {
            if (!n.chosen)
                continue;
            auto [it, inserted] = byRank.emplace(n.rank, &n);
            if (!inserted && better(&n, it->second))
                it->second = &n;
        }
        for (Named& n : m_named) {
            if (!n.chosen)
                continue;
            const Named* kept = byRank.at(n.rank);
            if (kept == &n) {
                n.used = true;
                continue;
            }
            n.reason = QStringLiteral("second file for rank %1 (also %2); ignored")
                           .arg(n.rank)
                           .arg(kept->file->relativePath);
            m_d.errors.push_back({path(*n.file), n.rank, 0, false, n.reason});
        }
        for (const auto& [rank, n] : byRank)
            m_d.files.push_back({path(*n->file), rank, member(*n->file)});
        QStringList prefixes;
        for (const auto& [rank, n] : byRank) {
            if (!prefixes.contains(n->prefix))
                prefixes << n->prefix;
        }
        m_d.prefix = prefixes.size() == 1 ? prefixes.front() : commonHead(prefixes);
    }

    // Host names between the prefix and the rank: one job, and the user is told which names were joined.
    void noteVaryingMiddle()
    {
        std::map<QString, std::vector<int>> byMiddle;
        for (const Named& n : m_named) {
            if (n.used)
                byMiddle[n.prefix.mid(m_d.prefix.size())].push_back(n.rank);
        }
        if (byMiddle.size() < 2)
            return;
        QStringList parts;
        for (const auto& [middle, ranks] : byMiddle) {
            if (parts.size() == 6) {
                parts << QStringLiteral("and %1 more").arg(byMiddle.size() - 6);
                break;
            }
            parts << QStringLiteral("%1 (rank %2)")
                         .arg(middle.isEmpty() ? QStringLiteral("(none)") : middle, rankRanges(ranks));
        }
        m_d.notes << QStringLiteral(
                         "file names differ between \"%1\" and the rank (host names?); read as one job: %2")
                         .arg(m_d.prefix, parts.join(QStringLiteral(", ")));
    }

    // One note per reason, naming a few of the files.
    void noteSkipped()
    {
        std::map<QString, QStringList> byReason;
        for (const Named& n : m_named) {
            if (!n.used && !n.chosen) // second files for a rank are errors already
                byReason[n.reason] << n.file->relativePath;
        }
        for (const auto& [reason, files] : byReason) {
            QStringList shown = files.mid(0, 5);
            if (files.size() > shown.size())
                shown << QStringLiteral("and %1 more").arg(files.size() - shown.size());
            m_d.notes << QStringLiteral("skipped %1 file(s) (%2): %3")
                             .arg(files.size())
                             .arg(reason, shown.join(QStringLiteral(", ")));
        }
    }

    Discovery& m_d;
    const DumpTree& m_tree;
    QString m_archive;
    std::vector<Named> m_named;
    bool m_readsSubfolders = false;
};

// -p with a leading literal folder ("sub/_dump_*", "../other/_dump_*") or an absolute path, as
// os.path.join(fr_path, pattern) builds it: the literal part moves into the root.
std::pair<QString, QString> splitLiteralFolders(const QString& frPath, const QString& pattern)
{
    QString root = frPath;
    QString rest = pattern;
    if (rest.startsWith(QLatin1Char('/'))) {
        root = QStringLiteral("/");
        rest = rest.mid(1);
    }
    QStringList parts = rest.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    while (parts.size() > 1 && !hasGlobMagic(parts.front()))
        root = QDir(root).filePath(parts.takeFirst());
    return {root, parts.join(QLatin1Char('/'))};
}

void noteTreeProblems(Discovery& d, const DumpTree& tree)
{
    for (const QString& folder : tree.unreadableFolders)
        d.errors.push_back(
            {QDir(tree.root).filePath(folder), -1, 0, false, QStringLiteral("folder is not readable")});
    if (tree.truncated)
        d.notes << QStringLiteral(
                       "stopped listing %1 after %2 files that may be dumps (or %3 entries in all): a rank "
                       "without a file there is not called missing")
                       .arg(tree.root)
                       .arg(kMaxTreeDumps)
                       .arg(kMaxTreeEntries);
    if (tree.unlistedOthers > 0)
        d.notes << QStringLiteral(
                       "%1 more file(s) in %2 cannot be dumps by their names and were not listed (the first "
                       "%3 are)")
                       .arg(tree.unlistedOthers)
                       .arg(tree.root)
                       .arg(kMaxTreeFiles);
}

// Gaps that matter: unlisted folders only where dumps may come from (the default pattern reads subfolders
// only when the root holds no dumps), the cap always.
void noteListingGaps(Discovery& d, const DumpTree& tree, bool readsSubfolders)
{
    if (readsSubfolders)
        for (const QString& folder : tree.unreadableFolders)
            d.listingGaps.push_back({QDir(tree.root).filePath(folder), -1, 0, false,
                                     QStringLiteral("that folder is not readable")});
    if (tree.truncated)
        d.listingGaps.push_back(
            {tree.root, -1, 0, false,
             QStringLiteral("the listing stopped after %1 files that may be dumps").arg(kMaxTreeDumps)});
}

bool nameMayBeDump(const QString& relativePath)
{
    return rankFromFileName(relativePath.section(QLatin1Char('/'), -1)) >= 0;
}

void discoverInFolder(Discovery& d, const QString& folder, const QString& pattern)
{
    const QFileInfo info(folder);
    if (!info.isReadable() || !info.isExecutable()) {
        d.errors.push_back({folder, -1, 0, false, QStringLiteral("directory is not readable")});
        return;
    }
    if (pattern == QLatin1String(kDefaultPattern)) {
        const DumpTree tree = scanFolder(
            folder,
            [](const QString& rel, int depth) {
                const QString name = rel.section(QLatin1Char('/'), -1);
                return depth <= kMaxFolderDepth && !name.startsWith(QLatin1Char('.')) &&
                       !isOwnOutputFolder(name);
            },
            /*followLinks=*/false, nameMayBeDump);
        noteTreeProblems(d, tree);
        TreeSelection s(d, tree, QString());
        s.selectByName(pattern);
        s.finish();
        noteListingGaps(d, tree, s.readsSubfolders());
    } else {
        const auto [root, rest] = splitLiteralFolders(folder, pattern);
        if (!QFileInfo(root).isDir()) {
            d.errors.push_back(
                {root, -1, 0, false, QStringLiteral("no such folder (from the pattern %1)").arg(pattern)});
            return;
        }
        const PathGlob glob(rest);
        // Walk only the folders the pattern names, as glob does: `*/_dump_*` lists the root, then each
        // folder.
        const DumpTree tree = scanFolder(
            root,
            [&glob](const QString& rel, int depth) {
                return depth < glob.depth() &&
                       glob.matchesComponent(depth - 1, rel.section(QLatin1Char('/'), -1));
            },
            /*followLinks=*/true, [&glob](const QString& rel) { return glob.matches(rel); });
        noteTreeProblems(d, tree);
        TreeSelection s(d, tree, QString());
        s.selectByPattern([&glob](const QString& rel) { return glob.matches(rel); }, pattern);
        s.finish();
        noteListingGaps(d, tree, s.readsSubfolders());
    }
    if (d.files.empty() && d.errors.empty())
        d.errors.push_back(
            {folder, -1, 0, false, QStringLiteral("no dump files matching %1").arg(d.pattern)});
}

// The members of an archive, chosen as in a folder: by name (subfolders included) or by the pattern.
void discoverInArchive(Discovery& d, const QString& archive, const QString& pattern)
{
    const ArchiveListing listing = listArchive(archive);
    if (!listing.error.isEmpty()) {
        d.errors.push_back({archive, -1, 0, false, listing.error});
        return;
    }
    // Damage part-way: the members before it are still read (the rest of the archive is lost either way).
    if (!listing.damage.isEmpty()) {
        d.errors.push_back({archive, -1, 0, false, listing.damage});
        d.listingGaps.push_back(
            {archive, -1, 0, false, QStringLiteral("the archive is damaged after the members read")});
    }
    d.archive = archive;
    TreeSelection s(d, listing.tree, archive);
    if (pattern == QLatin1String(kDefaultPattern)) {
        s.selectByName(pattern);
    } else {
        const PathGlob glob(pattern);
        s.selectByPattern([&glob](const QString& rel) { return glob.matches(rel); }, pattern);
    }
    s.finish();
    if (d.files.empty() && d.errors.empty())
        d.errors.push_back({archive, -1, 0, false,
                            QStringLiteral("no dump files matching %1 in the archive").arg(d.pattern)});
}

// A path prefix, as in TORCH_FR_DUMP_TEMP_FILE=/tmp/trace_: the files are <prefix>[<host>]<rank>.
void discoverByPrefix(Discovery& d, const QFileInfo& info)
{
    const QString prefix = info.fileName();
    DumpTree tree = scanFolder(
        info.path(), [](const QString&, int) { return false; }, false,
        [&prefix](const QString& rel) { return rel.startsWith(prefix); });
    noteTreeProblems(d, tree);
    noteListingGaps(d, tree, false);
    tree.files.erase(std::remove_if(tree.files.begin(), tree.files.end(),
                                    [&](const TreeFile& f) { return !f.relativePath.startsWith(prefix); }),
                     tree.files.end());
    d.pattern = prefix + QLatin1Char('*');
    TreeSelection s(d, tree, QString());
    s.selectByPattern([](const QString&) { return true; }, d.pattern);
    s.finish();
    if (d.files.empty())
        d.errors.push_back(
            {info.filePath(), -1, 0, false, QStringLiteral("no file, directory or prefix of dump files")});
}

} // namespace

int rankFromFileName(const QString& fileName)
{
    const auto m = rankedName().match(fileName);
    if (!m.hasMatch())
        return -1;
    bool ok = false;
    const int rank = m.captured(2).toInt(&ok);
    return ok && rank <= kMaxRank ? rank : -1;
}

Discovery discoverDumps(const QString& frPath, const QString& pattern)
{
    Discovery d;
    const QFileInfo info(frPath);
    if (info.isDir()) {
        discoverInFolder(d, frPath, pattern.isEmpty() ? QLatin1String(kDefaultPattern) : pattern);
    } else if (info.isFile() && isArchivePath(frPath)) {
        discoverInArchive(d, frPath, pattern.isEmpty() ? QLatin1String(kDefaultPattern) : pattern);
    } else if (info.isFile()) {
        // A single file: its rank is its trailing number, or 0 for a name without one.
        int rank = rankFromFileName(info.fileName());
        if (rank < 0) {
            rank = 0;
            d.notes << QStringLiteral("%1 has no rank number in its name; treating it as rank 0").arg(frPath);
        }
        d.files.push_back({frPath, rank, {}});
        d.considered.push_back({frPath, info.fileName(), rank, info.size(), FileUse::Used, std::nullopt, {}});
        d.pattern = info.fileName();
        d.prefix = rankedName().match(info.fileName()).captured(1);
    } else if (info.exists() && !info.isDir()) {
        d.errors.push_back({frPath, -1, 0, false, reasonNotRegular(notRegularFileReason(frPath))});
    } else if (info.dir().exists() && !info.fileName().isEmpty()) {
        discoverByPrefix(d, info);
    } else {
        d.errors.push_back({frPath, -1, 0, false, QStringLiteral("no such file or directory")});
    }
    return d;
}

} // namespace fd
