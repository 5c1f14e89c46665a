#include "TraceExport.h"

#include "TraceEvents.h"
#include "core/analysis/Analysis.h"
#include "core/model/Job.h"

#include <QSaveFile>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace fd {

namespace {

constexpr double kSeqSlotUs = 1000; // by sequence: one collective per millisecond

bool contains(const std::vector<int>& sorted, int v)
{
    return std::binary_search(sorted.begin(), sorted.end(), v);
}

std::int64_t seqOf(const Entry& e)
{
    return e.isP2p ? e.p2pSeqId : e.collectiveSeqId;
}

// One entry's slice on its track.
struct Slice
{
    double ts = 0;
    double dur = 0;
    std::uint32_t entry = 0;
};

struct Track
{
    int rank = -1;
    std::uint32_t dump = 0;
    std::uint32_t pg = kNoPg;
    std::vector<Slice> slices; // by ts, none overlapping the next
    double end() const { return slices.empty() ? 0 : slices.back().ts + slices.back().dur; }
};

class TraceBuilder
{
public:
    TraceBuilder(const Job& job, const Analysis& analysis, const TraceOptions& options)
        : m_job(job), m_analysis(analysis), m_options(options)
    {
    }

    void build()
    {
        findTimeRange();
        for (std::uint32_t d = 0; d < m_job.dumps.size(); ++d)
            if (m_options.ranks.empty() || contains(m_options.ranks, m_job.dumps[d].rank))
                addDump(d);
    }

    void write(TraceEventWriter& w, TraceSummary& summary)
    {
        summary.byTime = m_byTime;
        writeNames(w);
        for (const Track& t : m_tracks) {
            for (const Slice& s : t.slices)
                writeSlice(w, t, s);
            summary.slices += t.slices.size();
        }
        summary.instants = writeFrontier(w) + writeCulprits(w);
        summary.flows = writeFlows(w);
        writeMetadata(w);
    }

private:
    bool keepsPg(std::uint32_t pg) const
    {
        return m_options.pgs.empty() || std::binary_search(m_options.pgs.begin(), m_options.pgs.end(), pg);
    }

    void findTimeRange()
    {
        m_t0 = std::numeric_limits<std::int64_t>::max();
        m_tEnd = std::numeric_limits<std::int64_t>::min();
        for (const RankDump& d : m_job.dumps)
            for (const EntryTimes& t : d.times)
                for (const std::int64_t v :
                     {t.timeCreatedNs, t.timeDiscoveredStartedNs, t.timeDiscoveredCompletedNs})
                    if (v > 0) {
                        m_t0 = std::min(m_t0, v);
                        m_tEnd = std::max(m_tEnd, v);
                    }
        m_byTime = m_t0 <= m_tEnd;
        if (!m_byTime)
            m_t0 = m_tEnd = 0;
        m_p2pOnly.assign(m_job.processGroups.size(), true);
        for (const RankDump& d : m_job.dumps)
            for (const Entry& e : d.entries)
                if (!e.isP2p && e.pgIndex < m_p2pOnly.size())
                    m_p2pOnly[e.pgIndex] = false;
    }

    double us(std::int64_t ns) const { return double(ns - m_t0) / 1000.0; }

    // Where an entry starts and ends by wall clock, as far as its dump says.
    Slice timedSlice(const RankDump& dump, std::uint32_t i) const
    {
        const Entry& e = dump.entries[i];
        const EntryTimes& t = dump.timesOf(i);
        Slice s;
        s.entry = i;
        const std::int64_t created = t.timeCreatedNs > 0 ? t.timeCreatedNs : m_t0;
        s.ts = us(created);
        double end = s.ts;
        if (t.timeDiscoveredCompletedNs > 0)
            end = us(t.timeDiscoveredCompletedNs);
        else if (t.hasDuration())
            end =
                us(t.timeDiscoveredStartedNs > 0 ? t.timeDiscoveredStartedNs : created) + t.durationMs * 1000;
        else if (e.state != EntryState::Completed && !e.retired)
            end = us(m_tEnd); // still pending when the dump was written
        else if (i + 1 < dump.entries.size() && dump.timesOf(i + 1).timeCreatedNs > 0)
            end = us(dump.timesOf(i + 1).timeCreatedNs); // completed, no end known: until the rank's next op
        s.dur = std::max(0.0, end - s.ts);
        return s;
    }

