#pragma once

#include "core/model/Job.h"

namespace fd::test {

// The id `in` gives the PG that `from` gives id `pg` (0, no PG, when `in` names none such). Loader threads
// intern into one pool they share, so two loads of the same files may number their PGs in different orders:
// an EntryPgId of one job says nothing about another, the PG's id, name and description do.
inline EntryPgId samePgIn(const Job& in, const Job& from, EntryPgId pg)
{
    const EntryPg named = from.pools->entryPg(pg);
    for (EntryPgId id = 1; id < in.pools->entryPgs.size(); ++id) {
        const EntryPg candidate = in.pools->entryPg(id);
        if (candidate.localId == named.localId && in.str(candidate.name) == from.str(named.name) &&
            in.str(candidate.desc) == from.str(named.desc))
            return id;
    }
    return 0;
}

} // namespace fd::test
