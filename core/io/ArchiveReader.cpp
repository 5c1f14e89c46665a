#include "ArchiveReader.h"

#include <QFile>
#include <QRegularExpression>
#include <QStringBuilder>

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <memory>

namespace fd {

namespace {

// What an archive's name ends in, for isArchivePath and for refusing archives inside archives.
const char* const kArchiveExtensions[] = {".tar", ".tar.gz", ".tgz", ".tar.zst", ".tar.xz", ".zip"};
// Compressed or archive members: a dump is never one, an archive inside the archive is (nesting).
const char* const kNestedExtensions[] = {".tar", ".tgz", ".gz", ".zst", ".xz",
                                         ".bz2", ".zip", ".7z", ".rar", ".lz4"};

struct ArchiveFree
{
    void operator()(archive* a) const { archive_read_free(a); }
};
using ArchivePtr = std::unique_ptr<archive, ArchiveFree>;

bool endsWithAny(const QString& name, const auto& extensions)
{
    return std::any_of(std::begin(extensions), std::end(extensions), [&](const char* ext) {
        return name.endsWith(QLatin1String(ext), Qt::CaseInsensitive);
    });
}

// The first bytes of the compressed and archive formats libarchive (or anything else) would unpack.
bool startsLikeArchive(std::string_view head)
{
    static constexpr std::string_view magics[] = {
        std::string_view("\x1f\x8b", 2),         // gzip
        std::string_view("\x28\xb5\x2f\xfd", 4), // zstd
        std::string_view("\xfd"
                         "7zXZ\x00",
                         6),                       // xz
        std::string_view("BZh", 3),                // bzip2
        std::string_view("PK\x03\x04", 4),         // zip
        std::string_view("7z\xbc\xaf\x27\x1c", 6), // 7-Zip
        std::string_view("Rar!\x1a\x07", 6),       // RAR
    };
    return std::any_of(std::begin(magics), std::end(magics),
                       [&](std::string_view m) { return head.substr(0, m.size()) == m; });
}

// Tar and zip only, with the compressions dumps are shipped in. A filter that libarchive could only provide
// by running an external program (ARCHIVE_WARN) is refused: a dump is never handed to another program.
QString configure(archive* a)
{
    archive_read_support_format_tar(a);
    archive_read_support_format_zip(a);
    for (auto support : {archive_read_support_filter_gzip, archive_read_support_filter_xz,
                         archive_read_support_filter_zstd, archive_read_support_filter_bzip2}) {
        if (support(a) != ARCHIVE_OK)
            return QStringLiteral("this libarchive lacks built-in support for one of gzip, xz, zstd, bzip2");
    }
    return {};
}

// The member name as a path below the archive's root: "./a//b" -> "a/b". Empty, with `why` set, for a name
// that would leave the root (absolute, a drive letter, a ".." part) once extracted.
QString safeMemberPath(const QString& raw, QString* why)
{
    if (raw.startsWith(QLatin1Char('/')) || raw.startsWith(QLatin1Char('\\')) ||
        (raw.size() >= 2 && raw[1] == QLatin1Char(':'))) {
        *why = QStringLiteral("absolute path in the archive (path traversal)");
        return {};
    }
    QStringList parts;
    for (const QString& part : raw.split(QRegularExpression(QStringLiteral("[/\\\\]")), Qt::SkipEmptyParts)) {
        if (part == QLatin1String("..")) {
            *why = QStringLiteral("\"..\" in a member name (path traversal)");
            return {};
        }
        if (part != QLatin1String("."))
            parts << part;
    }
    if (parts.isEmpty())
        *why = QStringLiteral("member without a name");
    return parts.join(QLatin1Char('/'));
}

QString nestedMessage()
{
    return QStringLiteral(
        "an archive inside the archive (nested archives are not opened; extract the outer one first)");
}

QString fileTypeName(mode_t type)
{
    switch (type) {
    case AE_IFLNK:
        return QStringLiteral("symbolic link");
    case AE_IFCHR:
        return QStringLiteral("character device");
    case AE_IFBLK:
        return QStringLiteral("block device");
    case AE_IFIFO:
        return QStringLiteral("named pipe");
    case AE_IFSOCK:
        return QStringLiteral("socket");
    default:
        return QStringLiteral("special file");
    }
}

// How a pass over an archive ended: at its end, on a hostile member (nothing from it may be used), or on
// damage libarchive cannot read past (what came before stands).
enum class StreamStop
{
    AtEnd,
    Hostile,
    Damaged
};
struct StreamEnd
{
    StreamStop stop = StreamStop::AtEnd;
    QString message;
};

// One pass over an archive, with every check. `keep` says how many bytes of a member to hand on: all of it
// (loading), its head (listing) or none.
class MemberStream
{
public:
    using Open = std::function<int(archive*)>;
    using Keep = std::function<qint64(const QString& member)>; // bytes to keep; -1: all
    // `problem`: the member's data is damaged (`bytes` then holds what was read before). Returns false to
    // stop.
    using Take = std::function<bool(const QString& member, qint64 declared, std::string&& bytes,
                                    const QString& problem)>;

