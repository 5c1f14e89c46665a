#include "DumpReader.h"

#include "DumpContent.h"
#include "DumpFields.h"
#include "DumpTree.h"
#include "JsonDecoder.h"
#include "JsonDumpReader.h"
#include "MappedFileGuard.h"
#include "PickleDecoder.h"
#include "PickleDumpReader.h"
#include "RegularFile.h"

#include <QStringBuilder>

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include <sys/mman.h>

namespace fd {

DumpBytes::DumpBytes() = default;

DumpBytes::~DumpBytes()
{
    m_guard.reset(); // before unmapping: the address range may be reused by the next mapping
    if (m_mapped)
        ::munmap(m_mapped, m_mappedSize);
}

QString DumpBytes::open(const QString& path)
{
    m_file = std::make_unique<RegularFile>();
    if (QString error = m_file->open(path); !error.isEmpty())
        return error;
    const qint64 size = m_file->size();
    if (size == 0)
        return QStringLiteral("empty file (the rank may have been killed while writing it)");
    void* mapped = ::mmap(nullptr, std::size_t(size), PROT_READ, MAP_SHARED, m_file->fd(), 0);
    if (mapped != MAP_FAILED) {
        auto guard = std::make_unique<MappedFileGuard>(mapped, std::size_t(size));
        if (guard->active()) {
            m_guard = std::move(guard);
            m_mapped = mapped;
            m_mappedSize = std::size_t(size);
            m_view = std::string_view(static_cast<const char*>(mapped), m_mappedSize);
            // Read front to back, once: a dump not yet in the page cache is read ahead in larger requests.
            // (Not WILLNEED: on a dump already cached it walks every page for nothing, 6% of a 4096-rank
            // load.)
            posix_madvise(mapped, m_mappedSize, POSIX_MADV_SEQUENTIAL);
            return {};
        }
        ::munmap(mapped, std::size_t(size)); // no guard slot free: read it instead
    }
    // pread, not a mapping: a file cut meanwhile reads short, which changedWhileRead() reports.
    QString error;
    m_copy = m_file->read(0, size, &error);
    if (!error.isEmpty())
        return error;
    m_view = std::string_view(m_copy.constData(), std::size_t(m_copy.size()));
    return {};
}

QString DumpBytes::changedWhileRead() const
{
    if (!m_file)
        return {};
    const bool cut = m_guard && m_guard->cut();
    const bool shortRead = !m_mapped && qint64(m_view.size()) != m_file->size();
    if (!cut && !shortRead && !m_file->changedSinceOpen())
        return {};
    const QString how = m_file->changeDescription();
    return QStringLiteral(
               "the file changed while it was read (%1): a rank may be rewriting it; load it again when "
               "it has finished")
        .arg(how.isEmpty() ? QStringLiteral("it was cut short") : how);
}

DecodedDump decodeDumpBytes(std::string_view bytes, const QString& path)
{
    DecodedDump out;
    if (bytes.empty()) {
        out.error = LoadError{path, -1, 0, true,
                              QStringLiteral("empty file (the rank may have been killed while writing it)")};
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
        // Protocols 0 and 1 have no PROTO opcode: such a pickle starts with MARK, EMPTY_DICT, EMPTY_LIST or
        // EMPTY_TUPLE and ends with STOP. Torch writes protocol 2 or later (docs/dump-format.md).
        const bool oldPickle =
            std::string_view("(}])").find(char(b0)) != std::string_view::npos && bytes.back() == '.';
        out.error = LoadError{
            path, -1, 0, true,
            oldPickle ? QStringLiteral("a pickle of protocol 0 or 1 (it starts with opcode '%1', "
                                       "not PROTO 0x80), an unsupported pickle protocol: "
                                       "FlightDeck reads protocol 2 to 5, as torch writes them")
                            .arg(QLatin1Char(char(b0)))
                      : QStringLiteral("not a Flight Recorder dump: starts with byte 0x%1, neither a "
                                       "pickle (0x80) nor JSON")
                            .arg(b0, 2, 16, QLatin1Char('0'))};
        return out;
    }
    }
    if (!result.ok()) {
        out.error =
            LoadError{path, -1, result.error->offset, true, QString::fromStdString(result.error->message)};
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
                                                    JobPools& pools, DetailLevel level, WindowRule window);
} // namespace

std::variant<RankDump, LoadError> readDumpFile(const QString& path, int rank, JobPools& pools,
                                               DetailLevel level, WindowRule window)
{
    DumpBytes bytes;
    if (QString err = bytes.open(path); !err.isEmpty())
        return LoadError{path, rank, 0, false, err};
    auto result = readDumpBytes(bytes.view(), path, rank, pools, level, window);
    if (QString changed = bytes.changedWhileRead(); !changed.isEmpty())
        return LoadError{path, rank, 0, false, changed};
    return result;
}

