#include "ArchiveDumps.h"

#include "ArchiveReader.h"
#include "DumpReader.h"
#include "ParallelFor.h"

#include <QHash>

namespace fd {

namespace {

// Bytes of members held before they are decoded together: large enough to keep every core busy, small
// enough that a many-GB archive never sits in memory whole.
constexpr std::size_t kBatchBytes = std::size_t(256) << 20;

} // namespace

std::vector<DumpReadResult> readArchiveDumps(const QString& archive, const std::vector<DumpFile>& files,
                                             JobPools& pools, int threads, DetailLevel details,
                                             WindowRule window, const std::atomic<bool>* cancel,
                                             const std::function<void(int, int)>& progress)
{
    std::vector<DumpReadResult> results(files.size());
    QHash<QString, std::size_t> byMember;
    for (std::size_t i = 0; i < files.size(); ++i)
        byMember.insert(files[i].member, i);
    const int total = int(files.size());
    int done = 0;
    if (progress)
        progress(0, total);

    struct Pending
    {
        std::size_t index;
        std::string bytes;
    };
    std::vector<Pending> batch;
    std::size_t batchBytes = 0;
    auto decodeBatch = [&] {
        parallelFor(batch.size(), threads, cancel, [&](std::size_t k) {
            const DumpFile& f = files[batch[k].index];
            auto read = readDumpBytes(batch[k].bytes, f.path, f.rank, pools, details, window);
            if (auto* dump = std::get_if<RankDump>(&read)) {
                dump->archivePath = archive;
                dump->archiveMember = f.member;
            }
            results[batch[k].index] = std::move(read);
        });
        done += int(batch.size());
        if (progress)
            progress(done, total);
        batch.clear();
        batchBytes = 0;
    };
    const QString error = readArchiveMembers(
        archive, [&](const QString& member) { return byMember.contains(member); },
        [&](const QString& member, std::string&& bytes, const QString& problem) {
            if (cancel && cancel->load())
                return false;
            const std::size_t index = byMember.value(member);
            if (!problem.isEmpty()) {
                results[index] = LoadError{files[index].path, files[index].rank, 0, false, problem};
                return true;
            }
            batchBytes += bytes.size();
            batch.push_back({index, std::move(bytes)});
            if (batchBytes >= kBatchBytes)
                decodeBatch();
            return true;
        });
    decodeBatch();
    if (cancel && cancel->load())
        return results;
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (!results[i])
            results[i] =
                LoadError{files[i].path, files[i].rank, 0, false,
                          error.isEmpty()
                              ? QStringLiteral("not found in the archive on the second read (did it change?)")
                              : QStringLiteral("not read: ") + error};
    }
    return results;
}

} // namespace fd