    MemberStream(Open open, const ArchiveLimits& limits) : m_open(std::move(open)), m_limits(limits) {}

    StreamEnd run(const Keep& keep, const Take& take)
    {
        if (StreamEnd opened = reopen(); opened.stop != StreamStop::AtEnd)
            return opened;
        int index = -1;    // of the header just read, in archive order
        int handedOn = -1; // the last header a pass before this one already dealt with
        for (;;) {
            archive_entry* entry = nullptr;
            const int r = archive_read_next_header(m_a.get(), &entry);
            if (r == ARCHIVE_EOF)
                return {};
            if (r < ARCHIVE_WARN) {
                if (m_lastMember.isEmpty())
                    return damaged(QStringLiteral("not a readable archive: ") + libarchiveError());
                return damaged(QStringLiteral("damaged after member ") % m_lastMember % QStringLiteral(": ") %
                               libarchiveError() % QStringLiteral("; the members after it cannot be read"));
            }
            if (++index <= handedOn)
                continue; // a zip reopened after damage: seek past what was read (zip skips without
                          // decompressing)
            const char* raw = archive_entry_pathname_utf8(entry);
            if (!raw)
                raw = archive_entry_pathname(entry);
            QString why;
            const QString member = safeMemberPath(raw ? QString::fromUtf8(raw) : QString(), &why);
            m_lastMember = member.isEmpty() ? QString::fromUtf8(raw ? raw : "") : member;
            if (!why.isEmpty())
                return hostile(m_lastMember, why);
            if (archive_entry_hardlink(entry))
                return hostile(member, QStringLiteral("hard link (links are not followed in archives)"));
            const mode_t type = archive_entry_filetype(entry);
            if (type == AE_IFDIR)
                continue;
            if (type != AE_IFREG)
                return hostile(member, fileTypeName(type) +
                                           QStringLiteral(" (only regular files are read from archives)"));
            if (endsWithAny(member, kNestedExtensions))
                return hostile(member, nestedMessage());
            if (++m_members > m_limits.maxMembers)
                return hostile(member, QStringLiteral("more than %1 members").arg(m_limits.maxMembers));
            const qint64 declared = archive_entry_size_is_set(entry) ? qint64(archive_entry_size(entry)) : -1;
            if (declared > m_limits.maxMemberBytes)
                return hostile(member, sizeLimitMessage(declared));
            std::string bytes;
            const StreamEnd data = readData(member, declared, keep(member), bytes);
            if (data.stop == StreamStop::Hostile)
                return data;
            // Damaged data costs this member only, unless libarchive cannot go on to the next one.
            const bool fatal = data.stop == StreamStop::Damaged && m_lastStatus == ARCHIVE_FATAL;
            if (!take(member, declared, std::move(bytes), data.message))
                return {};
            if (!fatal)
                continue;
            // A zip's members stand apart (its central directory says where each starts): reopen, and go on
            // after the damaged one. A compressed tar is one stream: nothing after the damage can be found.
            if (archive_format(m_a.get()) == ARCHIVE_FORMAT_ZIP) {
                if (StreamEnd opened = reopen(); opened.stop != StreamStop::AtEnd)
                    return opened;
                handedOn = index;
                index = -1;
                continue;
            }
            return damaged(QStringLiteral("damaged in member ") % member % QStringLiteral(": ") %
                           data.message % QStringLiteral("; the members after it cannot be read"));
        }
    }

private:
    static QString failure(const QString& member, const QString& why)
    {
        return member.isEmpty() ? why : QStringLiteral("member ") % member % QStringLiteral(": ") % why;
    }
    static StreamEnd hostile(const QString& member, const QString& why)
    {
        return {StreamStop::Hostile, failure(member, why)};
    }
    static StreamEnd damaged(const QString& message) { return {StreamStop::Damaged, message}; }
    QString libarchiveError() const
    {
        const char* e = archive_error_string(m_a.get());
        return QString::fromUtf8(e ? e : "unknown libarchive error");
    }
    QString sizeLimitMessage(qint64 bytes) const
    {
        return QStringLiteral("member of %1 bytes exceeds the limit of %2 bytes per member")
            .arg(bytes)
            .arg(m_limits.maxMemberBytes);
    }

