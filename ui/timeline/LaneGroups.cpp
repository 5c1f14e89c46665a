#include "LaneGroups.h"

#include "core/model/RankListText.h"
#include "ui/session/HealthText.h"
#include "ui/support/Format.h"

#include <QCoreApplication>
#include <QFontMetrics>

#include <algorithm>
#include <bit>
#include <cmath>
#include <unordered_map>

namespace fd {

namespace {

// lupdate files GroupText::tr() strings under the context named here, the one they are looked up in.
struct GroupText
{
    Q_DECLARE_TR_FUNCTIONS(fd::TimelineHeader)
};

// How one lane looks in the window, slot by slot: what two lanes must share to be drawn as one row.
class LaneWindow
{
public:
    LaneWindow(const TimelineLayout& layout, std::pair<double, double> window)
        : m_layout(layout), m_lo(window.first), m_hi(window.second)
          // By wall time no two ranks start an op at the same nanosecond: boxes within ~a pixel of a 1000 px
          // view count as one slot. By sequence the slots are exact.
          ,
          m_quantum(layout.xMode() == TimelineXMode::WallTime ? std::max(1.0, (m_hi - m_lo) / 1000) : 0)
    {
    }

    std::uint64_t hash(const TimelineLane& lane) const
    {
        std::uint64_t h = 1469598103934665603ULL;
        auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 1099511628211ULL + (h >> 29); };
        mix(role(lane));
        mix(std::uint64_t(qHash(lane.health ? healthBadge(*lane.health) : QString())));
        forEachSlot(lane, [&](const std::array<std::uint64_t, 4>& slot) {
            for (std::uint64_t v : slot)
                mix(v);
        });
        return h;
    }

    bool same(const TimelineLane& a, const TimelineLane& b) const
    {
        if (role(a) != role(b) || (a.health == nullptr) != (b.health == nullptr) ||
            (a.health && healthBadge(*a.health) != healthBadge(*b.health)))
            return false;
        std::vector<std::array<std::uint64_t, 4>> slots;
        forEachSlot(a, [&](const std::array<std::uint64_t, 4>& slot) { slots.push_back(slot); });
        std::size_t i = 0;
        bool equal = true;
        forEachSlot(b, [&](const std::array<std::uint64_t, 4>& slot) {
            equal = equal && i < slots.size() && slots[i] == slot;
            ++i;
        });
        return equal && i == slots.size();
    }

private:
    static std::uint64_t role(const TimelineLane& lane)
    {
        return std::uint64_t(lane.dump < 0) | std::uint64_t(lane.victim) << 1 |
               std::uint64_t(std::uint32_t(lane.group)) << 2;
    }

    std::uint64_t position(double x) const
    {
        return m_quantum > 0 ? std::uint64_t(std::llround(x / m_quantum)) : std::bit_cast<std::uint64_t>(x);
    }

    template <typename F> void forEachSlot(const TimelineLane& lane, F&& f) const
    {
        for (std::size_t i = lane.firstVisible(m_lo); i < lane.boxes.size() && lane.boxes[i].x0 <= m_hi;
             ++i) {
            const TimelineBox& b = lane.boxes[i];
            if (b.x1 < m_lo)
                continue;
            // The PG's kind, not the PG: rank 0's tensor-parallel all_gather and rank 8's look the same.
            const Entry* e = m_layout.entryOf(lane, b);
            const auto& pgs = m_layout.session().job->processGroups;
            const std::uint64_t kind =
                b.pgIndex < pgs.size() ? std::uint64_t(qHash(pgs[b.pgIndex].desc)) : ~0U;
            f({position(b.x0), position(b.x1),
               std::uint64_t(b.state) | std::uint64_t(b.frontier) << 8 | kind << 16,
               e ? std::uint64_t(e->profilingName) : ~0ULL});
        }
    }

    const TimelineLayout& m_layout;
    double m_lo, m_hi, m_quantum;
};

bool contains(std::span<const int> sorted, int v)
{
    return std::binary_search(sorted.begin(), sorted.end(), v);
}

} // namespace