    Slice sequenceSlice(const Entry& e, std::uint32_t i) const
    {
        Slice s;
        s.entry = i;
        const bool p2pAxis = e.pgIndex < m_p2pOnly.size() && m_p2pOnly[e.pgIndex];
        const double seq = double(std::max<std::int64_t>(0, p2pAxis ? e.p2pSeqId : e.collectiveSeqId));
        s.ts = seq * kSeqSlotUs + (e.isP2p && !p2pAxis ? 0.5 * kSeqSlotUs : 0);
        s.dur = (e.isP2p && !p2pAxis ? 0.4 : 0.9) * kSeqSlotUs;
        return s;
    }

    void addDump(std::uint32_t d)
    {
        const RankDump& dump = m_job.dumps[d];
        std::vector<std::uint32_t> kept;
        for (std::uint32_t i = 0; i < dump.entries.size(); ++i)
            if (keepsPg(dump.entries[i].pgIndex))
                kept.push_back(i);
        if (m_options.lastEntries > 0 && kept.size() > std::size_t(m_options.lastEntries))
            kept.erase(kept.begin(), kept.end() - m_options.lastEntries);
        std::map<std::uint32_t, Track> byPg;
        for (const std::uint32_t i : kept) {
            const Entry& e = dump.entries[i];
            Track& t = byPg[e.pgIndex];
            t.rank = dump.rank;
            t.dump = d;
            t.pg = e.pgIndex;
            t.slices.push_back(m_byTime ? timedSlice(dump, i) : sequenceSlice(e, i));
        }
        for (auto& [pg, t] : byPg) {
            layOut(t.slices);
            m_tracks.push_back(std::move(t));
        }
    }

    // Slices of one track one after the other (the trace format nests slices of a thread; a rank's ops of one
    // PG run in order): sorted by start, each ended no later than the next starts, and slices that share a
    // start (a coalesced group's ops by sequence) sharing its slot.
    static void layOut(std::vector<Slice>& slices)
    {
        std::stable_sort(slices.begin(), slices.end(),
                         [](const Slice& a, const Slice& b) { return a.ts < b.ts; });
        for (std::size_t i = 0; i < slices.size();) {
            std::size_t j = i + 1;
            while (j < slices.size() && slices[j].ts == slices[i].ts)
                ++j;
            if (j - i > 1) {
                double slot = std::max(slices[i].dur, 1.0);
                if (j < slices.size())
                    slot = std::min(slot, slices[j].ts - slices[i].ts); // and never past the next start
                const double width = slot / double(j - i);
                for (std::size_t k = i; k < j; ++k) {
                    slices[k].ts = slices[i].ts + width * double(k - i);
                    slices[k].dur = width * 0.9;
                }
            }
            i = j;
        }
        // To the nanosecond the file prints, and each end rounded down, so that the printed numbers nest too.
        for (Slice& sl : slices)
            sl.ts = std::round(sl.ts * 1000) / 1000;
        for (std::size_t i = 0; i < slices.size(); ++i) {
            if (i + 1 < slices.size())
                slices[i].dur = std::clamp(slices[i + 1].ts - slices[i].ts, 0.0, slices[i].dur);
            slices[i].dur = std::floor(slices[i].dur * 1000) / 1000;
        }
    }

    static int tidOf(std::uint32_t pg) { return pg == kNoPg ? 0 : int(pg) + 1; }

    void writeNames(TraceEventWriter& w) const
    {
        int lastRank = -1;
        for (const Track& t : m_tracks) {
            if (t.rank != lastRank) {
                const QString& host = m_job.dumps[t.dump].host;
                w.processName(t.rank, host.isEmpty() ? QStringLiteral("rank %1").arg(t.rank)
                                                     : QStringLiteral("rank %1 (%2)").arg(t.rank).arg(host));
                lastRank = t.rank;
            }
            w.threadName(t.rank, tidOf(t.pg),
                         t.pg == kNoPg ? QStringLiteral("no PG") : m_analysis.pgLabel(t.pg), tidOf(t.pg));
        }
    }

