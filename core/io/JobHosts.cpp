#include "JobHosts.h"

#include <map>
#include <set>

namespace fd {

namespace {

bool isSeparator(QChar c)
{
    return c == QLatin1Char('_') || c == QLatin1Char('-') || c == QLatin1Char('.');
}

// The file name before its rank: "nccl_trace_rank_node07_12.json" -> "nccl_trace_rank_node07_".
QString beforeRank(QString name)
{
    for (const char* ext : {".json", ".pkl", ".pickle"}) {
        if (name.endsWith(QLatin1String(ext))) {
            name.chop(qsizetype(qstrlen(ext)));
            break;
        }
    }
    while (!name.isEmpty() && name.back().isDigit())
        name.chop(1);
    return name;
}

QString trimSeparators(QString s)
{
    while (!s.isEmpty() && isSeparator(s.front()))
        s.remove(0, 1);
    while (!s.isEmpty() && isSeparator(s.back()))
        s.chop(1);
    return s;
}

} // namespace

void assignHosts(Job& job)
{
    // file -> (middle of the name, folder), for the files whose dumps are in the job (by path: a dump may be
    // read as the rank its pg_config proves, not its name's).
    std::map<QString, std::pair<QString, QString>> placeOf;
    for (const JobFile& f : job.files) {
        if (f.use != FileUse::Used && f.use != FileUse::Partial)
            continue;
        const QString name = f.relativePath.section(QLatin1Char('/'), -1);
        const QString folder = f.relativePath.contains(QLatin1Char('/'))
                                   ? f.relativePath.section(QLatin1Char('/'), 0, -2)
                                   : QString();
        const QString head = beforeRank(name);
        const QString middle =
            head.startsWith(job.prefix) ? trimSeparators(head.mid(job.prefix.size())) : QString();
        placeOf.emplace(f.path, std::make_pair(middle, folder));
    }
    std::set<QString> middles, folders;
    for (const auto& [path, place] : placeOf) {
        middles.insert(place.first);
        folders.insert(place.second);
    }
    const bool byName = middles.size() >= 2;
    const bool byFolder = !byName && folders.size() >= 2;
    if (!byName && !byFolder)
        return;
    for (RankDump& d : job.dumps) {
        auto it = placeOf.find(d.filePath);
        if (it == placeOf.end())
            continue;
        d.host = byName ? it->second.first : it->second.second.section(QLatin1Char('/'), -1);
    }
}

} // namespace fd
