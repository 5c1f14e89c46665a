#include "RankOrigins.h"

#include "ArchiveReader.h"
#include "DumpReader.h"

namespace fd {

RankOrigins::RankOrigins(std::unique_ptr<JobPools> pools, std::vector<EntryOrigin> origins)
    : m_pools(std::move(pools)), m_origins(std::move(origins))
{
}

const EntryOrigin& RankOrigins::origin(std::size_t entry) const
{
    static const EntryOrigin kNone;
    return entry < m_origins.size() ? m_origins[entry] : kNone;
}

namespace {

// A dump's bytes as they are now: its file, mapped, or its member, read out of the archive.
class CurrentBytes
{
public:
    // Returns why they cannot be had, or an empty string.
    QString open(const RankDump& dump)
    {
        if (dump.archivePath.isEmpty()) {
            QString error = m_file.open(dump.filePath);
            m_view = m_file.view();
            return error;
        }
        bool found = false;
        QString problem;
        const QString error = readArchiveMembers(
            dump.archivePath, [&](const QString& member) { return member == dump.archiveMember; },
            [&](const QString&, std::string&& bytes, const QString& memberProblem) {
                found = true;
                problem = memberProblem;
                m_member = std::move(bytes);
                return false; // the one member wanted: the rest of the archive need not be read
            });
        m_view = m_member;
        if (!problem.isEmpty())
            return problem;
        if (!found)
            return error.isEmpty() ? QStringLiteral("no longer in the archive") : error;
        return {};
    }
    std::string_view view() const { return m_view; }
    QString changedWhileRead() const { return m_file.changedWhileRead(); }

private:
    DumpBytes m_file;
    std::string m_member;
    std::string_view m_view;
};

// Where the dump read now first differs from the one loaded, or an empty string when they agree.
// `now` was read by the window `loaded` was (RankDump::window): the same bytes give the same entries.
QString differenceFromLoaded(const Job& job, const RankDump& loaded, const RankDump& now,
                             const JobPools& nowPools)
{
    if (now.window.fileEntries != loaded.window.fileEntries || now.entries.size() != loaded.entries.size())
        return QStringLiteral("it holds %1 entries now, %2 when it was loaded")
            .arg(now.window.fileEntries)
            .arg(loaded.window.fileEntries);
    for (std::size_t i = 0; i < loaded.entries.size(); ++i) {
        const Entry& a = loaded.entries[i];
        const Entry& b = now.entries[i];
        if (a.recordId != b.recordId || a.collectiveSeqId != b.collectiveSeqId || a.p2pSeqId != b.p2pSeqId ||
            job.pools->strings.view(a.profilingName) != nowPools.strings.view(b.profilingName))
            return QStringLiteral("its entry %1 is not the one loaded").arg(i);
    }
    return {};
}

LoadError changedError(const RankDump& dump, const QString& what)
{
    return LoadError{
        dump.filePath, dump.rank, 0, false,
        QStringLiteral(
            "changed since the job was loaded (%1): load the job again to see where its entries came from")
            .arg(what)};
}

} // namespace

RankOriginsResult readRankOrigins(const Job& job, const RankDump& dump)
{
    CurrentBytes bytes;
    if (const QString error = bytes.open(dump); !error.isEmpty())
        return LoadError{dump.filePath, dump.rank, 0, false, error};
    if (bytes.view().size() != dump.fileSize)
        return changedError(
            dump, QStringLiteral("%1 bytes now, %2 then").arg(bytes.view().size()).arg(dump.fileSize));
    auto pools = std::make_unique<JobPools>();
    auto read =
        readDumpBytes(bytes.view(), dump.filePath, dump.rank, *pools, DetailLevel::Full, dump.window.rule);
    if (const QString changed = bytes.changedWhileRead(); !changed.isEmpty())
        return changedError(dump, changed);
    if (auto* error = std::get_if<LoadError>(&read))
        return *error;
    RankDump& now = std::get<RankDump>(read);
    if (const QString difference = differenceFromLoaded(job, dump, now, *pools); !difference.isEmpty())
        return changedError(dump, difference);
    return std::make_shared<const RankOrigins>(std::move(pools), std::move(now.origins));
}

} // namespace fd
