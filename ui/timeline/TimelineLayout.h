#pragma once

#include "core/io/RankHistory.h"
#include "ui/session/Session.h"
#include "ui/support/BoxState.h"

#include <QString>

#include <climits>
#include <limits>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace fd {

enum class TimelineXMode : std::uint8_t
{
    Sequence,
    WallTime
};
enum class LaneOrder : std::uint8_t
{
    ByRank,
    ByPg,
    ByProgress
};

struct TimelineOptions
{
    TimelineXMode xMode = TimelineXMode::Sequence;
    LaneOrder order = LaneOrder::ByRank;
    std::uint32_t pgFilter = kNoPg; // only this PG's member lanes and boxes; x = its sequence ids
    int rankMin = 0;
    int rankMax = INT_MAX;
    QString groupDesc; // ByPg: lanes grouped by the PGs with this description (empty: frontier's kind)
    bool operator==(const TimelineOptions&) const = default;
};

struct TimelineBox
{
    double x0 = 0;
    double x1 = 0;
    std::uint32_t entry = 0; // index into the lane's dump entries; unused for NeverEntered
    std::uint32_t pgIndex = kNoPg;
    BoxState state = BoxState::Unknown;
    bool frontier = false;
};

struct TimelineLane
{
    int rank = -1;
    int dump = -1; // index into Job::dumps, -1 without a dump
    QString host;  // RankDump::host: the host the dump's file name or folder names; empty where none does
    bool culprit = false;
    bool victim = false;
    const std::vector<HealthCheck>* health =
        nullptr;                    // into the session's analysis; null without health checks
    int group = 0;                  // lanes with a different group than the previous one get a separator
    std::vector<TimelineBox> boxes; // sorted by x0
    std::vector<double> reach;      // reach[i] = max(x1 of boxes[0..i]): binary search for visible boxes
    std::int64_t progress = -1;
    int frontierBox = -1;                 // index of the frontier box (or ghost), -1 without one
    std::vector<std::int32_t> boxOfEntry; // dump entry -> index into boxes, -1 when not on this lane
    // What the loaded window left out of the rank's file (RankDump::window): `leftOut` entries (of the PG
    // shown, when filtered) drawn between historyStart and windowStart, left of the kept boxes. Both NaN
    // when nothing was left out.
    std::uint64_t leftOut = 0;
    double windowStart = std::numeric_limits<double>::quiet_NaN();
    double historyStart = std::numeric_limits<double>::quiet_NaN();
    // Set on a lane of the entries the window left out, read again (TimelineLayout::historyLane()): `boxes`
    // then index into history->entries().
    std::shared_ptr<const RankHistory> history;

    bool hasHistory() const { return leftOut > 0; }
    // First box that may be visible at or after `x` (boxes can overlap in wall-time mode).
    std::size_t firstVisible(double x) const;
};

// One row on screen: one rank's lane, or a group of ranks whose lanes are identical in the window the rows
// were grouped for (same op and state in every slot, LaneGroups.h); a group shows its first member's boxes.
struct TimelineRow
{
    int lane = -1;          // index into TimelineLayout::lanes(): the lane painted
    std::vector<int> ranks; // the ranks this row stands for, sorted; one for a rank's own row
    bool pinned = false;    // a culprit or a peer its evidence sets it against: kept on top, never grouped
    bool isGroup() const { return ranks.size() > 1; }
};

// The lanes and boxes of a timeline for one Session and set of options: pure data, built once per change of
// options, painted many times. Every rank has a lane; what is on screen are rows (rows()): lanes identical in
// the grouping window collapse into one row, culprits and their evidence peers are pinned on top. Regrouping
// (another window, a group expanded) shares the lanes, so it costs the grouping only.
class TimelineLayout
{
public:
    TimelineLayout() = default;
    TimelineLayout(const Session& session, const TimelineOptions& options);