namespace {

// A typed reader's dump (PickleDumpReader.h, JsonDumpReader.h), finished by DumpFields. Both readers go by
// one rule: nullopt when DumpFields refuses what the typed reader read, and the general path then reads the
// file again and reports the error at the byte offset its own decoder gives the value.
std::optional<RankDump> finishTyped(TypedDump& typed, const std::vector<std::string>& unknownEntryKeys,
                                    DumpFormat format, const QString& path, int rank, JobPools& pools)
{
    auto result =
        DumpFields(typed.tree, path, pools)
            .convert(rank, std::move(typed.entries), std::move(typed.times), std::move(typed.origins));
    auto* dump = std::get_if<RankDump>(&result);
    if (!dump)
        return std::nullopt;
    dump->format = format;
    dump->hasTiming = dump->hasTiming || typed.sawTiming;
    dump->hasStackTraces = dump->hasStackTraces || typed.sawFrames;
    dump->invalidUtf8Strings += typed.invalidUtf8Strings;
    for (const std::string& key : unknownEntryKeys)
        dump->warnings << DumpFields::unknownEntryKeyWarning(key);
    return std::move(*dump);
}

// The dump the typed readers make of `bytes`, when one of them knows its layout and DumpFields accepts it.
std::optional<RankDump> readTyped(std::string_view bytes, const QString& path, int rank, JobPools& pools,
                                  DetailLevel level)
{
    if (auto typed = readPickleDumpTyped(bytes, pools, level))
        return finishTyped(*typed, {}, DumpFormat::Pickle, path, rank, pools);
    if (auto typed = readJsonDumpTyped(bytes, pools, level))
        return finishTyped(*typed, typed->unknownEntryKeys, DumpFormat::Json, path, rank, pools);
    return std::nullopt;
}

// Drops what `level` does not keep (the general decoder reads everything; the typed readers already left it
// out) and says where the origins are.
void keepAtLevel(RankDump& dump, DetailLevel level)
{
    if (level != DetailLevel::Full)
        std::vector<EntryOrigin>().swap(dump.origins);
    if (level == DetailLevel::None)
        std::vector<EntryTimes>().swap(dump.times);
    dump.originsInFile = level == DetailLevel::Times;
}

} // namespace

std::variant<RankDump, LoadError> readDumpBytes(std::string_view bytes, const QString& path, int rank,
                                                JobPools& pools, DetailLevel level, WindowRule window)
{
    return checkDumpContent(readDumpBytesAsIs(bytes, path, rank, pools, level, window));
}

namespace {

std::variant<RankDump, LoadError> readDumpBytesAsIs(std::string_view bytes, const QString& path, int rank,
                                                    JobPools& pools, DetailLevel level, WindowRule window)
{
    // The times at least, for the activity summary of every entry, kept or not; keepAtLevel() drops them
    // after.
    if (auto dump = readTyped(bytes, path, rank, pools, std::max(level, DetailLevel::Times))) {
        dump->fileSize = bytes.size();
        keepWindowOfInterest(*dump, window, pools.strings);
        keepAtLevel(*dump, level);
        return std::move(*dump);
    }
    // Anything but the C++ pickler's layout or the JSON schema, and every broken file: the general decoder,
    // with precise errors.
    DecodedDump decoded = decodeDumpBytes(bytes, path);
    if (decoded.error && !decoded.partial) {
        decoded.error->rank = rank;
        return *decoded.error;
    }
    auto result = convertDump(decoded.tree, path, rank, pools);
    if (auto* dump = std::get_if<RankDump>(&result)) {
        dump->format = decoded.format;
        dump->fileSize = bytes.size();
        if (decoded.error) {
            dump->partial = true;
            dump->cutOffset = decoded.error->offset;
            dump->cutMessage = decoded.error->message;
        }
        keepWindowOfInterest(*dump, window, pools.strings);
        keepAtLevel(*dump, level);
    } else if (decoded.error) {
        decoded.error->rank = rank; // nothing usable before the cut: the cut is the reason
        return *decoded.error;
    }
    return result;
}

} // namespace

std::variant<RankDump, LoadError> convertDump(const ValueTree& tree, const QString& path, int rank,
                                              JobPools& pools)
{
    DumpFields fields(tree, path, pools);
    return refuseIfNoDump(fields.convert(rank));
}

} // namespace fd
