#pragma once

#include <cstdint>
#include <vector>

namespace fd {

class Job;
class OpInfoCache;
struct RankView;

// Ranks that wrote no dump, placed in the PGs no pg_config lists (docs/attribution.md, "Members that wrote no
// dump"). A gloo dump names no PG members, so a PG's members are learnt from the dumps that mention it, and a
// dead rank is in none of those lists: without it, its peers seem to wait on nobody.
struct SilentMembership
{
    std::uint32_t pgIndex = 0;
    std::vector<int> ranks; // ranks without a dump added to the PG, sorted
};

// Completes the learnt member lists of unlisted PGs (`members`, per PG index) with ranks that wrote no dump,
// or whose dump names no PG of that description, where the PGs of the same description tell exactly which:
// PGs built over a grid (TP, DP, ...) are runs of one size and one stride, so a short PG of that description
// whose run can be completed in only one way, and only with such ranks, lacks exactly those. A placed rank
// with a dump has not entered any collective of that PG. Returns what was added.
// Where no PG of a description is whole, the size its gathers and scatters tell (output = input x size) and
// the one stride that completes every PG of the description to a run of that size give the run.
std::vector<SilentMembership> placeSilentMembers(const Job& job, const OpInfoCache& ops,
                                                 std::vector<std::vector<int>>& members);

// A collective that some members of a PG retired while another member still holds it pending, in a job whose
// backend retires finished and failed work alike and never marks it completed (gloo, docs/torch-jobs.md).
struct FailedCollective
{
    std::uint32_t pgIndex = 0;
    std::int64_t seq = 0;
    std::vector<int> retiredBy; // the members whose retirement is read as a failure, sorted
};

// Gloo retires failed work like finished work: when a member died, its ring neighbours' collective ends with
// "connection reset" and reads as completed, while the other members still wait in it. A retirement is
// therefore read as a failure where a peer still holding the same collective contradicts it, or where it is
// the rank's newest op, nothing is pending after it, and a member of its PG wrote no dump: the op stays
// pending in `views` (the rank is in that collective, as blocked as its peers), and a lone unplaced silent
// rank joins the PG when nothing else can have failed it. Completed entries (NCCL's) are never touched.
std::vector<FailedCollective> readFailedRetirements(const Job& job, std::vector<RankView>& views,
                                                    std::vector<std::vector<int>>& members,
                                                    std::vector<SilentMembership>& placed);

// The global rank of each local rank of the PGs no pg_config lists, as far as the dumps pin it (empty for
// the others): a p2p op names the PG's local ranks ("send 2->3"), and those need a global rank. torch sorts
// a new group's ranks, so local rank k is the member with k members below it. A rank's own p2p names give
// its local rank; members between two ranks whose global ranks lie exactly as far apart as their local
// ones are all the ranks between (added to `members`, and to `placed`, where no dump named them); and local
// rank k is members[k] wherever a member at index k or above has its own local rank as its index (the list
// below it then lacks no member).
std::vector<std::vector<int>> learnLocalRanks(const Job& job, const OpInfoCache& ops,
                                              std::vector<std::vector<int>>& members,
                                              std::vector<SilentMembership>& placed);

} // namespace fd
