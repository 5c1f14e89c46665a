#include "DumpReread.h"

#include "ArchiveReader.h"
#include "DumpReader.h"
#include "WindowOfInterest.h"

#include <algorithm>

namespace fd {

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

// Which of `now`'s entries the loaded window left out, by the rule it was cut by: the same rule on the same
// bytes keeps the same entries. Empty when `now` holds the loaded window's entries only.
std::vector<std::uint8_t> leftOutByLoadedRule(const RankDump& loaded, const RankDump& now,
                                              const JobPools& nowPools)
{
    if (now.window.rule == loaded.window.rule || loaded.window.rule.keepsWholeHistory())
        return {};
    const std::vector<EntryWindow::Pg> pgs = windowOfPgs(now.entries, loaded.window.rule, nowPools.strings);
    std::vector<std::uint8_t> out(now.entries.size(), 0);
    const EntryWindow::Pg* last = nullptr;
    for (std::size_t i = 0; i < now.entries.size(); ++i) {
        const EntryPgId pg = now.entries[i].pg;
        if (!last || last->pg != pg)
            last =
                &*std::find_if(pgs.begin(), pgs.end(), [&](const EntryWindow::Pg& p) { return p.pg == pg; });
        out[i] = i < last->firstKept ? 1 : 0;
    }
    return out;
}

// Where the dump read now first differs from the one loaded, or an empty string when they agree.
QString differenceFromLoaded(const Job& job, const RankDump& loaded, const RankDump& now,
                             const JobPools& nowPools, const std::vector<std::uint8_t>& leftOut)
{
    const std::size_t nowKept =
        leftOut.empty() ? now.entries.size() : std::size_t(std::count(leftOut.begin(), leftOut.end(), 0));
    if (now.window.fileEntries != loaded.window.fileEntries || nowKept != loaded.entries.size())
        return QStringLiteral("it holds %1 entries now, %2 when it was loaded")
            .arg(now.window.fileEntries)
            .arg(loaded.window.fileEntries);
    std::size_t j = 0;
    for (std::size_t i = 0; i < loaded.entries.size(); ++i, ++j) {
        while (!leftOut.empty() && leftOut[j])
            ++j;
        const Entry& a = loaded.entries[i];
        const Entry& b = now.entries[j];
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
        QStringLiteral("changed since the job was loaded (%1): load the job again to read it").arg(what)};
}

} // namespace

RereadResult rereadDump(const Job& job, const RankDump& loaded, DetailLevel level, WindowRule window)
{
    CurrentBytes bytes;
    if (const QString error = bytes.open(loaded); !error.isEmpty())
        return LoadError{loaded.filePath, loaded.rank, 0, false, error};
    if (bytes.view().size() != loaded.fileSize)
        return changedError(
            loaded, QStringLiteral("%1 bytes now, %2 then").arg(bytes.view().size()).arg(loaded.fileSize));
    RereadDump out;
    out.pools = std::make_unique<JobPools>();
    auto read = readDumpBytes(bytes.view(), loaded.filePath, loaded.rank, *out.pools, level, window);
    if (const QString changed = bytes.changedWhileRead(); !changed.isEmpty())
        return changedError(loaded, changed);
    if (auto* error = std::get_if<LoadError>(&read))
        return *error;
    out.dump = std::move(std::get<RankDump>(read));
    out.leftOut = leftOutByLoadedRule(loaded, out.dump, *out.pools);
    if (const QString difference = differenceFromLoaded(job, loaded, out.dump, *out.pools, out.leftOut);
        !difference.isEmpty())
        return changedError(loaded, difference);
    return out;
}

} // namespace fd
