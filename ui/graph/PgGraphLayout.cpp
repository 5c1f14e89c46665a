#include "PgGraphLayout.h"

#include "ui/session/HealthText.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace fd {

namespace {
int sharedCount(const std::vector<int>& a, const std::vector<int>& b)
{
    int n = 0;
    auto i = a.begin();
    auto j = b.begin();
    while (i != a.end() && j != b.end()) {
        if (*i < *j)
            ++i;
        else if (*j < *i)
            ++j;
        else {
            ++n;
            ++i;
            ++j;
        }
    }
    return n;
}
} // namespace

std::uint32_t PgGraphLayout::statusKey(const Job& job, const Analysis& analysis, std::uint32_t pgIndex)
{
    const PgFinding* f = analysis.pgFinding(pgIndex);
    const bool waiting = f && !f->stuckRanks.empty();
    const bool missing = f && (!f->missingRanks.empty() || !f->noDumpRanks.empty());
    const bool unhealthy = !unhealthyAmong(analysis, job.processGroups[pgIndex].ranks).empty();
    return std::uint32_t(waiting) | std::uint32_t(missing) << 1 | std::uint32_t(unhealthy) << 2;
}

PgGraphLayout PgGraphLayout::compute(const Job& job, const Request& request)
{
    const Analysis* analysis = request.analysis;
    const std::vector<std::uint32_t>& expanded = request.expanded;
    const std::vector<std::uint32_t>& only = request.only;
    PgGraphLayout out;
    // Bands by description; a band's weight is its widest group so default_pg comes first.
    std::map<QString, std::vector<std::uint32_t>> bands;
    for (std::uint32_t i = 0; i < job.processGroups.size(); ++i)
        if (only.empty() || std::binary_search(only.begin(), only.end(), i))
            bands[job.processGroups[i].desc].push_back(i);
    struct Band
    {
        QString name;
        std::size_t width = 0;
        std::vector<std::vector<std::uint32_t>> nodes; // the PGs of each node
    };
    const std::size_t shown = only.empty() ? job.processGroups.size() : only.size();
    const bool aggregate = analysis && shown > kAggregateAbove;
    auto firstRank = [&](std::uint32_t p) {
        const auto& r = job.processGroups[p].ranks;
        return r.empty() ? 1 << 30 : r.front();
    };
    std::vector<Band> ordered;
    for (auto& [name, pgs] : bands) {
        Band b{name, 0, {}};
        for (std::uint32_t p : pgs)
            b.width = std::max(b.width, job.processGroups[p].ranks.size());
        std::sort(pgs.begin(), pgs.end(), [&](std::uint32_t x, std::uint32_t y) {
            return std::tuple(firstRank(x), x) < std::tuple(firstRank(y), y);
        });
        std::map<std::uint32_t, std::size_t> nodeOfStatus; // status key -> node of this band's aggregate
        for (std::uint32_t p : pgs) {
            if (!aggregate || keepsOwnNode(job, *analysis, p, expanded)) {
                b.nodes.push_back({p});
                continue;
            }
            const auto [it, fresh] = nodeOfStatus.try_emplace(statusKey(job, *analysis, p), b.nodes.size());
            if (fresh)
                b.nodes.push_back({p});
            else
                b.nodes[it->second].push_back(p);
        }
        ordered.push_back(std::move(b));
    }
    std::stable_sort(ordered.begin(), ordered.end(), [](const Band& a, const Band& b) {
        return std::tie(b.width, a.name) < std::tie(a.width, b.name);
    });

    const double aspect = request.aspect > 0 ? request.aspect : 1.6;
    // The largest scale at which the graph fits a box of that aspect: try every row width.
    auto sizeFor = [&](int perRow) {
        double height = 0;
        int widest = 0;
        for (const Band& b : ordered) {
            const int n = int(b.nodes.size());
            const int rows = (n + perRow - 1) / perRow;
            widest = std::max(widest, std::min(n, perRow));
            height += rows * kNodeHeight + (rows - 1) * kRowGap + kBandGap;
        }
        return QSizeF(kLabelWidth + widest * kNodeWidth + (widest - 1) * kHGap,
                      std::max(0.0, height - kBandGap));
    };
    double bestScale = 0;
    for (int perRow = kMinPerRow; perRow <= kMaxPerRow; ++perRow) {
        const QSizeF sz = sizeFor(perRow);
        const double scale = std::min(aspect / sz.width(), 1.0 / std::max(1.0, sz.height()));
        if (scale > bestScale * 1.001) {
            bestScale = scale;
            out.perRow = perRow;
        }
    }
    // A narrow view (a docked panel) gets one column, if need be, and scrolls up and down only.
    while (request.maxWidth > 0 && out.perRow > 1 && sizeFor(out.perRow).width() > request.maxWidth)
        --out.perRow;

    double y = 0;
    for (std::size_t band = 0; band < ordered.size(); ++band) {
        auto& nodes = ordered[band].nodes;
        out.bandNames.push_back(ordered[band].name);
        out.bandTops.push_back(y);
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            const int row = int(i) / out.perRow;
            const int col = int(i) % out.perRow;
            out.nodes.push_back(
                {nodes[i].front(), std::move(nodes[i]), int(band),
                 QPointF(kLabelWidth + col * (kNodeWidth + kHGap), y + row * (kNodeHeight + kRowGap))});
        }
        const int rows = (int(nodes.size()) + out.perRow - 1) / out.perRow;
        y += rows * kNodeHeight + (rows - 1) * kRowGap + kBandGap;
    }
    out.size = sizeFor(out.perRow);

    // Shared-rank edges only between neighbouring bands: every PG shares ranks with default_pg, and drawing
    // all of them would bury the picture.
    std::vector<std::vector<int>> ranks(out.nodes.size());
    for (std::size_t n = 0; n < out.nodes.size(); ++n)
        ranks[n] = ranksOf(job, out.nodes[n].pgs);
    for (std::size_t a = 0; a < out.nodes.size(); ++a)
        for (std::size_t b = 0; b < out.nodes.size(); ++b) {
            if (out.nodes[b].band != out.nodes[a].band + 1)
                continue;
            const int n = sharedCount(ranks[a], ranks[b]);
            if (n > 0)
                out.sharedEdges.push_back({out.nodes[a].pgIndex, out.nodes[b].pgIndex, n});
        }
    return out;
}

bool PgGraphLayout::keepsOwnNode(const Job& job, const Analysis& analysis, std::uint32_t pgIndex,
                                 const std::vector<std::uint32_t>& expanded)
{
    if (analysis.divergencePg() == pgIndex || std::binary_search(expanded.begin(), expanded.end(), pgIndex))
        return true;
    const auto& members = job.processGroups[pgIndex].ranks;
    return std::any_of(members.begin(), members.end(), [&](int r) { return analysis.culprit(r) != nullptr; });
}

std::vector<int> PgGraphLayout::ranksOf(const Job& job, const std::vector<std::uint32_t>& pgs)
{
    if (pgs.size() == 1)
        return job.processGroups[pgs.front()].ranks;
    std::vector<int> all;
    for (std::uint32_t p : pgs)
        all.insert(all.end(), job.processGroups[p].ranks.begin(), job.processGroups[p].ranks.end());
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return all;
}

} // namespace fd
