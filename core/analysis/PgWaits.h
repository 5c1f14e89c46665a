#pragma once

#include "Analysis.h"

#include <vector>

namespace fd {

// Which PG waits on which (Analysis::pgWaits): around every collective-order deadlock cycle, and from the PG
// a victim is blocked in to the PG its culprit is missing from, when they differ. Built from the culprits,
// victims and cycles, so call it once those are final.
std::vector<PgWait> findPgWaits(const Analysis& analysis);

} // namespace fd
