#pragma once

#include "core/io/DumpDiscovery.h"

#include <QString>

#include <map>
#include <tuple>
#include <vector>

namespace fd {

// Follows a folder into which a job's dumps arrive over minutes (shared filesystem, dump on timeout) and
// says when the readable set changed (docs/capture.md, watch mode). Poll-driven, so the CLI can call it in
// a loop and the GUI from a timer; polling also works where file-change notifications do not (NFS, Lustre).
// A file counts once it is complete: its size and modification time have not changed for `settleMs` and it
// ends the way a whole dump ends (pickle: STOP '.', JSON: '}'). A file still growing is "growing", never an
// error. A dump rewritten in place (the rank's next dump under the same name) is growing again until it
// settles.
class DumpFolderWatch
{
public:
    DumpFolderWatch(QString folder, QString pattern, qint64 settleMs = 1000);

    // Looks at the folder (time in ms, monotonic). True when the set of complete files differs from the one
    // last handed out by takeReady(), and nothing has changed for settleMs: time to re-analyse (debounced).
    bool poll(qint64 nowMs);
    std::vector<DumpFile> takeReady();                   // the complete files, by rank; marks them handed out
    std::vector<int> growingRanks() const;               // files there but not complete yet
    const QStringList& notes() const { return m_notes; } // discovery notes (prefix guesses)
    // The folder is no longer there (deleted, moved, unmounted) at the last poll: nothing more can arrive,
    // and the files already handed out are all there is.
    bool folderGone() const { return m_gone; }

private:
    struct Seen
    {
        qint64 size = -1;
        qint64 modifiedMs = -1;
        qint64 since = 0; // when it last changed
        bool complete = false;
        int rank = -1;
    };
    QString m_folder;
    QString m_pattern;
    qint64 m_settleMs;
    std::map<QString, Seen> m_files;
    // What takeReady() last handed out: each file with the size and time it had, so that a dump rewritten in
    // place is a new set once it settles.
    std::vector<std::tuple<QString, qint64, qint64>> m_handedOut;
    qint64 m_lastChange = 0;
    QStringList m_notes;
    bool m_gone = false;
};

// True when `path` ends the way a whole dump ends: pickle STOP, or a closing brace for JSON.
bool dumpFileLooksComplete(const QString& path);

} // namespace fd