    const std::vector<TimelineLane>& lanes() const { return *m_lanes; }
    // What is painted, top to bottom.
    const std::vector<TimelineRow>& rows() const { return m_rows; }
    const TimelineLane& laneOfRow(int row) const
    {
        return (*m_lanes)[std::size_t(m_rows[std::size_t(row)].lane)];
    }
    int rowOfRank(int rank) const; // the row that shows `rank` (its own or its group's), -1 without one
    // The same lanes grouped for the x range `window`, with the ranks in `expanded` (sorted) on rows of their
    // own. A new generation: caches repaint.
    TimelineLayout regrouped(std::pair<double, double> window, std::vector<int> expanded) const;
    std::pair<double, double> groupWindow() const { return m_groupWindow; }
    const std::vector<int>& expandedRanks() const { return m_expanded; }
    const TimelineOptions& options() const { return m_options; }
    const Session& session() const { return m_session; }
    TimelineXMode xMode() const { return m_xMode; } // may fall back to Sequence when dumps have no times
    double domainStart() const { return m_lo; }
    double domainEnd() const { return m_hi; }
    // x of the frontier when it is one vertical line (Sequence mode filtered to the frontier PG), else NaN.
    double frontierX() const { return m_frontierX; }
    // Where a reader starts: the frontier boxes and the kEvidenceBoxes boxes before them on every lane that
    // has one (the whole domain without a frontier).
    static constexpr int kEvidenceBoxes = 8;
    std::pair<double, double> evidenceRange() const { return m_evidence; }
    std::int64_t timeOrigin() const { return m_t0; }
    int laneOfRank(int rank) const;
    int boxOfEntry(int lane, std::uint32_t entry) const; // -1 when that entry has no box
    const Entry* entryOf(const TimelineLane& lane, const TimelineBox& box) const;
    QString opName(const TimelineLane& lane, const Entry& entry) const; // the entry's profiling name
    // The entries `history` holds (those lane `lane`'s window left out) laid out as this layout lays out its
    // own: a lane of its own (TimelineLane::history), drawn left of the lane's window. Thread-safe.
    TimelineLane historyLane(int lane, std::shared_ptr<const RankHistory> history) const;
    QString boxDescription(const TimelineLane& lane, const TimelineBox& box) const;
    QString axisLabel(double x) const;
    std::size_t boxCount() const;
    // Distinct for every layout built: caches of painted lanes compare it to know the lanes changed.
    std::uint64_t generation() const { return m_generation; }

private:
    void buildLane(TimelineLane& lane) const;
    // The boxes of `entries` (of the PG shown, when filtered), in their order: the one builder of kept and of
    // older lanes. Entry i takes slot firstSlot + i by sequence unfiltered; timesOf(i), stateOf(i, entry) and
    // isFrontier(entry) say what the caller knows of it.
    template <typename TimesOf, typename StateOf, typename IsFrontier>
    void appendBoxes(std::vector<TimelineBox>& boxes, std::span<const Entry> entries, double firstSlot,
                     TimesOf timesOf, StateOf stateOf, IsFrontier isFrontier) const;
    void findWindow(TimelineLane& lane) const;
    // x0/x1 of an entry's box; `nextCreated` is the next entry's creation time (wall time), or kNoTime.
    void placeBox(TimelineBox& b, const Entry& e, const EntryTimes& times, std::int64_t nextCreated,
                  double sequenceX) const;
    static void finishLane(TimelineLane& lane, TimelineXMode mode);
    static void splitCoalescedSlots(std::vector<TimelineBox>& boxes);
    void order();
    void indexLanes();
    void findEvidenceRange();
    void group();
    std::int64_t progressOf(int rank) const;
    bool isFrontier(const Entry& e) const;

    Session m_session;
    std::uint64_t m_generation = 0;
    TimelineOptions m_options;
    TimelineXMode m_xMode = TimelineXMode::Sequence;
    std::shared_ptr<std::vector<TimelineLane>> m_lanes = std::make_shared<std::vector<TimelineLane>>();
    std::vector<int> m_laneOfRank;
    std::vector<TimelineRow> m_rows;
    std::vector<int> m_rowOfRank;
    std::pair<double, double> m_groupWindow{0, 1};
    std::vector<int> m_expanded;
    std::int64_t m_t0 = 0;
    std::int64_t m_tEnd = 0;
    double m_lo = 0;
    double m_hi = 1;
    double m_frontierX = 0;
    std::pair<double, double> m_evidence{0, 1};
    bool m_p2pAxis = false; // filtered to a PG that only has p2p ops: x is the p2p sequence id
};

} // namespace fd
