#include "LaneHistories.h"

#include "ui/support/BackgroundRelease.h"
#include "ui/support/LatestResult.h"

#include <algorithm>
#include <utility>

namespace fd {

bool historyInView(const TimelineLane& lane, const TimeScale& scale)
{
    return lane.hasHistory() && lane.historyStart < scale.end() && lane.windowStart > scale.start();
}

bool historyDrawnAsBoxes(const TimelineLane& lane, const TimeScale& scale)
{
    if (!historyInView(lane, scale) || scale.span() <= 0)
        return false;
    const double pixels = (lane.windowStart - lane.historyStart) / scale.span() * scale.width();
    return double(lane.leftOut) <= LaneHistories::kMaxEntriesPerPixel * std::max(pixels, 1.0);
}

LaneHistories::LaneHistories(QObject* parent) : QObject(parent) {}

void LaneHistories::setLayout(const TimelineLayout& layout)
{
    if (layout.session().job != m_job) {
        m_job = layout.session().job;
        m_reads.clear();
        m_reader.cancel();
        m_running = -1;
    }
    if (&layout.lanes() != m_lanesKey) {
        ++m_lanesEpoch;
        m_laidOut.clear();
        m_queue.clear();
    }
    // The layout replaced may hold the last reference to a large job's lanes: freed off the GUI thread.
    releaseInBackground(std::exchange(m_layout, std::make_shared<const TimelineLayout>(layout)));
    m_lanesKey = &layout.lanes();
    ++m_generation;
}

int LaneHistories::dumpOf(int lane) const
{
    if (!m_layout || lane < 0 || std::size_t(lane) >= m_layout->lanes().size())
        return -1;
    return m_layout->lanes()[std::size_t(lane)].dump;
}

void LaneHistories::request(const std::vector<int>& lanes)
{
    m_queue.clear();
    for (int lane : lanes) {
        const int dump = dumpOf(lane);
        if (dump < 0 || !m_layout->lanes()[std::size_t(lane)].hasHistory())
            continue;
        auto read = m_reads.find(dump);
        if (read != m_reads.end())
            read->second.lastAsked = ++m_asked;
        if (m_laidOut.count(lane) || (read != m_reads.end() && read->second.error))
            continue;
        m_queue.push_back(lane);
    }
    const bool wasIdle = m_running < 0;
    startNext();
    if (wasIdle && m_running >= 0) {
        ++m_generation; // now shown as being read
        Q_EMIT changed();
    }
}

void LaneHistories::startNext()
{
    if (m_running >= 0 || m_queue.empty() || !m_layout)
        return;
    const int lane = m_queue.front();
    m_queue.erase(m_queue.begin());
    m_running = lane;
    const int dump = dumpOf(lane);
    auto cached = m_reads.find(dump);
    std::shared_ptr<const RankHistory> history = cached != m_reads.end() ? cached->second.history : nullptr;
    // Never inline: even a small file may sit on a slow disk or deep in a compressed archive. One at a time:
    // a later run() only starts once this one is done, and another job cancels it (setLayout()).
    m_reader.run(
        this, false,
        [layout = m_layout, lane, dump, history]() mutable {
            Done done;
            done.dump = dump;
            done.lane = lane;
            if (!history) {
                RankHistoryResult read =
                    readRankHistory(*layout->session().job, layout->session().job->dumps[std::size_t(dump)]);
                if (auto* error = std::get_if<LoadError>(&read))
                    done.error = *error;
                else
                    history = std::get<std::shared_ptr<const RankHistory>>(read);
            }
            done.history = history;
            if (history)
                done.laidOut = std::make_shared<const TimelineLane>(layout->historyLane(lane, history));
            return done;
        },
        [this, lanesEpoch = m_lanesEpoch](Done done) {
            if (lanesEpoch != m_lanesEpoch)
                done.laidOut.reset(); // laid out for lanes no longer on screen
            finish(std::move(done));
        });
}

void LaneHistories::finish(Done done)
{
    m_running = -1;
    Read& read = m_reads[done.dump];
    read.lastAsked = ++m_asked;
    if (done.error)
        read.error = done.error;
    else
        read.history = std::move(done.history);
    if (done.laidOut)
        m_laidOut[done.lane] = std::move(done.laidOut);
    keepWithinBudget(done.dump);
    ++m_generation;
    startNext();
    Q_EMIT changed();
}

void LaneHistories::keepWithinBudget(int keep)
{
    while (entriesKept() > kEntryBudget && m_reads.size() > 1) {
        auto oldest = m_reads.end();
        for (auto it = m_reads.begin(); it != m_reads.end(); ++it)
            if (it->first != keep &&
                (oldest == m_reads.end() || it->second.lastAsked < oldest->second.lastAsked))
                oldest = it;
        if (oldest == m_reads.end())
            return;
        const int dump = oldest->first;
        m_reads.erase(oldest);
        for (auto it = m_laidOut.begin(); it != m_laidOut.end();)
            it = it->second->dump == dump ? m_laidOut.erase(it) : std::next(it);
    }
}

std::size_t LaneHistories::entriesKept() const
{
    std::size_t n = 0;
    for (const auto& [dump, read] : m_reads)
        n += read.history ? read.history->entries().size() : 0;
    return n;
}

LaneHistories::State LaneHistories::state(int lane) const
{
    if (m_laidOut.count(lane))
        return State::Read;
    const int dump = dumpOf(lane);
    const auto read = m_reads.find(dump);
    if (read != m_reads.end() && read->second.error)
        return State::Failed;
    if (lane == m_running || std::find(m_queue.begin(), m_queue.end(), lane) != m_queue.end())
        return State::Reading;
    return State::NotRead;
}

const TimelineLane* LaneHistories::laneFor(int lane) const
{
    const auto it = m_laidOut.find(lane);
    return it != m_laidOut.end() ? it->second.get() : nullptr;
}

std::optional<LoadError> LaneHistories::error(int lane) const
{
    const auto read = m_reads.find(dumpOf(lane));
    return read != m_reads.end() ? read->second.error : std::nullopt;
}

} // namespace fd
