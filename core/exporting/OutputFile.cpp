#include "OutputFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>

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

// Writes all of `bytes` to `fd`, then fsync: a full disk may only say so when the data reaches it. Returns
// errno, or 0.
int writeAll(int fd, std::string_view bytes)
{
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return errno;
        if (n == 0)
            return EIO;
        done += std::size_t(n);
    }
    if (::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) // EINVAL: a file system without fsync
        return errno;
    return 0;
}

// The process's own descriptors by name (`--json /dev/stdout`): whatever fd 1 is (a pipe, a terminal, a
// file the shell truncated), the user means "write there".
bool namesOwnDescriptor(const QString& path)
{
    static const QRegularExpression own(
        QStringLiteral("^/(dev/(stdout|stderr|fd/[0-9]+)|proc/self/fd/[0-9]+)$"));
    return own.match(QDir::cleanPath(path)).hasMatch();
}

// Whether `path` is a stream to write into rather than a file to replace: one of the process's descriptors,
// or (links followed) a device, pipe or socket. Renaming a temporary file over /dev/null would replace the
// device itself.
bool isStreamTarget(const QString& path)
{
    if (namesOwnDescriptor(path))
        return true;
    struct stat st = {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 && !S_ISREG(st.st_mode) &&
           !S_ISDIR(st.st_mode);
}

// Appends `bytes` to the stream `path` (O_APPEND: a stdout redirected with >> keeps what is before).
QString writeStream(const QString& path, std::string_view bytes)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return QStringLiteral("%1: cannot write: %2").arg(path, errnoText(errno));
    int error = writeAll(fd, bytes);
    if (::close(fd) != 0 && error == 0)
        error = errno;
    return error == 0 ? QString() : QStringLiteral("%1: cannot write: %2").arg(path, errnoText(error));
}

} // namespace

OutputFolder::~OutputFolder()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

QString OutputFolder::open(const QString& path, Links links)
{
    m_path = QDir::cleanPath(path); // "dir/" would resolve a link named dir, whatever O_NOFOLLOW says
    m_links = links;
    const QByteArray name = QFile::encodeName(m_path);
    int flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC;
    if (links == Links::Refuse) {
        // O_NOFOLLOW refuses a link as the last component only; a link higher up is the user's own path.
        struct stat st = {};
        if (::lstat(name.constData(), &st) == 0 && S_ISLNK(st.st_mode))
            return QStringLiteral(
                       "%1: is a symbolic link; refusing to write through it (remove it, or choose "
                       "another folder)")
                .arg(m_path);
        flags |= O_NOFOLLOW;
    }
    const int fd = ::open(name.constData(), flags);
    if (fd < 0) {
        const int error = errno;
        if (error == ELOOP)
            return QStringLiteral(
                       "%1: is a symbolic link; refusing to write through it (remove it, or choose "
                       "another folder)")
                .arg(m_path);
        return QStringLiteral("%1: cannot open the folder: %2").arg(m_path, errnoText(error));
    }
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = fd;
    return {};
}

QString OutputFolder::write(const QString& name, std::string_view bytes) const
{
    const QString target = QDir(m_path).filePath(name);
    if (m_fd < 0)
        return QStringLiteral("%1: the folder is not open").arg(target);
    const QByteArray finalName = QFile::encodeName(name);
    if (finalName.isEmpty() || finalName.contains('/') || finalName == "." || finalName == "..")
        return QStringLiteral("%1: not a plain file name").arg(target);
    struct stat existing = {};
    if (::fstatat(m_fd, finalName.constData(), &existing, AT_SYMLINK_NOFOLLOW) == 0) {
        if (m_links == Links::Refuse && S_ISLNK(existing.st_mode))
            return QStringLiteral(
                       "%1: is a symbolic link; refusing to replace it (remove it, or choose another "
                       "folder)")
                .arg(target);
        if (S_ISDIR(existing.st_mode))
            return QStringLiteral("%1: is a folder").arg(target);
    }
    // A hidden name no dump discovery reads, new (O_EXCL) and never a link (O_NOFOLLOW).
    QByteArray tempName;
    int fd = -1;
    for (int attempt = 0; attempt < 16 && fd < 0; ++attempt) {
        tempName =
            '.' + finalName + '.' + QByteArray::number(QRandomGenerator::global()->generate(), 36) + ".tmp";
        fd = ::openat(m_fd, tempName.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0)
        return QStringLiteral("%1: cannot write: %2").arg(target, errnoText(errno));
    int error = writeAll(fd, bytes);
    if (::close(fd) != 0 && error == 0 && errno != EINTR)
        error = errno;
    if (error == 0 && ::renameat(m_fd, tempName.constData(), m_fd, finalName.constData()) != 0)
        error = errno;
    if (error != 0) {
        ::unlinkat(m_fd, tempName.constData(), 0);
        return QStringLiteral("%1: cannot write: %2").arg(target, errnoText(error));
    }
    return {};
}

QString writeOutputFile(const QString& path, std::string_view bytes)
{
    if (isStreamTarget(path))
        return writeStream(path, bytes);
    const QFileInfo info(path);
    OutputFolder folder;
    if (QString error = folder.open(info.absolutePath(), OutputFolder::Links::Follow); !error.isEmpty())
        return error;
    return folder.write(info.fileName(), bytes);
}

} // namespace fd
