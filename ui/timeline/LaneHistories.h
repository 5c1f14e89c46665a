#pragma once

#include "TimeScale.h"
#include "TimelineLayout.h"
#include "ui/support/LatestResult.h"

#include <QObject>

#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

namespace fd {

// The entries the loaded window left out of the lanes in view, read again on demand (io/RankHistory.h) and
// laid out for the layout on screen (TimelineLayout::historyLane()), on a worker, one rank at a time, the
// most wanted first. What was read is kept within an entry budget, the least recently asked for dropped
// first; a read that failed (the file changed since the job was loaded, say) is kept as its error.
class LaneHistories : public QObject
{
    Q_OBJECT
public:
    enum class State : std::uint8_t
    {
        NotRead,
        Reading, // asked for: being read, or waiting for its turn
        Read,
        Failed
    };
    // About 100 MB of entries, times and boxes: 50 lanes of a 20,000-entry buffer.
    static constexpr std::size_t kEntryBudget = 1'000'000;
    // Lanes whose left-out entries would be denser than this on screen are drawn from their density, and
    // not read (a fully zoomed-out timeline never reads a thousand files).
    static constexpr double kMaxEntriesPerPixel = 6;

    explicit LaneHistories(QObject* parent = nullptr);

    // The layout on screen. Lanes read for the same lanes (a regrouping) stay; for new lanes, what was read
    // is laid out again when asked for; another job drops everything.
    void setLayout(const TimelineLayout& layout);
    // Asks for the left-out entries of these lanes (indices into the layout's lanes), most wanted first.
    // Lanes asked for before and not started yet are dropped: the view moved on.
    void request(const std::vector<int>& lanes);

    State state(int lane) const;
    // The lane's left-out entries laid out for the layout set, or null.
    const TimelineLane* laneFor(int lane) const;
    std::optional<LoadError> error(int lane) const;
    // Changes with anything that is drawn differently: caches of painted lanes compare it.
    std::uint64_t generation() const { return m_generation; }
    std::size_t entriesKept() const;

Q_SIGNALS:
    void changed();

private:
    struct Read
    {
        std::shared_ptr<const RankHistory> history;
        std::optional<LoadError> error;
        std::uint64_t lastAsked = 0;
    };
    struct Done
    {
        int dump = -1;
        int lane = -1;
        std::shared_ptr<const RankHistory> history;
        std::optional<LoadError> error;
        std::shared_ptr<const TimelineLane> laidOut;
    };
    int dumpOf(int lane) const;
    void startNext();
    void finish(Done done);
    void keepWithinBudget(int keep);

    std::shared_ptr<const TimelineLayout> m_layout;
    const void* m_lanesKey = nullptr; // the layout's lanes: laid-out histories belong to them
    std::uint64_t m_lanesEpoch = 0;   // counts the lanes set
    std::shared_ptr<const Job> m_job;
    std::unordered_map<int, Read> m_reads;                                  // by dump
    std::unordered_map<int, std::shared_ptr<const TimelineLane>> m_laidOut; // by lane
    std::vector<int> m_queue;                                               // lanes, most wanted first
    int m_running = -1;                                                     // the lane on a worker
    std::uint64_t m_asked = 0;
    std::uint64_t m_generation = 1;
    LatestResult m_reader; // the read on a worker; cancelled by another job
};

// Whether lane `lane`'s left-out entries are on screen at `scale` and sparse enough to draw (and read) box
// by box; else they are drawn from their density.
bool historyInView(const TimelineLane& lane, const TimeScale& scale);
bool historyDrawnAsBoxes(const TimelineLane& lane, const TimeScale& scale);

} // namespace fd
