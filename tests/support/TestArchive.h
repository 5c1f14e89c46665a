#pragma once
// Writes archives for tests with libarchive's writer, so no archive is committed: tar/zip, any filter, and
// the hostile members a real archiver would never produce from a clean folder (links, devices, "..").

#include <QByteArray>
#include <QFile>
#include <QString>

#include <archive.h>
#include <archive_entry.h>

#include <sys/stat.h>

#include <algorithm>
#include <vector>

namespace fd::test {

struct ArchiveMember
{
    QString name;
    QByteArray bytes;
    mode_t type = AE_IFREG; // AE_IFLNK, AE_IFCHR, AE_IFDIR, ...
    QString linkTarget;     // for AE_IFLNK; for a hard link with `hardlink`
    bool hardlink = false;
    qint64 zeros = 0; // appended after `bytes` in 1 MiB blocks (large members without large memory)
};

// The members a test writes, by kind (aggregate initialisation would leave fields unnamed).
inline ArchiveMember fileMember(const QString& name, const QByteArray& bytes, qint64 zeros = 0)
{
    return {name, bytes, AE_IFREG, {}, false, zeros};
}
inline ArchiveMember folderMember(const QString& name)
{
    return {name, {}, AE_IFDIR, {}, false, 0};
}
inline ArchiveMember specialMember(const QString& name, mode_t type)
{
    return {name, {}, type, {}, false, 0};
}
inline ArchiveMember symlinkMember(const QString& name, const QString& target)
{
    return {name, {}, AE_IFLNK, target, false, 0};
}
inline ArchiveMember hardlinkMember(const QString& name, const QString& target)
{
    return {name, {}, AE_IFREG, target, true, 0};
}

enum class ArchiveKind
{
    Tar,
    TarGz,
    Tgz,
    TarZst,
    TarXz,
    Zip
};

inline const char* archiveExtension(ArchiveKind k)
{
    switch (k) {
    case ArchiveKind::Tar:
        return ".tar";
    case ArchiveKind::TarGz:
        return ".tar.gz";
    case ArchiveKind::Tgz:
        return ".tgz";
    case ArchiveKind::TarZst:
        return ".tar.zst";
    case ArchiveKind::TarXz:
        return ".tar.xz";
    case ArchiveKind::Zip:
        return ".zip";
    }
    return "";
}

// Writes `members` to `path`; returns libarchive's error, empty on success.
inline QString writeArchive(const QString& path, ArchiveKind kind, const std::vector<ArchiveMember>& members)
{
    archive* a = archive_write_new();
    if (kind == ArchiveKind::Zip)
        archive_write_set_format_zip(a);
    else
        archive_write_set_format_pax_restricted(a);
    switch (kind) {
    case ArchiveKind::TarGz:
    case ArchiveKind::Tgz:
        archive_write_add_filter_gzip(a);
        break;
    case ArchiveKind::TarZst:
        archive_write_add_filter_zstd(a);
        break;
    case ArchiveKind::TarXz:
        archive_write_add_filter_xz(a);
        break;
    default:
        break;
    }
    QString error;
    auto check = [&](int r) {
        if (r < ARCHIVE_WARN && error.isEmpty())
            error = QString::fromUtf8(archive_error_string(a));
    };
    check(archive_write_open_filename(a, QFile::encodeName(path).constData()));
    const QByteArray zeroBlock(1 << 20, '\0');
    for (const ArchiveMember& m : members) {
        archive_entry* e = archive_entry_new();
        archive_entry_set_pathname(e, m.name.toUtf8().constData());
        archive_entry_set_perm(e, 0644);
        archive_entry_set_mtime(e, 1700000000, 0);
        if (m.hardlink) {
            archive_entry_set_hardlink(e, m.linkTarget.toUtf8().constData());
            archive_entry_set_filetype(e, AE_IFREG);
            archive_entry_set_size(e, 0);
        } else {
            archive_entry_set_filetype(e, m.type);
            if (m.type == AE_IFLNK)
                archive_entry_set_symlink(e, m.linkTarget.toUtf8().constData());
            if (m.type == AE_IFREG)
                archive_entry_set_size(e, m.bytes.size() + m.zeros);
        }
        check(archive_write_header(a, e));
        if (m.type == AE_IFREG && !m.hardlink) {
            archive_write_data(a, m.bytes.constData(), std::size_t(m.bytes.size()));
            for (qint64 left = m.zeros; left > 0; left -= zeroBlock.size())
                archive_write_data(a, zeroBlock.constData(),
                                   std::size_t(std::min<qint64>(left, zeroBlock.size())));
        }
        archive_entry_free(e);
    }
    check(archive_write_close(a));
    archive_write_free(a);
    return error;
}

} // namespace fd::test
