#include "SyntheticArchive.h"

#include <archive.h>
#include <archive_entry.h>

#include <QFile>

#include <algorithm>
#include <atomic>
#include <ctime>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace fd {

namespace {

// What a batch may hold before it is compressed: a few hundred ranks of 20,000-entry buffers.
constexpr std::size_t kBatchBytes = std::size_t(512) << 20;

struct ArchiveCloser
{
    void operator()(archive* a) const { archive_write_free(a); }
};

QString archiveError(archive* a, const QString& what)
{
    return QStringLiteral("%1: %2").arg(what, QString::fromLocal8Bit(archive_error_string(a)));
}

} // namespace

SyntheticJob::WriteResult writeSyntheticArchive(const SyntheticJob& job, const QString& archivePath)
{
    SyntheticJob::WriteResult result;
    std::unique_ptr<archive, ArchiveCloser> out(archive_write_new());
    const int threads = std::max(1, job.options().threads > 0 ? job.options().threads
                                                              : int(std::thread::hardware_concurrency()));
    if (archive_write_set_format_pax_restricted(out.get()) != ARCHIVE_OK ||
        archive_write_add_filter_zstd(out.get()) != ARCHIVE_OK ||
        archive_write_set_filter_option(out.get(), "zstd", "compression-level", "1") != ARCHIVE_OK) {
        result.error = archiveError(out.get(), QStringLiteral("cannot set up a .tar.zst writer"));
        return result;
    }
    // Compressing on every core where libarchive can (3.6 and later); a single-threaded compressor is slower
    // only.
    archive_write_set_filter_option(out.get(), "zstd", "threads", std::to_string(threads).c_str());
    if (archive_write_open_filename(out.get(), QFile::encodeName(archivePath).constData()) != ARCHIVE_OK) {
        result.error = archiveError(out.get(), QStringLiteral("cannot create %1").arg(archivePath));
        return result;
    }
    const int ranks = job.options().ranks;
    const std::size_t perRank = std::max<std::size_t>(1, job.dumpRank(0).size());
    const int batchRanks = int(std::clamp<std::size_t>(kBatchBytes / perRank, 1, std::size_t(ranks)));
    std::vector<std::string> batch(static_cast<std::size_t>(batchRanks));
    const std::time_t now = std::time(nullptr);
    for (int first = 0; first < ranks && result.error.isEmpty(); first += batchRanks) {
        const int count = std::min(batchRanks, ranks - first);
        std::atomic<int> next{0};
        auto worker = [&] {
            for (int k = next++; k < count; k = next++)
                batch[std::size_t(k)] =
                    first + k == job.options().missingRank ? std::string() : job.dumpRank(first + k);
        };
        std::vector<std::thread> pool;
        for (int t = 1; t < std::min(threads, count); ++t)
            pool.emplace_back(worker);
        worker();
        for (std::thread& t : pool)
            t.join();
        for (int k = 0; k < count && result.error.isEmpty(); ++k) {
            const int rank = first + k;
            if (rank == job.options().missingRank)
                continue;
            std::string& data = batch[std::size_t(k)];
            archive_entry* entry = archive_entry_new();
            archive_entry_set_pathname(entry, ("_dump_" + std::to_string(rank)).c_str());
            archive_entry_set_filetype(entry, AE_IFREG);
            archive_entry_set_perm(entry, 0644);
            archive_entry_set_size(entry, la_int64_t(data.size()));
            archive_entry_set_mtime(entry, now, 0);
            const bool ok =
                archive_write_header(out.get(), entry) == ARCHIVE_OK &&
                archive_write_data(out.get(), data.data(), data.size()) == la_ssize_t(data.size());
            archive_entry_free(entry);
            if (!ok) {
                result.error = archiveError(out.get(), QStringLiteral("cannot write %1").arg(archivePath));
                break;
            }
            ++result.files;
            result.bytes += std::int64_t(data.size());
            std::string().swap(data);
        }
    }
    if (archive_write_close(out.get()) != ARCHIVE_OK && result.error.isEmpty())
        result.error = archiveError(out.get(), QStringLiteral("cannot finish %1").arg(archivePath));
    if (!result.error.isEmpty())
        QFile::remove(archivePath);
    return result;
}

} // namespace fd
