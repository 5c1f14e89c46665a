#pragma once

#include "ui/session/Session.h"

#include <QPointF>
#include <QSizeF>

#include <vector>

namespace fd {

// Where each process group sits in the graph. Deterministic: one band per kind of PG (its description),
// bands ordered from the widest groups (default_pg, data parallel) down to the narrowest (tensor parallel),
// nodes in a band ordered by their lowest rank and wrapped into rows. The band's name sits in a column on
// the left. How many nodes go in a row is chosen so the whole graph fits a target aspect ratio as large as
// possible: exported pictures stay readable. Same job and aspect, same picture.
// A job of many PGs aggregates: in a band, PGs with the same status (waiting, missing ranks, unhealthy, idle)
// share one node ("DP × 32 · 32 waiting"), except the PGs that hold a culprit, the frontier PG and those
// asked to stay expanded; the causal chain (culprit -> its PGs -> the PGs blocked behind them) stays a few
// readable nodes at any scale.
struct PgGraphLayout
{
    static constexpr double kNodeWidth = 178;
    static constexpr double kNodeHeight = 72; // four lines of text (PgNodeItem::kTextLines)
    static constexpr double kHGap = 14;
    static constexpr double kRowGap = 10;  // between rows of one band
    static constexpr double kBandGap = 26; // between bands
    static constexpr double kLabelWidth = 108;
    static constexpr int kMinPerRow = 2;
    static constexpr int kMaxPerRow = 16;

    // Above this many PGs, a band's PGs of one status share a node.
    static constexpr std::size_t kAggregateAbove = 32;

    struct Node
    {
        std::uint32_t pgIndex = kNoPg;  // the PG, or the first of an aggregate
        std::vector<std::uint32_t> pgs; // every PG this node stands for, pgIndex first
        int band = 0;
        QPointF pos; // top-left
        bool isAggregate() const { return pgs.size() > 1; }
    };
    struct Edge
    {
        std::uint32_t from = kNoPg;
        std::uint32_t to = kNoPg;
        int sharedRanks = 0;
    };

    std::vector<Node> nodes;        // one per PG with known members
    std::vector<Edge> sharedEdges;  // between PGs of neighbouring bands that share ranks
    std::vector<QString> bandNames; // the description of each band
    std::vector<double> bandTops;
    int perRow = 8;
    QSizeF size; // from (0, 0), band labels included

    struct Request
    {
        // Width / height of where the graph will be shown; <= 0 for a landscape default.
        double aspect = 0;
        // Without one (or with few PGs) every PG is its own node.
        const Analysis* analysis = nullptr;
        // PGs (sorted) that are always their own node.
        std::vector<std::uint32_t> expanded;
        // Scene units, the band names' column included: when the graph fitted to `aspect` would be wider
        // than this, it takes fewer nodes per row (down to one) instead: a view that cannot show it whole at
        // a readable size then scrolls up and down only. 0: no limit.
        double maxWidth = 0;
        // PGs (sorted) to show, the others left out; empty: every PG.
        std::vector<std::uint32_t> only;
    };
    static PgGraphLayout compute(const Job& job, const Request& request);
    // What PGs must share to be one node: waiting (stuck ranks), missing ranks, unhealthy members, as bits.
    static std::uint32_t statusKey(const Job& job, const Analysis& analysis, std::uint32_t pgIndex);
    // The frontier PG, a PG holding a culprit, or one of `expanded`: never aggregated.
    static bool keepsOwnNode(const Job& job, const Analysis& analysis, std::uint32_t pgIndex,
                             const std::vector<std::uint32_t>& expanded);
    // The members of `pgs`, sorted, once each.
    static std::vector<int> ranksOf(const Job& job, const std::vector<std::uint32_t>& pgs);
};

} // namespace fd
