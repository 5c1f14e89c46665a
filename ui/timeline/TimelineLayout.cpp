#include "TimelineLayout.h"

#include "LaneGroups.h"
#include "ui/session/HealthText.h"
#include "ui/support/Format.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

namespace fd {

namespace {

// lupdate files LayoutText::tr() strings under the context named here, the one they are looked up in.
struct LayoutText
{
    Q_DECLARE_TR_FUNCTIONS(fd::TimelineLayout)
};

BoxState boxState(EntryState s)
{
    switch (s) {
    case EntryState::Completed:
        return BoxState::Completed;
    case EntryState::Started:
        return BoxState::Started;
    case EntryState::Scheduled:
        return BoxState::Scheduled;
    case EntryState::Unknown:
        break;
    }
    return BoxState::Unknown;
}

bool contains(const std::vector<int>& sorted, int v)
{
    return std::binary_search(sorted.begin(), sorted.end(), v);
}

constexpr double kSeqBoxWidth = 0.9;

std::uint64_t nextGeneration()
{
    static std::atomic<std::uint64_t> counter{0};
    return ++counter;
}

} // namespace

std::size_t TimelineLane::firstVisible(double x) const
{
    return std::size_t(std::lower_bound(reach.begin(), reach.end(), x) - reach.begin());
}

TimelineLayout::TimelineLayout(const Session& session, const TimelineOptions& options)
    : m_session(session), m_generation(nextGeneration()), m_options(options)
{
    if (!session.job)
        return;
    const Job& job = *session.job;
    const Analysis& analysis = *session.analysis;
    const FrontierItem* frontier = analysis.divergence();
    const std::uint32_t frontierPg = frontier ? frontier->pgIndex : kNoPg;

    m_t0 = std::numeric_limits<std::int64_t>::max();
    m_tEnd = std::numeric_limits<std::int64_t>::min();
    for (const RankDump& d : job.dumps) {
        // The window's left-out entries are older than its own: the axis starts at the file's first.
        if (!d.activity.empty() && d.activity.firstNs > 0 && !d.window.whole())
            m_t0 = std::min(m_t0, d.activity.firstNs);
        for (const EntryTimes& e : d.times)
            for (std::int64_t t : {e.timeCreatedNs, e.timeDiscoveredStartedNs, e.timeDiscoveredCompletedNs})
                if (t != Entry::kNoTime && t > 0) {
                    m_t0 = std::min(m_t0, t);
                    m_tEnd = std::max(m_tEnd, t);
                }
    }
    const bool haveTimes = m_t0 <= m_tEnd;
    m_xMode = options.xMode == TimelineXMode::WallTime && haveTimes ? TimelineXMode::WallTime
                                                                    : TimelineXMode::Sequence;
    if (!haveTimes)
        m_t0 = m_tEnd = 0;

    // A PG with only p2p ops (pipeline stages) is laid out by p2p_seq_id; otherwise p2p ops sit between
    // the collectives they follow.
    if (options.pgFilter != kNoPg) {
        bool anyCollective = false, anyP2p = false;
        for (const RankDump& d : job.dumps)
            for (const Entry& e : d.entries)
                if (e.pgIndex == options.pgFilter)
                    (e.isP2p ? anyP2p : anyCollective) = true;
        m_p2pAxis = anyP2p && !anyCollective;
    }
    const std::vector<int>* pgRanks =
        options.pgFilter < job.processGroups.size() && !job.processGroups[options.pgFilter].ranks.empty()
            ? &job.processGroups[options.pgFilter].ranks
            : nullptr;
    const int world = std::max(job.worldSize, job.dumps.empty() ? 0 : job.dumps.back().rank + 1);
    std::vector<TimelineLane>& lanes = *m_lanes;
    for (int r = std::max(0, options.rankMin); r < world && r <= options.rankMax; ++r) {
        if (pgRanks && !contains(*pgRanks, r))
            continue;
        TimelineLane lane;
        lane.rank = r;
        const RankDump* dump = job.dumpForRank(r);
        lane.dump = dump ? int(dump - job.dumps.data()) : -1;
        if (dump)
            lane.host = dump->host;
        lane.culprit = analysis.culprit(r) != nullptr;
        lane.victim = analysis.victim(r) != nullptr;
        lane.health = healthChecksOf(analysis, r);
        buildLane(lane);
        if (dump)
            lane.progress = progressOf(r);
        lanes.push_back(std::move(lane));
    }

    // Where the frontier sits, for the ghost boxes of ranks that never entered it.
    double frontierStart = std::numeric_limits<double>::max();
    double frontierWidth = m_xMode == TimelineXMode::Sequence ? kSeqBoxWidth : 0;
    for (const TimelineLane& lane : *m_lanes)
        for (const TimelineBox& b : lane.boxes)
            if (b.frontier) {
                frontierStart = std::min(frontierStart, b.x0);
                frontierWidth = std::max(frontierWidth, std::min(b.x1 - b.x0, double(m_tEnd - m_t0) / 50));
            }
    const bool filteredToFrontier = frontier && options.pgFilter == frontierPg;
    m_frontierX = filteredToFrontier && m_xMode == TimelineXMode::Sequence && frontier->isP2p == m_p2pAxis
                      ? double(frontier->seqId)
                      : std::numeric_limits<double>::quiet_NaN();
    const std::vector<int>* frontierRanks =
        frontierPg < job.processGroups.size() ? &job.processGroups[frontierPg].ranks : nullptr;
    if (frontier && (options.pgFilter == kNoPg || filteredToFrontier)) {
        for (TimelineLane& lane : *m_lanes) {
            const bool member = frontierRanks && contains(*frontierRanks, lane.rank);
            const bool hasFrontierBox = std::any_of(lane.boxes.begin(), lane.boxes.end(),
                                                    [](const TimelineBox& b) { return b.frontier; });
            if (!member || hasFrontierBox || (!lane.culprit && lane.dump >= 0))
                continue;
            TimelineBox ghost;
            ghost.state = BoxState::NeverEntered;
            ghost.pgIndex = frontierPg;
            ghost.frontier = true;
            const double laneEnd = lane.boxes.empty() ? frontierStart : lane.reach.back();
            if (!std::isnan(m_frontierX))
                ghost.x0 = m_frontierX;
            else if (m_xMode == TimelineXMode::Sequence)
                ghost.x0 = lane.boxes.empty() ? frontierStart : lane.boxes.back().x0 + 1;
            else
                ghost.x0 = frontierStart < std::numeric_limits<double>::max()
                               ? std::max(frontierStart, laneEnd)
                               : laneEnd;
            if (ghost.x0 == std::numeric_limits<double>::max())
                continue;
            ghost.x1 = ghost.x0 + std::max(frontierWidth, 1.0);
            lane.boxes.push_back(ghost);
            lane.reach.push_back(std::max(lane.reach.empty() ? ghost.x1 : lane.reach.back(), ghost.x1));
        }
    }

    for (TimelineLane& lane : *m_lanes)
        for (std::size_t i = 0; i < lane.boxes.size(); ++i)
            if (lane.boxes[i].frontier)
                lane.frontierBox = int(i);

    m_lo = std::numeric_limits<double>::max();
    m_hi = std::numeric_limits<double>::lowest();
    for (const TimelineLane& lane : *m_lanes)
        if (!lane.boxes.empty()) {
            m_lo = std::min(m_lo, lane.boxes.front().x0);
            m_hi = std::max(m_hi, lane.reach.back());
        }
    for (const TimelineLane& lane : *m_lanes)
        if (lane.hasHistory())
            m_lo = std::min(m_lo, lane.historyStart);
    if (m_lo > m_hi) {
        m_lo = 0;
        m_hi = 1;
    }
    const double margin = (m_hi - m_lo) * 0.01;
    m_lo -= margin;
    m_hi += margin;
    order();
    indexLanes();
    findEvidenceRange();
    m_groupWindow = m_evidence;
    group();
}

TimelineLayout TimelineLayout::regrouped(std::pair<double, double> window, std::vector<int> expanded) const
{
    TimelineLayout copy = *this; // shares the lanes: only the rows are new
    copy.m_generation = nextGeneration();
    copy.m_groupWindow = window;
    copy.m_expanded = std::move(expanded);
    copy.group();
    return copy;
}

void TimelineLayout::group()
{
    m_rows = m_session.analysis
                 ? groupLanes(*this, m_groupWindow, m_expanded, m_session.analysis->pinnedRanks)
                 : std::vector<TimelineRow>{};
    m_rowOfRank.assign(m_laneOfRank.size(), -1);
    for (std::size_t r = 0; r < m_rows.size(); ++r)
        for (int rank : m_rows[r].ranks)
            if (std::size_t(rank) < m_rowOfRank.size())
                m_rowOfRank[std::size_t(rank)] = int(r);
}

int TimelineLayout::rowOfRank(int rank) const
{
    return rank >= 0 && std::size_t(rank) < m_rowOfRank.size() ? m_rowOfRank[std::size_t(rank)] : -1;
}

void TimelineLayout::findEvidenceRange()
{
    double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
    for (const TimelineLane& lane : *m_lanes) {
        if (lane.frontierBox < 0)
            continue;
        const auto f = std::size_t(lane.frontierBox);
        lo = std::min(lo, lane.boxes[f >= std::size_t(kEvidenceBoxes) ? f - kEvidenceBoxes : 0].x0);
        hi = std::max(hi, lane.boxes[f].x1);
    }
    if (lo > hi) {
        m_evidence = {m_lo, m_hi};
        return;
    }
    const double margin = (hi - lo) * 0.04;
    m_evidence = {std::max(m_lo, lo - margin), std::min(m_hi, hi + margin)};
}

template <typename TimesOf, typename StateOf, typename IsFrontier>
void TimelineLayout::appendBoxes(std::vector<TimelineBox>& boxes, std::span<const Entry> entries,
                                 double firstSlot, TimesOf timesOf, StateOf stateOf,
                                 IsFrontier isFrontier) const
{
    const std::uint32_t filter = m_options.pgFilter;
    boxes.reserve(filter == kNoPg ? entries.size() : entries.size() / 4);
    for (std::uint32_t i = 0; i < entries.size(); ++i) {
        const Entry& e = entries[i];
        if (filter != kNoPg && e.pgIndex != filter)
            continue;
        TimelineBox b;
        b.entry = i;
        b.pgIndex = e.pgIndex;
        b.state = stateOf(i, e);
        b.frontier = isFrontier(e);
        placeBox(b, e, timesOf(i), i + 1 < entries.size() ? timesOf(i + 1).timeCreatedNs : Entry::kNoTime,
                 firstSlot + double(i));
        boxes.push_back(b);
    }
}

void TimelineLayout::buildLane(TimelineLane& lane) const
{
    if (lane.dump < 0)
        return;
    const RankDump& dump = m_session.job->dumps[std::size_t(lane.dump)];
    const CoalescedFold& coalesced = m_session.analysis->coalesced;
    const std::size_t dumpIndex = std::size_t(lane.dump);
    // Unfiltered, ranks share no sequence: record ids are per process and drift thousands apart between ranks
    // that issue different numbers of ops. Each lane is aligned on its newest entry instead, so the lanes
    // show side by side what every rank did last before the dump.
    appendBoxes(
        lane.boxes, dump.entries, -double(dump.entries.size()),
        [&](std::uint32_t i) -> const EntryTimes& { return dump.timesOf(i); },
        [&](std::uint32_t i, const Entry& e) {
            return coalesced.isInner(dumpIndex, i) ? BoxState::CoalescedInner : boxState(e.state);
        },
        [&](const Entry& e) { return isFrontier(e); });
    finishLane(lane, m_xMode);
    findWindow(lane);
}

void TimelineLayout::placeBox(TimelineBox& b, const Entry& e, const EntryTimes& d, std::int64_t nextCreated,
                              double sequenceX) const
{
    const std::uint32_t filter = m_options.pgFilter;
    if (m_xMode == TimelineXMode::WallTime) {
        const std::int64_t created = d.timeCreatedNs != Entry::kNoTime ? d.timeCreatedNs : m_t0;
        b.x0 = double(created - m_t0);
        if (d.timeDiscoveredCompletedNs != Entry::kNoTime)
            b.x1 = double(d.timeDiscoveredCompletedNs - m_t0);
        else if (d.hasDuration())
            b.x1 =
                double((d.timeDiscoveredStartedNs != Entry::kNoTime ? d.timeDiscoveredStartedNs : created) -
                       m_t0) +
                d.durationMs * 1e6;
        else if (e.state != EntryState::Completed)
            b.x1 = double(m_tEnd - m_t0); // still pending when the dump was written
        else if (nextCreated != Entry::kNoTime)
            b.x1 = double(nextCreated - m_t0);
        b.x1 = std::max(b.x1, b.x0 + 1);
    } else if (filter != kNoPg && m_p2pAxis) {
        b.x0 = double(e.p2pSeqId != Entry::kAbsent ? e.p2pSeqId : 0);
        b.x1 = b.x0 + kSeqBoxWidth;
    } else if (filter != kNoPg) {
        const double seq = double(e.collectiveSeqId != Entry::kAbsent ? e.collectiveSeqId : 0);
        b.x0 = e.isP2p ? seq + 0.45 : seq; // p2p ops sit between the collectives they come after
        b.x1 = b.x0 + (e.isP2p ? 0.4 : kSeqBoxWidth);
    } else {
        b.x0 = sequenceX;
        b.x1 = b.x0 + kSeqBoxWidth;
    }
}

void TimelineLayout::finishLane(TimelineLane& lane, TimelineXMode mode)
{
    // By sequence the boxes come in order already; checking costs one pass, sorting them again most of the
    // layout's time.
    const auto byStart = [](const TimelineBox& a, const TimelineBox& b) { return a.x0 < b.x0; };
    if (!std::is_sorted(lane.boxes.begin(), lane.boxes.end(), byStart))
        std::stable_sort(lane.boxes.begin(), lane.boxes.end(), byStart);
    if (mode == TimelineXMode::Sequence)
        splitCoalescedSlots(lane.boxes);
    lane.reach.resize(lane.boxes.size());
    double reach = std::numeric_limits<double>::lowest();
    for (std::size_t i = 0; i < lane.boxes.size(); ++i)
        lane.reach[i] = reach = std::max(reach, lane.boxes[i].x1);
}

void TimelineLayout::findWindow(TimelineLane& lane) const
{
    const RankDump& dump = m_session.job->dumps[std::size_t(lane.dump)];
    if (dump.window.whole())
        return;
    const std::uint32_t filter = m_options.pgFilter;
    if (m_xMode == TimelineXMode::Sequence && filter == kNoPg) {
        // Aligned on the newest entry: the left-out ones come before every kept one, in file order.
        lane.leftOut = dump.window.fileEntries - dump.window.keptEntries;
        lane.windowStart = -double(dump.entries.size());
        lane.historyStart = -double(dump.window.fileEntries);
        return;
    }
    // Left of where the newest of the PGs' oldest kept entries sits, some PG shown lacks its entries.
    double start = std::numeric_limits<double>::lowest();
    std::uint64_t leftOut = 0;
    for (const EntryWindow::Pg& p : dump.window.pgs) {
        if (p.keptEntries >= p.fileEntries)
            continue;
        const auto oldest = std::find_if(dump.entries.begin(), dump.entries.end(),
                                         [&](const Entry& e) { return e.pg == p.pg; });
        if (oldest == dump.entries.end() || (filter != kNoPg && oldest->pgIndex != filter))
            continue;
        const std::size_t i = std::size_t(oldest - dump.entries.begin());
        TimelineBox b;
        placeBox(b, *oldest, dump.timesOf(i), Entry::kNoTime, 0);
        start = std::max(start, b.x0);
        leftOut += p.fileEntries - p.keptEntries;
    }
    if (leftOut == 0)
        return;
    lane.leftOut = leftOut;
    lane.windowStart = start;
    if (m_xMode == TimelineXMode::WallTime)
        lane.historyStart =
            dump.activity.empty() ? start : std::min(start, double(dump.activity.firstNs - m_t0));
    else
        lane.historyStart = start - double(leftOut); // about one seq per entry
}

TimelineLane TimelineLayout::historyLane(int laneIndex, std::shared_ptr<const RankHistory> history) const
{
    TimelineLane out;
    if (laneIndex < 0 || std::size_t(laneIndex) >= m_lanes->size() || !history)
        return out;
    const TimelineLane& lane = (*m_lanes)[std::size_t(laneIndex)];
    out.rank = lane.rank;
    out.dump = lane.dump;
    const auto times = history->times();
    // In file order, before every kept entry: the history's first entry takes the file's first slot.
    appendBoxes(
        out.boxes, history->entries(), -double(history->fileEntries()),
        [&](std::uint32_t h) -> const EntryTimes& { return times[h]; },
        [](std::uint32_t, const Entry& e) {
            // Every pending or queued entry is kept: one left out that is not done is an inner op of a done
            // group.
            return e.state == EntryState::Completed || e.retired ? boxState(e.state)
                                                                 : BoxState::CoalescedInner;
        },
        [](const Entry&) { return false; }); // the frontier is pending: never left out
    finishLane(out, m_xMode);
    out.history = std::move(history);
    return out;
}

void TimelineLayout::splitCoalescedSlots(std::vector<TimelineBox>& boxes)
{
    // By sequence a coalesced group's inner ops share their terminator's seq, so all would land on one slot
    // and the first (an inner op, "scheduled") would hide the terminator that carries the state. The slot is
    // shared instead, in record order: inner ops first, the terminator last.
    for (std::size_t i = 0; i < boxes.size();) {
        std::size_t j = i + 1;
        bool inner = boxes[i].state == BoxState::CoalescedInner;
        while (j < boxes.size() && boxes[j].x0 == boxes[i].x0 && boxes[j].x1 == boxes[i].x1) {
            inner = inner || boxes[j].state == BoxState::CoalescedInner;
            ++j;
        }
        if (inner && j - i > 1) {
            const double x0 = boxes[i].x0;
            const double w = (boxes[i].x1 - x0) / double(j - i);
            for (std::size_t k = i; k < j; ++k) {
                boxes[k].x0 = x0 + w * double(k - i);
                boxes[k].x1 = boxes[k].x0 + w * 0.92;
            }
        }
        i = j;
    }
}

bool TimelineLayout::isFrontier(const Entry& e) const
{
    const FrontierItem* f = m_session.analysis->divergence();
    return f && e.pgIndex == f->pgIndex && e.isP2p == f->isP2p && CollectiveIndex::seqOf(e) == f->seqId;
}

std::int64_t TimelineLayout::progressOf(int rank) const
{
    // How far a lane got: in the PG shown (or the frontier's), else over the whole dump.
    const Analysis& analysis = *m_session.analysis;
    const FrontierItem* frontier = analysis.divergence();
    const std::uint32_t ref = m_options.pgFilter != kNoPg ? m_options.pgFilter
                              : frontier                  ? frontier->pgIndex
                                                          : kNoPg;
    if (ref != kNoPg) {
        const RankPgProgress* p = analysis.progress(rank, ref);
        return p ? p->lastCompleted : -1;
    }
    const RankFinding* finding = analysis.rankFinding(rank);
    return finding ? finding->lastCompletedRecord : -1;
}

void TimelineLayout::order()
{
    const Job& job = *m_session.job;
    auto byRank = [](const TimelineLane& a, const TimelineLane& b) { return a.rank < b.rank; };
    switch (m_options.order) {
    case LaneOrder::ByRank:
        std::sort(m_lanes->begin(), m_lanes->end(), byRank);
        break;
    case LaneOrder::ByProgress:
        for (TimelineLane& lane : *m_lanes)
            lane.group = lane.culprit ? 0 : 1;
        std::sort(m_lanes->begin(), m_lanes->end(), [](const TimelineLane& a, const TimelineLane& b) {
            return std::tie(a.group, a.progress, a.rank) < std::tie(b.group, b.progress, b.rank);
        });
        break;
    case LaneOrder::ByPg: {
        QString desc = m_options.groupDesc;
        const FrontierItem* frontier = m_session.analysis->divergence();
        if (desc.isEmpty() && frontier && frontier->pgIndex < job.processGroups.size())
            desc = job.processGroups[frontier->pgIndex].desc;
        // Compared once per PG, not once per lane and PG.
        std::vector<char> ofKind(job.processGroups.size());
        for (std::size_t p = 0; p < job.processGroups.size(); ++p)
            ofKind[p] = job.processGroups[p].desc == desc;
        for (TimelineLane& lane : *m_lanes) {
            lane.group = int(job.processGroups.size());
            for (std::size_t p = 0; p < job.processGroups.size(); ++p) {
                const ProcessGroup& pg = job.processGroups[p];
                if (ofKind[p] && contains(pg.ranks, lane.rank)) {
                    lane.group = pg.ranks.empty() ? int(p) : pg.ranks.front();
                    break;
                }
            }
        }
        std::sort(m_lanes->begin(), m_lanes->end(), [](const TimelineLane& a, const TimelineLane& b) {
            return std::tie(a.group, a.rank) < std::tie(b.group, b.rank);
        });
        break;
    }
    }
}

void TimelineLayout::indexLanes()
{
    // Rank -> lane and (lane, entry) -> box: selecting a collective outlines its boxes on every lane through
    // the analysis' CollectiveIndex in O(ranks), instead of a walk over millions of boxes.
    int maxRank = -1;
    for (const TimelineLane& lane : *m_lanes)
        maxRank = std::max(maxRank, lane.rank);
    m_laneOfRank.assign(std::size_t(maxRank + 1), -1);
    for (std::size_t i = 0; i < m_lanes->size(); ++i) {
        TimelineLane& lane = (*m_lanes)[i];
        m_laneOfRank[std::size_t(lane.rank)] = int(i);
        if (lane.dump < 0)
            continue;
        lane.boxOfEntry.assign(m_session.job->dumps[std::size_t(lane.dump)].entries.size(), -1);
        for (std::size_t b = 0; b < lane.boxes.size(); ++b)
            if (lane.boxes[b].state != BoxState::NeverEntered)
                lane.boxOfEntry[lane.boxes[b].entry] = std::int32_t(b);
    }
}

int TimelineLayout::laneOfRank(int rank) const
{
    return rank >= 0 && std::size_t(rank) < m_laneOfRank.size() ? m_laneOfRank[std::size_t(rank)] : -1;
}

int TimelineLayout::boxOfEntry(int lane, std::uint32_t entry) const
{
    if (lane < 0 || std::size_t(lane) >= m_lanes->size())
        return -1;
    const auto& index = (*m_lanes)[std::size_t(lane)].boxOfEntry;
    return entry < index.size() ? index[entry] : -1;
}

const Entry* TimelineLayout::entryOf(const TimelineLane& lane, const TimelineBox& box) const
{
    if (lane.dump < 0 || box.state == BoxState::NeverEntered)
        return nullptr;
    if (lane.history)
        return &lane.history->entries()[box.entry];
    return &m_session.job->dumps[std::size_t(lane.dump)].entries[box.entry];
}

QString TimelineLayout::opName(const TimelineLane& lane, const Entry& entry) const
{
    return lane.history ? lane.history->str(entry.profilingName) : m_session.job->str(entry.profilingName);
}

std::size_t TimelineLayout::boxCount() const
{
    std::size_t n = 0;
    for (const TimelineLane& lane : *m_lanes)
        n += lane.boxes.size();
    return n;
}

QString TimelineLayout::axisLabel(double x) const
{
    if (m_xMode == TimelineXMode::WallTime)
        return QStringLiteral("+") + formatDurationNs(x);
    return QString::number(std::llround(x));
}

QString TimelineLayout::boxDescription(const TimelineLane& lane, const TimelineBox& box) const
{
    const Job& job = *m_session.job;
    QStringList lines;
    const QString pg = m_session.analysis->pgLabel(box.pgIndex);
    lines << (lane.host.isEmpty() ? LayoutText::tr("Rank %1 · %2").arg(lane.rank).arg(pg)
                                  : LayoutText::tr("Rank %1 · %2 · %3").arg(lane.rank).arg(lane.host, pg));
    const Entry* e = entryOf(lane, box);
    if (!e) {
        if (const FrontierItem* f = m_session.analysis->divergence())
            lines << LayoutText::tr("Never entered %1 #%2").arg(f->opType).arg(f->seqId);
        const QString reason = m_session.analysis->culpritReason(lane.rank);
        if (!reason.isEmpty())
            lines << reason;
        return lines.join(QLatin1Char('\n'));
    }
    if (lane.history) {
        const EntryTimes& t = lane.history->times()[box.entry];
        lines << LayoutText::tr("%1 #%2 — %3")
                     .arg(lane.history->str(e->profilingName))
                     .arg(e->isP2p ? e->p2pSeqId : e->collectiveSeqId)
                     .arg(QString::fromLatin1(entryStateName(e->state)));
        lines << LayoutText::tr("created %1").arg(formatWallTime(t.timeCreatedNs));
        lines << LayoutText::tr("Entry %1 of %2 in the file: older than the window the analysis judged, read "
                                "again on demand")
                     .arg(lane.history->fileIndex(box.entry) + 1)
                     .arg(lane.history->fileEntries());
        lines << LayoutText::tr("Read again from %1").arg(job.dumps[std::size_t(lane.dump)].filePath);
        return lines.join(QLatin1Char('\n'));
    }
    const JobPools& pools = *job.pools;
    lines << LayoutText::tr("%1 #%2 — %3")
                 .arg(pools.str(e->profilingName))
                 .arg(e->isP2p ? e->p2pSeqId : e->collectiveSeqId)
                 .arg(QString::fromLatin1(entryStateName(e->state)));
    const std::int32_t terminator =
        m_session.analysis->coalesced.terminatorOf(std::size_t(lane.dump), box.entry);
    if (terminator >= 0) {
        const Entry& t = job.dumps[std::size_t(lane.dump)].entries[std::size_t(terminator)];
        lines << LayoutText::tr(
                     "Inside a coalesced group: its terminator %1 is %2 (inner ops always say scheduled)")
                     .arg(pools.str(t.profilingName), QString::fromLatin1(entryStateName(t.state)));
    }
    lines << LayoutText::tr("in %1 %2 → out %3 %4")
                 .arg(pools.shapesText(e->inputSizes), pools.dtypes(e->inputDtypes).join(QLatin1Char(',')),
                      pools.shapesText(e->outputSizes), pools.dtypes(e->outputDtypes).join(QLatin1Char(',')));
    const EntryTimes& d = job.dumps[std::size_t(lane.dump)].timesOf(box.entry);
    QString times = LayoutText::tr("created %1").arg(formatWallTime(d.timeCreatedNs));
    if (d.hasDuration())
        times += LayoutText::tr(", took %1").arg(formatDurationNs(d.durationMs * 1e6));
    lines << times;
    // How late this rank joined against the peers that recorded the same collective (docs/attribution.md,
    // "Stragglers"); by wall time the box sits that far right of theirs.
    const Analysis& analysis = *m_session.analysis;
    const double late = entryLatenessMs(job, analysis.collectiveIndex, std::uint32_t(lane.dump), box.entry,
                                        LatenessBasis::Enqueue, analysis.lateness.clockOffsetMs);
    if (!std::isnan(late))
        lines << (late >= 0 ? LayoutText::tr("joined %1 ms after its peers' median").arg(late, 0, 'f', 2)
                            : LayoutText::tr("joined %1 ms before its peers' median").arg(-late, 0, 'f', 2));
    for (const Straggler& s : analysis.lateness.stragglers)
        if (s.rank == lane.rank && s.pgIndex == box.pgIndex)
            lines << LayoutText::tr("A straggler here: a median %1 ms late over %2 collectives")
                         .arg(s.medianLateMs, 0, 'f', 1)
                         .arg(s.collectives);
    if (box.frontier)
        lines << LayoutText::tr("The diverging frontier");
    return lines.join(QLatin1Char('\n'));
}

} // namespace fd