    // Reads the member's data to its end (compressed data must be decompressed to reach the next member
    // anyway), checking the sizes and the compression ratio on every block.
    StreamEnd readData(const QString& member, qint64 declared, qint64 keep, std::string& bytes)
    {
        const void* block = nullptr;
        size_t size = 0;
        la_int64_t offset = 0;
        qint64 end = 0;
        bool sniffed = false;
        if (keep < 0 && declared > 0)
            bytes.reserve(std::size_t(declared));
        int r;
        while ((r = archive_read_data_block(m_a.get(), &block, &size, &offset)) == ARCHIVE_OK) {
            // Sparse tar members jump ahead; the hole reads as zeros, so it counts as unpacked bytes too (a
            // member that is all hole would otherwise pass the ratio check and still fill memory).
            const qint64 newEnd = std::max(end, qint64(offset) + qint64(size));
            m_total += newEnd - end;
            m_sinceOpen += newEnd - end;
            end = newEnd;
            if (declared >= 0 && end > declared)
                return hostile(
                    member, QStringLiteral("holds more than the %1 bytes its header declares").arg(declared));
            if (end > m_limits.maxMemberBytes)
                return hostile(member, sizeLimitMessage(end));
            if (m_total > m_limits.maxTotalBytes)
                return hostile(
                    member,
                    QStringLiteral("the archive unpacks to more than %1 bytes").arg(m_limits.maxTotalBytes));
            const qint64 packed = std::max<qint64>(1, archive_filter_bytes(m_a.get(), -1));
            if (m_sinceOpen > m_limits.ratioFloorBytes && m_sinceOpen / packed > m_limits.maxRatio)
                return hostile(
                    member,
                    QStringLiteral(
                        "the archive unpacks to more than %1 times its compressed size by here (a zip bomb?)")
                        .arg(m_limits.maxRatio));
            const std::string_view data(static_cast<const char*>(block), size);
            if (!sniffed && offset == 0 && size > 0) {
                sniffed = true;
                if (startsLikeArchive(data))
                    return hostile(member, nestedMessage());
            }
            const qint64 want = keep < 0 ? end : std::min(keep, end);
            if (qint64(bytes.size()) < want) {
                bytes.resize(std::size_t(std::min<qint64>(want, offset)), '\0');
                bytes.append(data.substr(0, std::size_t(want - qint64(bytes.size()))));
            }
        }
        m_lastStatus = r;
        if (r != ARCHIVE_EOF)
            return damaged(QStringLiteral("damaged data: ") + libarchiveError());
        return {};
    }

    // A fresh reader on the archive, from its start.
    StreamEnd reopen()
    {
        m_a.reset(archive_read_new());
        m_sinceOpen = 0;
        if (!m_a)
            return damaged(QStringLiteral("out of memory"));
        if (QString err = configure(m_a.get()); !err.isEmpty())
            return damaged(err);
        if (m_open(m_a.get()) != ARCHIVE_OK)
            return damaged(QStringLiteral("cannot open as an archive: ") + libarchiveError());
        return {};
    }