    void writeSlice(TraceEventWriter& w, const Track& t, const Slice& s) const
    {
        const RankDump& dump = m_job.dumps[t.dump];
        const Entry& e = dump.entries[s.entry];
        const JobPools& pools = *m_job.pools;
        const bool inner = m_analysis.coalesced.isInner(t.dump, s.entry);
        QString state = QString::fromLatin1(entryStateName(e.state));
        if (e.retired)
            state += QStringLiteral(", retired");
        TraceArgs args;
        args.add("seq", e.collectiveSeqId)
            .add("op", pools.str(e.profilingName))
            .add("record_id", e.recordId)
            .add("input_sizes", pools.shapesText(e.inputSizes))
            .add("output_sizes", pools.shapesText(e.outputSizes))
            .add("input_dtypes", pools.dtypes(e.inputDtypes).join(QLatin1Char(',')))
            .add("output_dtypes", pools.dtypes(e.outputDtypes).join(QLatin1Char(',')))
            .add("state", state);
        if (e.isP2p)
            args.add("p2p_seq", e.p2pSeqId);
        if (inner)
            args.add("coalesced", QStringLiteral("inner op: its group's terminator carries the state"));
        w.complete(pools.str(e.profilingName),
                   e.isP2p ? "p2p"
                   : inner ? "coalesced"
                           : "collective",
                   t.rank, tidOf(t.pg), s.ts, s.dur, args);
    }

    const Track* trackOf(int rank, std::uint32_t pg) const
    {
        for (const Track& t : m_tracks)
            if (t.rank == rank && t.pg == pg)
                return &t;
        return nullptr;
    }

    const Slice* sliceAt(const Track& t, std::int64_t seq) const
    {
        for (auto it = t.slices.rbegin(); it != t.slices.rend(); ++it)
            if (seqOf(m_job.dumps[t.dump].entries[it->entry]) == seq)
                return &*it;
        return nullptr;
    }

    std::size_t writeFrontier(TraceEventWriter& w)
    {
        std::size_t written = 0;
        for (const FrontierItem& f : m_analysis.frontier) {
            for (const Track& t : m_tracks) {
                if (t.pg != f.pgIndex)
                    continue;
                if (const Slice* s = sliceAt(t, f.seqId)) {
                    TraceArgs args;
                    args.add("op", f.opType)
                        .add("seq", f.seqId)
                        .add("status", QString::fromLatin1(collectiveStatusName(f.status)));
                    w.instant(QStringLiteral("frontier"), "frontier", t.rank, tidOf(t.pg), s->ts, args);
                    ++written;
                    const auto [it, added] = m_frontierTs.try_emplace(f.pgIndex, s->ts);
                    it->second = std::min(it->second, s->ts);
                }
            }
        }
        return written;
    }

    // A culprit's mark: an instant and a short slice after its last op in the PG it is blamed in, where the
    // flows from its victims end.
    std::size_t writeCulprits(TraceEventWriter& w)
    {
        std::size_t written = 0;
        const double span = m_byTime ? std::max(1.0, us(m_tEnd) / 1000) : kSeqSlotUs;
        for (const Culprit& c : m_analysis.culprits) {
            if (!m_options.ranks.empty() && !contains(m_options.ranks, c.rank))
                continue;
            if (c.pgIndex != kNoPg && !keepsPg(c.pgIndex))
                continue;
            const Track* t = trackOf(c.rank, c.pgIndex);
            const bool hasTracks = std::any_of(m_tracks.begin(), m_tracks.end(),
                                               [&](const Track& k) { return k.rank == c.rank; });
            if (!hasTracks) // no dump: a process of its own for its mark
                w.processName(c.rank, QStringLiteral("rank %1 (no dump)").arg(c.rank));
            double ts = m_frontierTs.count(c.pgIndex) ? m_frontierTs[c.pgIndex] : m_byTime ? us(m_tEnd) : 0;
            if (t)
                ts = std::max(ts, t->end());
            TraceArgs args;
            args.add("kind", QString::fromLatin1(rankKindName(c.kind)))
                .add("seq", c.seqId)
                .add("reason", c.reason);
            const QString name = QStringLiteral("culprit: %1").arg(QString::fromLatin1(rankKindName(c.kind)));
            w.instant(name, "culprit", c.rank, tidOf(c.pgIndex), ts, args);
            w.complete(name, "culprit", c.rank, tidOf(c.pgIndex), ts, span, args);
            m_culpritMark[c.rank] = {tidOf(c.pgIndex), ts + span / 2};
            ++written;
        }
        return written;
    }