std::vector<TimelineRow> groupLanes(const TimelineLayout& layout, std::pair<double, double> window,
                                    std::span<const int> expanded, std::span<const int> pinned)
{
    const std::vector<TimelineLane>& lanes = layout.lanes();
    std::vector<TimelineRow> rows;
    rows.reserve(std::min<std::size_t>(lanes.size(), 64));
    if (lanes.size() <= kGroupLanesAbove) {
        for (std::size_t i = 0; i < lanes.size(); ++i)
            rows.push_back({int(i), {lanes[i].rank}, false});
        return rows;
    }
    for (std::size_t i = 0; i < lanes.size(); ++i) // the culprits first, then the peers they are set against
        if (lanes[i].culprit)
            rows.push_back({int(i), {lanes[i].rank}, true});
    for (std::size_t i = 0; i < lanes.size(); ++i)
        if (!lanes[i].culprit && contains(pinned, lanes[i].rank))
            rows.push_back({int(i), {lanes[i].rank}, true});
    const LaneWindow look(layout, window);
    std::unordered_map<std::uint64_t, std::vector<std::size_t>> rowsByHash; // hash -> candidate group rows
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        const TimelineLane& lane = lanes[i];
        if (lane.culprit || contains(pinned, lane.rank))
            continue;
        if (contains(expanded, lane.rank)) {
            rows.push_back({int(i), {lane.rank}, false});
            continue;
        }
        std::vector<std::size_t>& candidates = rowsByHash[look.hash(lane)];
        const auto match = std::find_if(candidates.begin(), candidates.end(), [&](std::size_t r) {
            return look.same(lanes[std::size_t(rows[r].lane)], lane);
        });
        if (match != candidates.end()) {
            rows[*match].ranks.push_back(lane.rank);
        } else {
            candidates.push_back(rows.size());
            rows.push_back({int(i), {lane.rank}, false});
        }
    }
    for (TimelineRow& row : rows)
        std::sort(row.ranks.begin(), row.ranks.end());
    return rows;
}

namespace {

// A group's label with the first `parts` runs of its ranks, "…" for the rest.
QString groupLabel(const TimelineRow& row, int parts)
{
    return GroupText::tr("%1 ranks: %2").arg(row.ranks.size()).arg(rankRangeText(row.ranks, parts));
}

// A group's header names at most this many runs of its ranks: enough to recognise it, the tooltip has more.
constexpr int kGroupLabelParts = 4;

// In at most `width` pixels: the count whole, then as many runs as fit ("182 ranks: 0, 155, …"), never a
// rank cut in its middle; where not even one run fits (five-digit ranks), its first rank, else the count.
QString groupLabelFitting(const TimelineRow& row, const QFontMetrics& metrics, int width)
{
    for (int parts = kGroupLabelParts; parts >= 1; --parts) {
        const QString label = groupLabel(row, parts);
        if (metrics.horizontalAdvance(label) <= width)
            return label;
    }
    const QString first = GroupText::tr("%1 ranks: %2, …").arg(row.ranks.size()).arg(row.ranks.front());
    if (metrics.horizontalAdvance(first) <= width)
        return first;
    return metrics.elidedText(GroupText::tr("%1 ranks").arg(row.ranks.size()), Qt::ElideRight, width);
}

} // namespace

QString rowLabel(const TimelineRow& row, const TimelineLane& lane)
{
    if (row.isGroup())
        return groupLabel(row, kGroupLabelParts);
    if (lane.dump < 0)
        return GroupText::tr("%1 ✗").arg(lane.rank);
    const QString rank = GroupText::tr("rank %1").arg(lane.rank);
    return lane.host.isEmpty() ? rank
                               : GroupText::tr("%1 · %2", "rank, host").arg(rank, hostLabel(lane.host));
}

QString rowLabelFitting(const TimelineRow& row, const TimelineLane& lane, const QFontMetrics& metrics,
                        int width)
{
    const QString label = rowLabel(row, lane);
    if (metrics.horizontalAdvance(label) <= width)
        return label;
    if (row.isGroup())
        return groupLabelFitting(row, metrics, width);
    if (lane.dump < 0 || lane.host.isEmpty())
        return metrics.elidedText(label, Qt::ElideRight, width);
    const QString rank = GroupText::tr("rank %1").arg(lane.rank);
    const QString withoutHost = GroupText::tr("%1 · %2", "rank, host").arg(rank, QString());
    const QString host = metrics.elidedText(hostLabel(lane.host), Qt::ElideMiddle,
                                            width - metrics.horizontalAdvance(withoutHost));
    // Too narrow for any of the host: the rank alone.
    return host.isEmpty() || host == QStringLiteral("…")
               ? metrics.elidedText(rank, Qt::ElideRight, width)
               : GroupText::tr("%1 · %2", "rank, host").arg(rank, host);
}

} // namespace fd
