#include "DumpFolderWatch.h"

#include "core/io/RegularFile.h"

#include <QDateTime>
#include <QFileInfo>

#include <algorithm>

namespace fd {

bool dumpFileLooksComplete(const QString& path)
{
    RegularFile f; // a FIFO or device swapped in for a dump is never opened for reading
    if (!f.open(path).isEmpty() || f.size() == 0)
        return false;
    const qint64 tail = std::min<qint64>(f.size(), 64);
    const QByteArray end = f.read(f.size() - tail, tail).trimmed();
    if (end.isEmpty())
        return false;
    return path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ? end.back() == '}' : end.back() == '.';
}

DumpFolderWatch::DumpFolderWatch(QString folder, QString pattern, qint64 settleMs)
    : m_folder(std::move(folder)), m_pattern(std::move(pattern)), m_settleMs(settleMs)
{
}

bool DumpFolderWatch::poll(qint64 nowMs)
{
    m_gone = !QFileInfo(m_folder).isDir();
    if (m_gone)
        return false; // what was handed out stays the last set: a vanished folder is no new set
    const Discovery d = discoverDumps(m_folder, m_pattern);
    m_notes = d.notes;
    std::map<QString, Seen> next;
    for (const DumpFile& f : d.files) {
        Seen s = m_files.count(f.path) ? m_files[f.path] : Seen{};
        const QFileInfo info(f.path);
        const qint64 size = info.size();
        const qint64 modifiedMs = info.lastModified().toMSecsSinceEpoch();
        s.rank = f.rank;
        if (size != s.size || modifiedMs != s.modifiedMs) {
            s.size = size;
            s.modifiedMs = modifiedMs;
            s.since = nowMs;
            s.complete = false;
            m_lastChange = nowMs;
        } else if (!s.complete && nowMs - s.since >= m_settleMs) {
            // Its size already held still for settleMs: completing it is no new change to wait out.
            s.complete = dumpFileLooksComplete(f.path);
        }
        next[f.path] = s;
    }
    if (next.size() != m_files.size())
        m_lastChange = nowMs;
    m_files = std::move(next);
    std::vector<std::tuple<QString, qint64, qint64>> ready;
    for (const auto& [path, s] : m_files)
        if (s.complete)
            ready.emplace_back(path, s.size, s.modifiedMs);
    return ready != m_handedOut && nowMs - m_lastChange >= m_settleMs;
}

std::vector<DumpFile> DumpFolderWatch::takeReady()
{
    std::vector<DumpFile> out;
    m_handedOut.clear();
    for (const auto& [path, s] : m_files) {
        if (s.complete) {
            out.push_back({path, s.rank, {}});
            m_handedOut.emplace_back(path, s.size, s.modifiedMs);
        }
    }
    std::sort(out.begin(), out.end(), [](const DumpFile& a, const DumpFile& b) { return a.rank < b.rank; });
    return out;
}

std::vector<int> DumpFolderWatch::growingRanks() const
{
    std::vector<int> out;
    for (const auto& [path, s] : m_files)
        if (!s.complete)
            out.push_back(s.rank);
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace fd