    std::size_t writeFlows(TraceEventWriter& w) const
    {
        std::size_t flows = 0;
        for (const Victim& v : m_analysis.victims) {
            const Track* t = trackOf(v.rank, v.pgIndex);
            const Slice* s = t ? sliceAt(*t, v.seqId) : nullptr;
            if (!s)
                continue;
            for (const int root : v.rootCauses) {
                const auto mark = m_culpritMark.find(root);
                if (mark == m_culpritMark.end())
                    continue;
                w.flow(++flows, v.rank, tidOf(v.pgIndex), s->ts + s->dur / 2, root, mark->second.first,
                       mark->second.second);
            }
        }
        return flows;
    }

    void writeMetadata(TraceEventWriter& w) const
    {
        TraceArgs meta;
        meta.add("generator", QStringLiteral("flightdeck " FLIGHTDECK_VERSION))
            .add("source", m_job.source)
            .add("time_axis", m_byTime ? QStringLiteral("wall_clock") : QStringLiteral("sequence"))
            .add("verdict", QString::fromLatin1(verdictName(m_analysis.verdict)));
        if (m_byTime)
            meta.add("time_origin_ns", m_t0)
                .add("note",
                     QStringLiteral("ts is microseconds after time_origin_ns (the earliest time in the "
                                    "dumps); each rank's own clock"));
        else
            meta.add("note",
                     QStringLiteral("no entry carries a time: events are laid out by sequence id, one "
                                    "collective per millisecond; durations mean nothing"));
        meta.add("ranks_limit", m_options.ranks.empty() ? QStringLiteral("all") : QStringLiteral("some"))
            .add("pgs_limit", m_options.pgs.empty() ? QStringLiteral("all") : QStringLiteral("some"))
            .add("last_entries", std::int64_t(m_options.lastEntries));
        w.finish(meta);
    }

    const Job& m_job;
    const Analysis& m_analysis;
    const TraceOptions& m_options;
    bool m_byTime = false;
    std::int64_t m_t0 = 0;
    std::int64_t m_tEnd = 0;
    std::vector<bool> m_p2pOnly;
    std::vector<Track> m_tracks; // by rank, then PG
    std::map<std::uint32_t, double> m_frontierTs;
    std::map<int, std::pair<int, double>> m_culpritMark; // rank -> (tid, ts)
};

TraceSummary runTrace(const Job& job, const Analysis& analysis, const TraceOptions& options,
                      TraceEventWriter& writer)
{
    TraceSummary summary;
    TraceBuilder builder(job, analysis, options);
    builder.build();
    builder.write(writer, summary);
    summary.bytes = writer.bytes();
    return summary;
}

} // namespace

bool parseNumberList(const QString& text, std::vector<int>* out)
{
    out->clear();
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QStringList ends = part.trimmed().split(QLatin1Char('-'));
        bool ok1 = false, ok2 = true;
        const int lo = ends.value(0).toInt(&ok1);
        const int hi = ends.size() == 2 ? ends.value(1).toInt(&ok2) : lo;
        if (!ok1 || !ok2 || ends.size() > 2 || lo < 0 || hi < lo || hi - lo > 10'000'000)
            return false;
        for (int v = lo; v <= hi; ++v)
            out->push_back(v);
    }
    std::sort(out->begin(), out->end());
    out->erase(std::unique(out->begin(), out->end()), out->end());
    return !out->empty();
}

TraceSummary traceJson(const Job& job, const Analysis& analysis, const TraceOptions& options,
                       std::string& out)
{
    TraceEventWriter writer([&out](std::string_view chunk) {
        out.append(chunk);
        return true;
    });
    return runTrace(job, analysis, options, writer);
}

TraceSummary writeTraceFile(const Job& job, const Analysis& analysis, const TraceOptions& options,
                            const QString& path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        TraceSummary failed;
        failed.error = QStringLiteral("%1: cannot write the trace: %2").arg(path, file.errorString());
        return failed;
    }
    TraceEventWriter writer([&file](std::string_view chunk) {
        return file.write(chunk.data(), qint64(chunk.size())) == qint64(chunk.size());
    });
    TraceSummary summary = runTrace(job, analysis, options, writer);
    if (!writer.ok() || !file.commit())
        summary.error = QStringLiteral("%1: cannot write the trace: %2").arg(path, file.errorString());
    return summary;
}

} // namespace fd
