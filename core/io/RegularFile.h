#pragma once

#include <QByteArray>
#include <QString>

#include <sys/types.h>

namespace fd {

// Opening a file that may not be a file (docs/hostile-input.md): a name in a dump folder, a key file, a path
// on the command line can be a FIFO (open() blocks until a writer comes), a device (/dev/zero never ends) or
// a socket, directly or through a symbolic link. Only regular files, after following links, are ever read.

// "a FIFO", "a character device", "a block device", "a socket", "a folder", "not a regular file": what `mode`
// (st_mode) is, for messages. Empty for a regular file.
QString specialFileKind(mode_t mode);

// What the path names after following links, without opening it: empty for a regular file, else
// specialFileKind(), "a broken symbolic link" or why stat failed.
QString notRegularFileReason(const QString& path);

// A read-only descriptor of a regular file, closed on destruction.
class RegularFile
{
public:
    RegularFile() = default;
    ~RegularFile();
    RegularFile(const RegularFile&) = delete;
    RegularFile& operator=(const RegularFile&) = delete;

    // Opens `path` without blocking (O_NONBLOCK, so a FIFO swapped in after a check cannot hang the open) and
    // keeps it only when fstat says it is a regular file. Returns an error line naming no path (the caller
    // adds it), or an empty string.
    QString open(const QString& path);

    int fd() const { return m_fd; }
    qint64 size() const { return m_size; }
    // The size and modification time now differ from those at open(): the file was rewritten or cut.
    bool changedSinceOpen() const;
    // "was 100 bytes, now 40": what changedSinceOpen() saw, for messages.
    QString changeDescription() const;
    // Reads up to `maxBytes` from `offset` with pread (no mapping: a file cut meanwhile gives a short read,
    // never a signal). Sets `error` (errno text) on failure.
    QByteArray read(qint64 offset, qint64 maxBytes, QString* error = nullptr) const;

private:
    int m_fd = -1;
    qint64 m_size = 0;
    qint64 m_mtimeNs = 0;
};

// The first `count` bytes of a regular file (empty for anything else or when it cannot be read).
QByteArray readRegularFileHead(const QString& path, int count);

// A whole regular file of at most `maxBytes`; sets `error` (no path) and returns nothing otherwise.
QByteArray readSmallRegularFile(const QString& path, qint64 maxBytes, QString* error);

} // namespace fd