    Open m_open;
    ArchivePtr m_a;
    const ArchiveLimits& m_limits;
    QString m_lastMember;
    int m_lastStatus = ARCHIVE_OK;
    qint64 m_total = 0; // unpacked bytes, all passes (the total cap)
    qint64 m_sinceOpen =
        0; // unpacked bytes since the archive was (re)opened, against its packed bytes (the ratio)
    int m_members = 0;
};

// Opens the archive with `open` (a file or memory) and runs one checked pass over it.
StreamEnd streamArchive(const MemberStream::Open& open, const MemberStream::Keep& keep,
                        const MemberStream::Take& take, const ArchiveLimits& limits)
{
    return MemberStream(open, limits).run(keep, take);
}

// The load pass: the wanted members whole, the others passed over (but checked).
QString readMembers(const std::function<int(archive*)>& open,
                    const std::function<bool(const QString&)>& wanted, const MemberTake& take,
                    const ArchiveLimits& limits)
{
    return streamArchive(
               open, [&](const QString& member) { return wanted(member) ? qint64(-1) : qint64(0); },
               [&](const QString& member, qint64, std::string&& bytes, const QString& problem) {
                   return !wanted(member) || take(member, std::move(bytes), problem);
               },
               limits)
        .message;
}

int openFile(archive* a, const QString& path)
{
    return archive_read_open_filename(a, QFile::encodeName(path).constData(), 64 * 1024);
}

} // namespace

bool isArchivePath(const QString& path)
{
    return endsWithAny(path, kArchiveExtensions);
}

QStringList archiveNameFilters()
{
    QStringList filters;
    for (const char* ext : kArchiveExtensions)
        filters << QLatin1Char('*') + QLatin1String(ext);
    return filters;
}

ArchiveListing listArchive(const QString& archivePath, int headBytes, const ArchiveLimits& limits)
{
    ArchiveListing out;
    out.tree.root = archivePath;
    const StreamEnd end = streamArchive(
        [&](archive* a) { return openFile(a, archivePath); },
        [headBytes](const QString&) { return qint64(headBytes); },
        [&](const QString& member, qint64 declared, std::string&& head, const QString&) {
            // A damaged member is listed all the same: reading it names the damage as that rank's error.
            out.tree.files.push_back({member, declared, QByteArray(head.data(), qsizetype(head.size())), {}});
            return true;
        },
        limits);
    if (end.stop == StreamStop::Hostile) {
        out.error = end.message;
        out.tree.files.clear();
        return out;
    }
    out.damage = end.message;
    std::sort(out.tree.files.begin(), out.tree.files.end(),
              [](const TreeFile& a, const TreeFile& b) { return a.relativePath < b.relativePath; });
    // Tar allows a name twice (extracting keeps the last); which one is the dump would be a guess.
    const auto twice = std::adjacent_find(
        out.tree.files.begin(), out.tree.files.end(),
        [](const TreeFile& a, const TreeFile& b) { return a.relativePath == b.relativePath; });
    if (twice != out.tree.files.end()) {
        out.error = QStringLiteral("member ") % twice->relativePath %
                    QStringLiteral(": appears twice in the archive (which one is the dump would be a guess)");
        out.damage.clear();
        out.tree.files.clear();
    }
    return out;
}

QString readArchiveMembers(const QString& archivePath, const std::function<bool(const QString&)>& wanted,
                           const MemberTake& take, const ArchiveLimits& limits)
{
    return readMembers([&](archive* a) { return openFile(a, archivePath); }, wanted, take, limits);
}

QString readArchiveMembersFromMemory(const void* data, std::size_t size,
                                     const std::function<bool(const QString&)>& wanted,
                                     const MemberTake& take, const ArchiveLimits& limits)
{
    return readMembers([&](archive* a) { return archive_read_open_memory(a, data, size); }, wanted, take,
                       limits);
}

} // namespace fd
