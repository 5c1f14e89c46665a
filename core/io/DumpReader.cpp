#include "DumpReader.h"

#include "io/DumpContent.h"
#include "io/DumpFields.h"
#include "io/DumpTree.h"
#include "io/JsonDecoder.h"
#include "io/JsonDumpReader.h"
#include "io/PickleDumpReader.h"
#include "io/PickleDecoder.h"

#include <QFile>
#include <QStringBuilder>

#include <cmath>
#ifdef Q_OS_UNIX
#include <sys/mman.h>
#endif
#include <unordered_map>

namespace fd {

DumpBytes::DumpBytes() = default;
DumpBytes::~DumpBytes() = default;

QString DumpBytes::open(const QString& path)
{
    m_file = std::make_unique<QFile>(path);
    if (!m_file->open(QIODevice::ReadOnly))
        return QStringLiteral("cannot open: ") + m_file->errorString();
    const qint64 size = m_file->size();
    if (size == 0) {
        // A pipe or /proc file reports 0; read it to be sure, a real empty file stays empty.
        m_copy = m_file->readAll();
        m_view = std::string_view(m_copy.constData(), std::size_t(m_copy.size()));
        return m_view.empty() ? QStringLiteral("empty file (the rank may have been killed while writing it)")
                              : QString();
    }
    if (uchar* mapped = m_file->map(0, size)) {
        m_view = std::string_view(reinterpret_cast<const char*>(mapped), std::size_t(size));
#ifdef Q_OS_UNIX
        // Read front to back, once: a dump not yet in the page cache is read ahead in larger requests. (Not
        // WILLNEED: on a dump already cached it walks every page for nothing, 6% of a 4096-rank load.)
        posix_madvise(mapped, std::size_t(size), POSIX_MADV_SEQUENTIAL);
#endif
        return {};
    }
    m_copy = m_file->readAll();
    if (m_copy.size() != size)
        return QStringLiteral("read error: ") + m_file->errorString();
    m_view = std::string_view(m_copy.constData(), std::size_t(m_copy.size()));
    return {};
}

DecodedDump decodeDumpBytes(std::string_view bytes, const QString& path)
{
    DecodedDump out;
    if (bytes.empty()) {
        out.error = LoadError{path, -1, 0, true, QStringLiteral("empty file (the rank may have been killed while writing it)")};
        return out;
    }
    DecodeResult result;
    switch (sniffDump(bytes)) {
    case DumpSniff::Pickle:
        out.format = DumpFormat::Pickle;
        result = decodePickle(bytes);
        break;
    case DumpSniff::Json:
        out.format = DumpFormat::Json;
        result = decodeJson(bytes);
        break;
    case DumpSniff::Neither: {
        const auto b0 = static_cast<unsigned char>(bytes[0]);
        out.error = LoadError{path, -1, 0, true,
                              QStringLiteral("not a Flight Recorder dump: starts with byte 0x%1, neither a pickle "
                                             "(0x80) nor JSON")
                                  .arg(b0, 2, 16, QLatin1Char('0'))};
        return out;
    }
    }
    if (!result.ok()) {
        out.error = LoadError{path, -1, result.error->offset, true, QString::fromStdString(result.error->message)};
        out.partial = result.partial;
        if (out.partial)
            out.tree = std::move(result.tree);
        return out;
    }
    out.tree = std::move(result.tree);
    return out;
}

namespace {
std::variant<RankDump, LoadError> readDumpBytesAsIs(std::string_view bytes, const QString& path, int rank,
                                                    JobPools& pools, DetailLevel level);
} // namespace

std::variant<RankDump, LoadError> readDumpFile(const QString& path, int rank, JobPools& pools, DetailLevel level)
{
    DumpBytes bytes;
    if (QString err = bytes.open(path); !err.isEmpty())
        return LoadError{path, rank, 0, false, err};
    return readDumpBytes(bytes.view(), path, rank, pools, level);
}

namespace {

// The typed JSON reader's dump, finished by DumpFields. Nullopt when DumpFields finds an error: the general path
// then reports it, at the offset its own decoder gives the value.
std::optional<RankDump> convertTypedJson(TypedJsonDump& typed, const QString& path, int rank, JobPools& pools)
{
    auto result = DumpFields(typed.tree, path, pools)
                      .convert(rank, std::move(typed.entries), std::move(typed.times), std::move(typed.origins));
    auto* dump = std::get_if<RankDump>(&result);
    if (!dump)
        return std::nullopt;
    dump->format = DumpFormat::Json;
    dump->hasTiming = dump->hasTiming || typed.sawTiming;
    dump->hasStackTraces = dump->hasStackTraces || typed.sawFrames;
    for (const std::string& key : typed.unknownEntryKeys)
        dump->warnings << DumpFields::unknownEntryKeyWarning(key);
    return std::move(*dump);
}

// Drops what `level` does not keep (the general decoder reads everything; the typed readers already left it out)
// and says where the origins are.
void keepAtLevel(RankDump& dump, DetailLevel level)
{
    if (level != DetailLevel::Full)
        std::vector<EntryOrigin>().swap(dump.origins);
    if (level == DetailLevel::None)
        std::vector<EntryTimes>().swap(dump.times);
    dump.originsInFile = level == DetailLevel::Times;
}

} // namespace

std::variant<RankDump, LoadError> readDumpBytes(std::string_view bytes, const QString& path, int rank, JobPools& pools,
                                                DetailLevel level)
{
    return checkDumpContent(readDumpBytesAsIs(bytes, path, rank, pools, level));
}

namespace {

std::variant<RankDump, LoadError> readDumpBytesAsIs(std::string_view bytes, const QString& path, int rank,
                                                    JobPools& pools, DetailLevel level)
{
    if (auto typed = readPickleDumpTyped(bytes, pools, level)) {
        auto result = DumpFields(typed->tree, path, pools)
                          .convert(rank, std::move(typed->entries), std::move(typed->times), std::move(typed->origins));
        if (auto* dump = std::get_if<RankDump>(&result)) {
            dump->fileSize = bytes.size(); // format: Pickle, the default
            dump->hasTiming = dump->hasTiming || typed->sawTiming;
            dump->hasStackTraces = dump->hasStackTraces || typed->sawFrames;
            dump->invalidUtf8Strings += typed->invalidUtf8Strings;
            keepAtLevel(*dump, level);
        }
        return result;
    }
    if (auto typed = readJsonDumpTyped(bytes, pools, level)) {
        if (auto dump = convertTypedJson(*typed, path, rank, pools)) {
            dump->fileSize = bytes.size();
            keepAtLevel(*dump, level);
            return std::move(*dump);
        }
    }
    // Anything but the C++ pickler's layout or the JSON schema, and every broken file: the general decoder, with
    // precise errors.
    DecodedDump decoded = decodeDumpBytes(bytes, path);
    if (decoded.error && !decoded.partial) {
        decoded.error->rank = rank;
        return *decoded.error;
    }
    auto result = convertDump(decoded.tree, path, rank, pools);
    if (auto* dump = std::get_if<RankDump>(&result)) {
        keepAtLevel(*dump, level);
        dump->format = decoded.format;
        dump->fileSize = bytes.size();
        if (decoded.error) {
            dump->partial = true;
            dump->cutOffset = decoded.error->offset;
            dump->cutMessage = decoded.error->message;
        }
    } else if (decoded.error) {
        decoded.error->rank = rank; // nothing usable before the cut: the cut is the reason
        return *decoded.error;
    }
    return result;
}

} // namespace

std::variant<RankDump, LoadError> convertDump(const ValueTree& tree, const QString& path, int rank, JobPools& pools)
{
    DumpFields fields(tree, path, pools);
    return refuseIfNoDump(fields.convert(rank));
}

} // namespace fd
