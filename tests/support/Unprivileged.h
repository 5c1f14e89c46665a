#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

#include <cerrno>
#include <cstring>

#include <sys/stat.h>
#include <unistd.h>

namespace fd::test {

// While it lives, a process running as root acts as the unprivileged user `nobody`, so that a folder whose
// permissions say "not readable" is not readable to it: root's capabilities (CAP_DAC_OVERRIDE,
// CAP_DAC_READ_SEARCH) would read it anyway, and CI runs the tests as root. The real uid changes too, as
// access(2), which QFileInfo::isReadable asks, checks the real one. glibc's setresuid changes every thread of
// the process, the loader's pool included, and the saved uid stays 0, so the destructor can take root back.
// Outside root it changes nothing.
class Unprivileged
{
public:
    static constexpr uid_t kNobody = 65534;

    Unprivileged()
    {
        if (::geteuid() != 0)
            return;
        if (::setresgid(kNobody, kNobody, 0) != 0 || ::setresuid(kNobody, kNobody, 0) != 0) {
            m_error = QString::fromLocal8Bit(::strerror(errno));
            (void)!::setresgid(0, 0, 0);
            return;
        }
        m_dropped = true;
    }
    ~Unprivileged()
    {
        if (!m_dropped)
            return;
        (void)!::setresuid(0, 0, 0); // first: only root may change the group back
        (void)!::setresgid(0, 0, 0);
    }
    Unprivileged(const Unprivileged&) = delete;
    Unprivileged& operator=(const Unprivileged&) = delete;

    // True when permissions now bind this process: it was not root, or it is nobody now.
    bool permissionsApply() const { return ::geteuid() != 0 && ::getuid() != 0; }
    // Why it is still root (setuid refused, for example in a container without CAP_SETUID).
    QString error() const { return m_error; }

    // A folder made by QTemporaryDir is its owner's alone (0700); `nobody` must be let into it to see what
    // the test put there. The files the tests copy in are readable by all.
    static bool openToOthers(const QString& folder)
    {
        return ::chmod(QFile::encodeName(folder).constData(), 0755) == 0;
    }

private:
    bool m_dropped = false;
    QString m_error;
};

// While it lives, `folder` is readable by nobody but root (mode 0); then it is 0755 again, so that the
// temporary folder holding it can be removed.
class LockedFolder
{
public:
    explicit LockedFolder(const QString& folder) : m_path(QFile::encodeName(folder))
    {
        m_locked = ::chmod(m_path.constData(), 0) == 0;
    }
    ~LockedFolder() { ::chmod(m_path.constData(), 0755); }
    LockedFolder(const LockedFolder&) = delete;
    LockedFolder& operator=(const LockedFolder&) = delete;

    bool locked() const { return m_locked; }

private:
    QByteArray m_path;
    bool m_locked = false;
};

} // namespace fd::test
