#include "RegularFile.h"

#include <QFile>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fd {

namespace {

QString errnoText(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

qint64 mtimeNs(const struct stat& st)
{
    return qint64(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

} // namespace

QString specialFileKind(mode_t mode)
{
    if (S_ISREG(mode))
        return {};
    if (S_ISFIFO(mode))
        return QStringLiteral("a FIFO");
    if (S_ISCHR(mode))
        return QStringLiteral("a character device");
    if (S_ISBLK(mode))
        return QStringLiteral("a block device");
    if (S_ISSOCK(mode))
        return QStringLiteral("a socket");
    if (S_ISDIR(mode))
        return QStringLiteral("a folder");
    return QStringLiteral("not a regular file");
}

QString notRegularFileReason(const QString& path)
{
    const QByteArray name = QFile::encodeName(path);
    struct stat st = {};
    if (::stat(name.constData(), &st) == 0)
        return specialFileKind(st.st_mode);
    const int error = errno;
    struct stat link = {};
    if (error == ENOENT && ::lstat(name.constData(), &link) == 0)
        return QStringLiteral("a broken symbolic link");
    return errnoText(error);
}

RegularFile::~RegularFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

QString RegularFile::open(const QString& path)
{
    const QByteArray name = QFile::encodeName(path);
    // Checked before opening too: opening a socket fails with a confusing ENXIO, a device may have side
    // effects.
    struct stat before = {};
    if (::stat(name.constData(), &before) == 0 && !S_ISREG(before.st_mode))
        return QStringLiteral("not a regular file (%1): not read").arg(specialFileKind(before.st_mode));
    const int fd = ::open(name.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return QStringLiteral("cannot open: ") + errnoText(errno);
    struct stat st = {};
    if (::fstat(fd, &st) != 0) {
        const int error = errno;
        ::close(fd);
        return QStringLiteral("cannot open: ") + errnoText(error);
    }
    if (!S_ISREG(st.st_mode)) { // swapped between the stat and the open
        ::close(fd);
        return QStringLiteral("not a regular file (%1): not read").arg(specialFileKind(st.st_mode));
    }
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = fd;
    m_size = st.st_size;
    m_mtimeNs = mtimeNs(st);
    return {};
}

bool RegularFile::changedSinceOpen() const
{
    struct stat st = {};
    if (m_fd < 0 || ::fstat(m_fd, &st) != 0)
        return false;
    return st.st_size != m_size || mtimeNs(st) != m_mtimeNs;
}

QString RegularFile::changeDescription() const
{
    struct stat st = {};
    if (m_fd < 0 || ::fstat(m_fd, &st) != 0)
        return {};
    if (st.st_size != m_size)
        return QStringLiteral("it was %1 bytes when opened, %2 now").arg(m_size).arg(qint64(st.st_size));
    return QStringLiteral("it was written to while it was read");
}

QByteArray RegularFile::read(qint64 offset, qint64 maxBytes, QString* error) const
{
    QByteArray out;
    if (m_fd < 0 || maxBytes <= 0)
        return out;
    out.resize(qsizetype(maxBytes));
    qint64 done = 0;
    while (done < maxBytes) {
        const ssize_t n =
            ::pread(m_fd, out.data() + done, std::size_t(maxBytes - done), off_t(offset + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            if (error)
                *error = QStringLiteral("read error: ") + errnoText(errno);
            return {};
        }
        if (n == 0)
            break;
        done += n;
    }
    out.truncate(qsizetype(done));
    return out;
}

QByteArray readRegularFileHead(const QString& path, int count)
{
    RegularFile f;
    if (!f.open(path).isEmpty())
        return {};
    return f.read(0, count);
}

QByteArray readSmallRegularFile(const QString& path, qint64 maxBytes, QString* error)
{
    RegularFile f;
    if (QString problem = f.open(path); !problem.isEmpty()) {
        if (error)
            *error = problem;
        return {};
    }
    if (f.size() > maxBytes) {
        if (error)
            *error = QStringLiteral("%1 bytes, over the %2-byte limit").arg(f.size()).arg(maxBytes);
        return {};
    }
    return f.read(0, maxBytes, error);
}

} // namespace fd
