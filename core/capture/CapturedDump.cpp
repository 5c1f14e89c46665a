#include "CapturedDump.h"

#include "core/io/DumpReader.h"
#include "core/model/JobPools.h"
#include "core/model/RankDump.h"

#include <QCoreApplication>

#include <algorithm>
#include <iterator>

namespace fd {

namespace {

struct CapturedDumpText
{
    Q_DECLARE_TR_FUNCTIONS(fd::CapturedDump)
};

} // namespace

CapturedDumpCheck checkCapturedDump(const QByteArray& bytes)
{
    CapturedDumpCheck out;
    out.pickle = !bytes.isEmpty() && static_cast<unsigned char>(bytes.front()) == 0x80;
    if (out.pickle && bytes.back() != '.') {
        out.problem =
            CapturedDumpText::tr("truncated pickle (%1 bytes, no STOP at the end)").arg(bytes.size());
        return out;
    }
    JobPools pools;
    const auto read = readDumpBytes(
        std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), QString(), -1, pools);
    if (const auto* error = std::get_if<LoadError>(&read)) {
        const QString where =
            error->hasOffset ? CapturedDumpText::tr("byte %1: ").arg(error->offset) : QString();
        out.problem = CapturedDumpText::tr("not a Flight Recorder dump (%1 bytes): %2%3")
                          .arg(bytes.size())
                          .arg(where, error->message);
        return out;
    }
    out.rank = rankNamedByDump(std::get<RankDump>(read), pools);
    out.entries = std::get<RankDump>(read).entries.size();
    return out;
}

} // namespace fd
