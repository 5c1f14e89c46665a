// libFuzzer entry point for what a dump folder can hold besides dumps: the input describes a small folder
// (records of kind, name and content), which is made for real in a temporary folder: regular files, FIFOs,
// links to /dev/zero, to a FIFO, to a file or to nothing, subfolders. Discovery and the loader then run over
// it. Nothing may hang (a FIFO opened for reading blocks; libFuzzer's -timeout catches it), no special file
// may be read as a dump, every special file named like a dump must be said (a note or an error), and the cost
// stays linear (CostBudget).

#include "CostBudget.h"

#include "core/io/DumpDiscovery.h"
#include "core/io/JobLoader.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include <sys/stat.h>

namespace {

enum Kind : std::uint8_t
{
    Regular,
    Fifo,
    LinkToZero,
    LinkToFifo,
    LinkToFile,
    BrokenLink,
    Folder,
    KindCount
};

QString nameFor(std::uint8_t byte)
{
    static const char* const kPrefixes[] = {"_dump_", "_dump_0", "rank_", "x"};
    return QLatin1String(kPrefixes[(byte >> 4) % 4]) + QString::number(byte & 7) +
           ((byte & 8) ? QStringLiteral(".json") : QString());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fd::fuzz::CostBudget budget(size, fd::fuzz::CostBudget::kFileTargetFixedMs);
    QTemporaryDir dir, aside;
    const QString fifoAside = aside.filePath(QStringLiteral("fifo"));
    const QString fileAside = aside.filePath(QStringLiteral("file"));
    ::mkfifo(QFile::encodeName(fifoAside).constData(), 0600);
    QSet<QString> special; // paths that are not regular files
    std::size_t at = 0;
    for (int records = 0; records < 16 && at + 3 <= size; ++records) {
        const auto kind = Kind(data[at] % KindCount);
        const QString path = dir.filePath(nameFor(data[at + 1]));
        const std::size_t length = std::min<std::size_t>(data[at + 2] * 16, size - at - 3);
        const QByteArray content(reinterpret_cast<const char*>(data + at + 3), qsizetype(length));
        at += 3 + length;
        if (QFileInfo::exists(path) || QFileInfo(path).isSymLink())
            continue;
        const QByteArray native = QFile::encodeName(path);
        switch (kind) {
        case Regular:
        case LinkToFile: {
            QFile f(kind == Regular ? path : fileAside);
            if (f.open(QIODevice::WriteOnly))
                f.write(content);
            if (kind == LinkToFile)
                QFile::link(fileAside, path);
            break;
        }
        case Fifo:
            ::mkfifo(native.constData(), 0600);
            special.insert(path);
            break;
        case LinkToZero:
            QFile::link(QStringLiteral("/dev/zero"), path);
            special.insert(path);
            break;
        case LinkToFifo:
            QFile::link(fifoAside, path);
            special.insert(path);
            break;
        case BrokenLink:
            QFile::link(aside.filePath(QStringLiteral("nothing")), path);
            special.insert(path);
            break;
        case Folder:
            QDir().mkdir(path);
            break;
        case KindCount:
            break;
        }
    }
    const fd::Discovery found = fd::discoverDumps(dir.path());
    QString said = found.notes.join(QLatin1Char('\n'));
    for (const fd::LoadError& e : found.errors)
        said += e.toString();
    for (const fd::DumpFile& f : found.files) {
        if (special.contains(f.path)) {
            std::fprintf(stderr, "a special file was chosen as a dump: %s\n", qPrintable(f.path));
            std::abort();
        }
    }
    for (const QString& path : special) {
        // (A note names five files per reason, then "and N more".)
        if (special.size() <= 5 && fd::rankFromFileName(QFileInfo(path).fileName()) >= 0 &&
            QFileInfo(path).fileName().startsWith(QLatin1String("_dump_")) &&
            !said.contains(QFileInfo(path).fileName())) {
            std::fprintf(stderr, "a special file named like a dump went unsaid: %s\n", qPrintable(path));
            std::abort();
        }
    }
    fd::LoadOptions options;
    options.frPath = dir.path();
    options.threads = 1;
    const auto job = fd::loadJob(options);
    for (const fd::RankDump& d : job->dumps) {
        if (special.contains(d.filePath))
            std::abort();
    }
    return 0;
}
