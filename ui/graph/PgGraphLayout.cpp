#include "PgGraphLayout.h"

#include <algorithm>
#include <map>

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

PgGraphLayout PgGraphLayout::compute(const Job& job, double aspect)
{
    PgGraphLayout out;
    // Bands by description; a band's weight is its widest group so default_pg comes first.
    std::map<QString, std::vector<std::uint32_t>> bands;
    for (std::uint32_t i = 0; i < job.processGroups.size(); ++i)
        bands[job.processGroups[i].desc].push_back(i);
    struct Band
    {
        QString name;
        std::size_t width = 0;
        std::vector<std::uint32_t> pgs;
    };
    std::vector<Band> ordered;
    for (auto& [name, pgs] : bands) {
        Band b{name, 0, pgs};
        for (std::uint32_t p : pgs)
            b.width = std::max(b.width, job.processGroups[p].ranks.size());
        std::sort(b.pgs.begin(), b.pgs.end(), [&](std::uint32_t x, std::uint32_t y) {
            const auto& rx = job.processGroups[x].ranks;
            const auto& ry = job.processGroups[y].ranks;
            const int fx = rx.empty() ? 1 << 30 : rx.front();
            const int fy = ry.empty() ? 1 << 30 : ry.front();
            return std::tie(fx, x) < std::tie(fy, y);
        });
        ordered.push_back(std::move(b));
    }
    std::stable_sort(ordered.begin(), ordered.end(), [](const Band& a, const Band& b) {
        return std::tie(b.width, a.name) < std::tie(a.width, b.name);
    });

    if (aspect <= 0)
        aspect = 1.6;
    // The largest scale at which the graph fits a box of that aspect: try every row width.
    auto sizeFor = [&](int perRow) {
        double height = 0;
        int widest = 0;
        for (const Band& b : ordered) {
            const int n = int(b.pgs.size());
            const int rows = (n + perRow - 1) / perRow;
            widest = std::max(widest, std::min(n, perRow));
            height += rows * kNodeHeight + (rows - 1) * kRowGap + kBandGap;
        }
        return QSizeF(kLabelWidth + widest * kNodeWidth + (widest - 1) * kHGap, std::max(0.0, height - kBandGap));
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

    double y = 0;
    for (std::size_t band = 0; band < ordered.size(); ++band) {
        const auto& pgs = ordered[band].pgs;
        out.bandNames.push_back(ordered[band].name);
        out.bandTops.push_back(y);
        for (std::size_t i = 0; i < pgs.size(); ++i) {
            const int row = int(i) / out.perRow;
            const int col = int(i) % out.perRow;
            out.nodes.push_back({pgs[i], int(band),
                                 QPointF(kLabelWidth + col * (kNodeWidth + kHGap), y + row * (kNodeHeight + kRowGap))});
        }
        const int rows = (int(pgs.size()) + out.perRow - 1) / out.perRow;
        y += rows * kNodeHeight + (rows - 1) * kRowGap + kBandGap;
    }
    out.size = sizeFor(out.perRow);

    // Shared-rank edges only between neighbouring bands: every PG shares ranks with default_pg, and drawing
    // all of them would bury the picture.
    for (std::size_t a = 0; a < out.nodes.size(); ++a)
        for (std::size_t b = 0; b < out.nodes.size(); ++b) {
            if (out.nodes[b].band != out.nodes[a].band + 1)
                continue;
            const int n = sharedCount(job.processGroups[out.nodes[a].pgIndex].ranks,
                                      job.processGroups[out.nodes[b].pgIndex].ranks);
            if (n > 0)
                out.sharedEdges.push_back({out.nodes[a].pgIndex, out.nodes[b].pgIndex, n});
        }
    return out;
}

} // namespace fd
