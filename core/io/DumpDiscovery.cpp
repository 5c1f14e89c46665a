#include "DumpDiscovery.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <map>

namespace fd {

namespace {

// Names Flight Recorder and the tools around it give dump files, tried in this order when the requested
// pattern matches nothing (docs/dump-format.md section 1).
const char* const kKnownPrefixes[] = {"_dump_", "nccl_trace_rank_", "comm_lib_trace_rank_", "rank_"};

// "<prefix><rank>" with an optional extension our exporters or NVRx add.
const QRegularExpression& rankedName()
{
    static const QRegularExpression re(QStringLiteral("^(.*?)(\\d+)(\\.json|\\.pkl|\\.pickle)?$"));
    return re;
}

QString prefixOf(const QString& fileName)
{
    const auto m = rankedName().match(fileName);
    return m.hasMatch() ? m.captured(1) : QString();
}

// Keeps one file per rank. A second file for a rank is reported rather than merged: two dumps of one rank
// (e.g. `_dump_3` and the `_dump_3.json` an older tool wrote beside it) would otherwise count twice.
void addFiles(Discovery& d, const QStringList& paths)
{
    std::map<int, QString> byRank;
    for (const QString& path : paths) {
        const QString name = QFileInfo(path).fileName();
        const int rank = rankFromFileName(name);
        if (rank < 0) {
            d.errors.push_back({path, -1, 0, false, QStringLiteral("file name does not end in a rank number")});
            continue;
        }
        auto [it, inserted] = byRank.emplace(rank, path);
        if (!inserted) {
            // Prefer the file without an extension: the dump PyTorch wrote, not a conversion of it.
            QString kept = it->second;
            QString dropped = path;
            if (QFileInfo(kept).suffix().size() > QFileInfo(dropped).suffix().size())
                std::swap(kept, dropped);
            it->second = kept;
            d.errors.push_back({dropped, rank, 0, false,
                                QStringLiteral("second file for rank %1 (also %2); ignored")
                                    .arg(rank)
                                    .arg(QFileInfo(kept).fileName())});
        }
    }
    for (const auto& [rank, path] : byRank)
        d.files.push_back({path, rank});
}

QStringList filesMatching(const QDir& dir, const QString& pattern)
{
    QStringList out;
    const auto infos = dir.entryInfoList(QStringList{pattern}, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
    for (const QFileInfo& fi : infos)
        out << fi.filePath();
    return out;
}

void discoverInDirectory(Discovery& d, const QString& dirPath, const QString& pattern)
{
    QDir dir(dirPath);
    QFileInfo dirInfo(dirPath);
    if (!dirInfo.isReadable() || !dirInfo.isExecutable()) {
        d.errors.push_back({dirPath, -1, 0, false, QStringLiteral("directory is not readable")});
        return;
    }
    d.pattern = pattern;
    QStringList files = filesMatching(dir, pattern);
    if (files.isEmpty() && pattern == QLatin1String(kDefaultPattern)) {
        // Count the prefixes of every "<prefix><N>" file; a known name wins, then the most common prefix.
        QHash<QString, int> counts;
        const auto all = dir.entryInfoList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
        for (const QFileInfo& fi : all) {
            const auto m = rankedName().match(fi.fileName());
            if (m.hasMatch())
                ++counts[m.captured(1)];
        }
        QString chosen;
        for (const char* known : kKnownPrefixes) {
            if (counts.contains(QLatin1String(known))) {
                chosen = QLatin1String(known);
                break;
            }
        }
        if (chosen.isEmpty()) {
            int best = 0;
            for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
                if (it.value() > best || (it.value() == best && it.key() < chosen)) {
                    best = it.value();
                    chosen = it.key();
                }
            }
        }
        if (!counts.isEmpty()) {
            d.pattern = chosen + QLatin1Char('*');
            files = filesMatching(dir, d.pattern);
            // The glob may catch names that do not end in digits (e.g. "rank_notes.txt"): keep ranked ones.
            files.erase(std::remove_if(files.begin(), files.end(),
                                       [&](const QString& p) { return prefixOf(QFileInfo(p).fileName()) != chosen; }),
                        files.end());
            d.notes << QStringLiteral("no file matched %1; using the files named %2<rank>")
                           .arg(pattern, chosen.isEmpty() ? QStringLiteral("(no prefix)") : chosen);
        }
    }
    addFiles(d, files);
    if (d.files.empty() && d.errors.empty())
        d.errors.push_back({dirPath, -1, 0, false, QStringLiteral("no dump files matching %1").arg(d.pattern)});
}

} // namespace

int rankFromFileName(const QString& fileName)
{
    const auto m = rankedName().match(fileName);
    if (!m.hasMatch())
        return -1;
    bool ok = false;
    const int rank = m.captured(2).toInt(&ok);
    return ok ? rank : -1;
}

Discovery discoverDumps(const QString& frPath, const QString& pattern)
{
    Discovery d;
    const QFileInfo info(frPath);
    if (info.isDir()) {
        discoverInDirectory(d, frPath, pattern.isEmpty() ? QLatin1String(kDefaultPattern) : pattern);
    } else if (info.isFile()) {
        // A single file: its rank is its trailing number, or 0 for a name without one.
        int rank = rankFromFileName(info.fileName());
        if (rank < 0) {
            rank = 0;
            d.notes << QStringLiteral("%1 has no rank number in its name; treating it as rank 0").arg(frPath);
        }
        d.files.push_back({frPath, rank});
        d.pattern = info.fileName();
    } else if (info.dir().exists() && !info.fileName().isEmpty()) {
        // A path prefix, as in TORCH_FR_DUMP_TEMP_FILE=/tmp/trace_: the files are <prefix><rank>.
        const QString prefix = info.fileName();
        const QDir dir = info.dir();
        QStringList files;
        for (const QString& p : filesMatching(dir, prefix + QLatin1Char('*'))) {
            if (prefixOf(QFileInfo(p).fileName()) == prefix)
                files << p;
        }
        d.pattern = prefix + QLatin1Char('*');
        addFiles(d, files);
        if (d.files.empty())
            d.errors.push_back({frPath, -1, 0, false, QStringLiteral("no file, directory or prefix of dump files")});
    } else {
        d.errors.push_back({frPath, -1, 0, false, QStringLiteral("no such file or directory")});
    }
    if (!d.files.empty())
        d.prefix = prefixOf(QFileInfo(d.files.front().path).fileName());
    return d;
}

} // namespace fd
