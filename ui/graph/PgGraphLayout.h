#pragma once

#include "session/Session.h"

#include <QPointF>
#include <QSizeF>

#include <vector>

namespace fd {

// Where each process group sits in the graph. Deterministic: one band per kind of PG (its description),
// bands ordered from the widest groups (default_pg, data parallel) down to the narrowest (tensor parallel),
// nodes in a band ordered by their lowest rank and wrapped into rows. The band's name sits in a column on
// the left. How many nodes go in a row is chosen so the whole graph fits a target aspect ratio as large as
// possible: exported pictures stay readable. Same job and aspect, same picture.
struct PgGraphLayout
{
    static constexpr double kNodeWidth = 178;
    static constexpr double kNodeHeight = 56;
    static constexpr double kHGap = 14;
    static constexpr double kRowGap = 10;   // between rows of one band
    static constexpr double kBandGap = 26;  // between bands
    static constexpr double kLabelWidth = 108;
    static constexpr int kMinPerRow = 2;
    static constexpr int kMaxPerRow = 16;

    struct Node
    {
        std::uint32_t pgIndex = kNoPg;
        int band = 0;
        QPointF pos; // top-left
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
    QSizeF size;                    // from (0, 0), band labels included

    // aspect: width / height of where the graph will be shown; <= 0 for a landscape default.
    static PgGraphLayout compute(const Job& job, double aspect = 0);
};

} // namespace fd
