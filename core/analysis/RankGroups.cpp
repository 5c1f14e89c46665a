#include "RankGroups.h"

#include "Analysis.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace fd {

void groupRanks(Analysis& a)
{
    a.rankGroups.clear();
    for (const Culprit& c : a.culprits)
        a.rankGroups.push_back({c.kind, c.pgIndex, c.seqId, {c.rank}});
    using Key = std::tuple<RankKind, std::uint32_t, std::int64_t>;
    std::map<Key, std::vector<int>> others;
    for (const RankFinding& r : a.ranks) {
        if (a.culprit(r.rank))
            continue;
        const Victim* v = a.victim(r.rank);
        others[Key{r.kind, v ? v->pgIndex : kNoPg, v ? v->seqId : kNoSeq}].push_back(r.rank);
    }
    const std::size_t firstOther = a.rankGroups.size();
    for (auto& [key, ranks] : others)
        a.rankGroups.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), std::move(ranks)});
    std::stable_sort(a.rankGroups.begin() + std::ptrdiff_t(firstOther), a.rankGroups.end(),
                     [](const RankGroup& x, const RankGroup& y) { return x.ranks.size() > y.ranks.size(); });
}

} // namespace fd
