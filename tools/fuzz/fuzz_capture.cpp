// libFuzzer entry point for the capture path after the socket: the input is a worker server's whole answer.
// It goes through HttpResponseParser; a complete 200 answer goes through checkCapturedDump and
// CaptureFolder::keep, as LiveCapture does, into a real capture folder. Whatever the capture keeps must then
// load as a dump with the loader's own reader (a capture never writes a file that the analysis cannot read),
// and the whole path costs no more than linear time (CostBudget).

#include "CostBudget.h"

#include "core/capture/CaptureFolder.h"
#include "core/capture/CaptureResult.h"
#include "core/capture/HttpResponseParser.h"
#include "core/io/DumpReader.h"
#include "core/model/JobPools.h"

#include <QDir>
#include <QTemporaryDir>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static QTemporaryDir out; // one folder for the run; each input's capture folder is removed after it
    const fd::fuzz::CostBudget budget(size, fd::fuzz::CostBudget::kFileTargetFixedMs);
    fd::HttpResponseParser parser(1 << 20);
    parser.feed(QByteArray(reinterpret_cast<const char*>(data), qsizetype(size)));
    if (parser.finish() != fd::HttpResponseParser::State::Done || parser.status() != 200)
        return 0;
    fd::CaptureFolder folder;
    if (!folder.create(out.path()).isEmpty())
        std::abort();
    fd::RankCapture rank;
    rank.rank = 0;
    const QString problem = folder.keep(rank, parser.body());
    if (!folder.commit().isEmpty())
        std::abort();
    if (problem.isEmpty()) {
        if (rank.file.isEmpty() || folder.folder().isEmpty())
            std::abort();
        fd::JobPools pools;
        const auto read = fd::readDumpFile(QDir(folder.folder()).filePath(rank.file), rank.rank, pools);
        if (const auto* error = std::get_if<fd::LoadError>(&read)) {
            std::fprintf(stderr, "kept a dump the loader refuses: %s\n", qPrintable(error->toString()));
            std::abort();
        }
    } else if (!folder.folder().isEmpty()) {
        std::abort(); // nothing kept: no folder may be left
    }
    if (!folder.folder().isEmpty())
        QDir(folder.folder()).removeRecursively();
    return 0;
}
