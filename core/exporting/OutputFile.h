#pragma once

#include <QString>

#include <string_view>

namespace fd {

// Writing an output so that it is whole or absent (docs/hostile-input.md). Every output FlightDeck writes
// (--json, --debug, a capture's dumps, the GUI's JSON report) goes through here: the bytes go into a hidden
// temporary file beside the target, every write(), the fsync() and the close() are checked, and only then is
// it renamed over the target. On a full disk (ENOSPC), past a file-size limit (EFBIG) or any other error the
// temporary file is removed, the target is left as it was, and the error line names the target and the
// system's reason. A symbolic link at the target's name is replaced, never written through.

// A folder to write outputs into, held open: every file is created relative to its descriptor (openat), so a
// link swapped in for the folder after it was opened cannot redirect a write.
class OutputFolder
{
public:
    enum class Links
    {
        Follow, // the folder the user named, wherever a link leads
        Refuse, // a folder others can write into (a shared dump folder): a link there is refused with an
                // error
    };

    OutputFolder() = default;
    ~OutputFolder();
    OutputFolder(const OutputFolder&) = delete;
    OutputFolder& operator=(const OutputFolder&) = delete;

    // Opens `path` (an existing folder). With Links::Refuse the folder itself must not be a symbolic link and
    // write() refuses names that are links. Returns an error line naming the folder, or an empty string.
    QString open(const QString& path, Links links);
    bool isOpen() const { return m_fd >= 0; }
    const QString& path() const { return m_path; }

    // Writes `bytes` as `name` (a plain file name, no '/') inside the folder. Returns an error line naming
    // the file and the reason, or an empty string.
    QString write(const QString& name, std::string_view bytes) const;

private:
    int m_fd = -1;
    QString m_path;
    Links m_links = Links::Follow;
};

// One output file anywhere: its folder opened with Links::Follow, then OutputFolder::write. A stream (one
// of the process's descriptors by name, /dev/stdout, or a device, pipe or socket) is written into instead:
// there is no file to replace.
QString writeOutputFile(const QString& path, std::string_view bytes);

} // namespace fd
