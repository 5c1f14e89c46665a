// libFuzzer entry point for the archive path: the input is an archive in memory, read by ArchiveReader with
// every check it applies to a file, under limits scaled down so that a fuzzed bomb costs milliseconds. Each
// member it hands on must have a name that stays below the archive's root and a size within the limits; a
// member it accepts then goes through the decoder checks, as a dump read from an archive does.

#include "DecoderChecks.h"

#include "core/io/ArchiveReader.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <cstdlib>

namespace {

fd::ArchiveLimits fuzzLimits()
{
    fd::ArchiveLimits limits;
    limits.maxMemberBytes = 1 << 20;
    limits.maxTotalBytes = 4 << 20;
    limits.ratioFloorBytes = 64 << 10;
    limits.maxMembers = 256;
    return limits;
}

// A member name the reader let through: relative, without "." or ".." parts or empty parts.
bool safeName(const QString& member)
{
    if (member.isEmpty() || member.startsWith(QLatin1Char('/')))
        return false;
    const QStringList parts = member.split(QLatin1Char('/'));
    for (const QString& part : parts) {
        if (part.isEmpty() || part == QLatin1String(".") || part == QLatin1String("..") ||
            part.contains(QLatin1Char('\\')))
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const fd::ArchiveLimits limits = fuzzLimits();
    int members = 0;
    (void)fd::readArchiveMembersFromMemory(
        data, size, [](const QString&) { return true; },
        [&](const QString& member, std::string&& bytes, const QString& problem) {
            if (!safeName(member) || qint64(bytes.size()) > limits.maxMemberBytes ||
                ++members > limits.maxMembers)
                std::abort();
            if (problem.isEmpty())
                (void)fd::fuzz::checkDecoders(bytes);
            return true;
        },
        limits);
    return 0;
}
