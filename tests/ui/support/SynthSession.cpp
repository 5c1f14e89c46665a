#include "SynthSession.h"

#include "core/io/JobLoader.h"

#include <QDir>
#include <QFile>

#include <algorithm>

namespace fd::test {

SyntheticJobOptions hungJob()
{
    SyntheticJobOptions o;
    o.ranks = 16;
    o.tensorParallel = 2;
    o.pipelineParallel = 2;
    o.expertParallel = 2;
    o.entriesPerRank = 200;
    o.timing = true;
    o.withStackTraces = true;
    o.stuckRank = kHungRank;
    o.stuckEntries = 1;
    return o;
}

SyntheticJobOptions jobAtScale(int ranks, int entries, int stuckRank)
{
    SyntheticJobOptions o;
    o.ranks = ranks;
    o.tensorParallel = 8;
    o.pipelineParallel = 4;
    o.expertParallel = 4;
    o.entriesPerRank = entries;
    o.timing = true;
    o.stuckRank = stuckRank;
    return o;
}

Session synthSession(const SyntheticJobOptions& options)
{
    return Session(runAnalysis(loadSyntheticJob(options)));
}

Session sessionOnHosts(const SyntheticJobOptions& options, const QString& dir,
                       const std::function<QString(int rank)>& hostOf)
{
    const QString written = QDir(dir).filePath(QStringLiteral("written"));
    const QString job = QDir(dir).filePath(QStringLiteral("job"));
    if (!SyntheticJob(options).writeTo(written).error.isEmpty())
        return Session{};
    for (int r = 0; r < options.ranks; ++r) {
        const QString name = QStringLiteral("_dump_%1").arg(r);
        const QString folder = QDir(job).filePath(hostOf(r));
        if (!QFile::exists(QDir(written).filePath(name)))
            continue; // the missing rank
        if (!QDir().mkpath(folder) ||
            !QFile::rename(QDir(written).filePath(name), QDir(folder).filePath(name)))
            return Session{};
    }
    LoadOptions load;
    load.frPath = job;
    load.pattern = QStringLiteral("_dump_*");
    load.details = DetailLevel::Times;
    std::shared_ptr<const Job> loaded = loadJob(load);
    return loaded ? Session(runAnalysis(loaded)) : Session{};
}

std::uint32_t groupOf(const Job& job, const QString& desc, int rank)
{
    for (std::uint32_t pg = 0; pg < job.processGroups.size(); ++pg) {
        const ProcessGroup& group = job.processGroups[pg];
        if (group.desc == desc && std::binary_search(group.ranks.begin(), group.ranks.end(), rank))
            return pg;
    }
    return kNoPg;
}

FrontierItem frontierOf(const Session& s)
{
    const FrontierItem* f = s.analysis->divergence();
    return f ? *f : FrontierItem{};
}

} // namespace fd::test
