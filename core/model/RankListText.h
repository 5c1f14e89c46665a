#pragma once

#include <QString>

#include <cstddef>
#include <set>
#include <span>
#include <vector>

namespace fd {

// How every output writes a list of ranks (sorted, each once). The report's texts are compared byte for byte
// with fr_attribution.py's and our own expected outputs, so each form here is fixed.

// "9, 14, 15": every rank, joined by `separator`; with maxShown > 0, "1, 2, 3 and 5 more" past that many.
QString rankListText(std::span<const int> ranks, std::size_t maxShown = 0,
                     const QString& separator = QStringLiteral(", "));
// rankListText(ranks), or `none` for no rank: the rank lists of capture and watch lines ("missing: -").
QString rankListTextOr(std::span<const int> ranks, const QString& none);
// "{2, 10}": a set of ranks as the LLM is asked to name them (docs/llm.md).
QString rankSetText(const std::set<int>& ranks);
// "0-3, 8, 12, 13": runs of three or more ranks as ranges; with maxParts > 0, "…" past that many parts.
QString rankRangeText(std::span<const int> ranks, int maxParts = 0);

} // namespace fd
