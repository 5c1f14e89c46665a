#pragma once

#include "session/Session.h"

#include <QPointF>
#include <QSizeF>

#include <vector>

namespace fd {

// Where each process group sits in the graph. Deterministic: one band per kind of PG (its description),
// bands ordered from the widest groups (default_pg, data parallel) down to the narrowest (tensor parallel),
// nodes in a band ordered by their lowest rank and wrapped into rows. Same job, same picture.
struct PgGraphLayout
{
    static constexpr double kNodeWidth = 190;
    static constexpr double kNodeHeight = 66;
    static constexpr double kHGap = 26;
    static constexpr double kVGap = 56;
    static constexpr int kMaxPerRow = 8;

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
    QSizeF size;

    static PgGraphLayout compute(const Job& job);
};

} // namespace fd
