#include "TypedReaderCheck.h"

#include "core/io/DumpFields.h"
#include "core/io/PickleDecoder.h"
#include "core/io/PickleDumpReader.h"
#include "core/model/JobPools.h"

#include <QStringList>
#include <QTextStream>

#include <algorithm>
#include <iterator>

#include <cstdio>
#include <cstdlib>
#include <variant>

namespace fd::fuzz {

namespace {

QString describe(const RankDump& d, const JobPools& pools)
{
    QString out;
    QTextStream s(&out);
    s << d.version << ' ' << d.versionMajor << '.' << d.versionMinor << ' ' << d.commLibVersion << ' '
      << d.hasEntriesKey << d.hasStackTraces << d.hasTiming << ' ' << d.warnings.join(QLatin1Char('|'))
      << '\n';
    for (const PgConfig& pg : d.pgConfigs) {
        s << "pg " << pools.str(pg.name) << ' ' << pools.str(pg.desc);
        for (int r : pools.ranks(pg.ranks))
            s << ' ' << r;
        s << '\n';
    }
    for (const PgStatus& st : d.pgStatus)
        s << "status " << st.localPgId << ' ' << st.lastEnqueued << ' ' << st.lastStarted << ' '
          << st.lastCompleted << '\n';
    for (const HealthCheck& h : d.health)
        s << "health " << h.component << ' ' << h.status << ' ' << h.output << '\n';
    if (d.times.size() != d.entries.size() || d.origins.size() != d.entries.size())
        s << "times " << d.times.size() << ", origins " << d.origins.size() << " for " << d.entries.size()
          << " entries\n";
    for (std::size_t i = 0; i < d.entries.size(); ++i) {
        const Entry& e = d.entries[i];
        // The two halves as one record, printed as before they were split.
        const EntryTimes& t = d.timesOf(i);
        const EntryOrigin& o = d.originOf(i);
        const EntryDetails x{o.opId,
                             t.timeCreatedNs,
                             t.timeDiscoveredStartedNs,
                             t.timeDiscoveredCompletedNs,
                             t.durationMs,
                             o.timeoutMs,
                             o.threadName,
                             o.threadId,
                             o.frames};
        const EntryPg pg = pools.entryPg(e.pg);
        s << e.recordId << ' ' << e.collectiveSeqId << ' ' << e.p2pSeqId << ' ' << x.opId << ' '
          << x.timeCreatedNs << ' ' << x.timeDiscoveredStartedNs << ' ' << x.timeDiscoveredCompletedNs << ' '
          << QString::number(x.durationMs, 'g', 17) << ' ' << x.timeoutMs << ' ' << pg.localId << ' '
          << pools.str(pg.name) << ' ' << pools.str(pg.desc) << ' ' << pools.str(e.profilingName) << ' '
          << pools.str(x.threadName) << ' ' << pools.str(x.threadId) << ' ' << pools.shapesText(e.inputSizes)
          << ' ' << pools.shapesText(e.outputSizes) << ' '
          << pools.dtypes(e.inputDtypes).join(QLatin1Char(',')) << ' '
          << pools.dtypes(e.outputDtypes).join(QLatin1Char(',')) << ' ' << entryStateName(e.state) << ' '
          << e.retired << e.isP2p << " frames";
        for (const StackFrame& f : pools.stack(x.frames))
            s << ' ' << pools.str(f.name) << '@' << pools.str(f.filename) << ':' << f.line;
        s << '\n';
    }
    return out;
}

} // namespace

QString describe(const std::variant<RankDump, LoadError>& result, const JobPools& pools)
{
    if (const auto* e = std::get_if<LoadError>(&result))
        return QStringLiteral("error at %1: %2").arg(e->offset).arg(e->message);
    return describe(std::get<RankDump>(result), pools);
}

void describeAtEachLevel(std::variant<RankDump, LoadError> result, const JobPools& pools, QString& full,
                         QString& times, QString& bare)
{
    full = describe(result, pools);
    auto* dump = std::get_if<RankDump>(&result);
    if (!dump) {
        times = bare = full; // an error: the same at every level
        return;
    }
    dump->origins.clear();
    times = describe(result, pools);
    dump->times.clear();
    bare = describe(result, pools);
}

PickleReadings readBothWays(std::string_view bytes)
{
    const QString path = QStringLiteral("dump");
    JobPools pools; // both readers intern into it: same content, same ids
    PickleReadings out;
    auto typed = readPickleDumpTyped(bytes, pools);
    if (!typed)
        return out;
    out.typed = describe(
        DumpFields(typed->tree, path, pools)
            .convert(0, std::move(typed->entries), std::move(typed->times), std::move(typed->origins)),
        pools);
    const DecodeResult decoded = decodePickle(bytes);
    if (!decoded.ok()) {
        out.general = QStringLiteral("error at %1").arg(decoded.error->offset);
        out.generalTimes = out.generalBare = out.general;
    } else {
        describeAtEachLevel(DumpFields(decoded.tree, path, pools).convert(0), pools, out.general,
                            out.generalTimes, out.generalBare);
    }
    // The GUI's and flightdeck-cli's readings: times without origins, and neither; what was not kept merged
    // as the loader does (DumpReader.cpp).
    auto readAt = [&](DetailLevel level) {
        auto read = readPickleDumpTyped(bytes, pools, level);
        if (!read)
            return QStringLiteral("refused at level %1").arg(int(level));
        auto result =
            DumpFields(read->tree, path, pools)
                .convert(0, std::move(read->entries), std::move(read->times), std::move(read->origins));
        if (auto* dump = std::get_if<RankDump>(&result)) {
            dump->hasTiming = dump->hasTiming || read->sawTiming;
            dump->hasStackTraces = dump->hasStackTraces || read->sawFrames;
        }
        return describe(result, pools);
    };
    out.typedTimes = readAt(DetailLevel::Times);
    out.typedBare = readAt(DetailLevel::None);
    return out;
}

void abortUnlessAlike(const char* reader, const QString (&typed)[3], const QString (&general)[3])
{
    if (std::equal(std::begin(typed), std::end(typed), std::begin(general)))
        return;
    const QString separator = QStringLiteral("\n--- next level ---\n");
    auto joined = [&](const QString(&readings)[3]) {
        return QStringList(std::begin(readings), std::end(readings)).join(separator);
    };
    std::fprintf(stderr, "the %s reads the dump differently:\n%s\n=== the general path ===\n%s\n", reader,
                 qPrintable(joined(typed)), qPrintable(joined(general)));
    std::abort();
}

void checkTypedReader(std::string_view bytes)
{
    const PickleReadings r = readBothWays(bytes);
    abortUnlessAlike("typed pickle reader", {r.typed, r.typedTimes, r.typedBare},
                     {r.general, r.generalTimes, r.generalBare});
}

} // namespace fd::fuzz
