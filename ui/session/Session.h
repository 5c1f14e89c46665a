#pragma once

#include "CoalescedEntries.h"
#include "EntryIndex.h"
#include "Highlights.h"
#include "model/Job.h"

#include <memory>

namespace fd {

// What every model and view of one opened job shares, read-only. Built once per job (SessionBuilder), off
// the GUI thread.
struct Session
{
    std::shared_ptr<const Job> job;
    std::shared_ptr<const Highlights> highlights = std::make_shared<Highlights>();
    std::shared_ptr<const EntryIndex> index = std::make_shared<EntryIndex>();
    std::shared_ptr<const CoalescedEntries> coalesced = std::make_shared<CoalescedEntries>();
    std::shared_ptr<const Analysis> analysis; // null until analysed (and for hand-made test sessions)

    bool isEmpty() const { return !job; }
    const Highlights& hl() const { return *highlights; }
};

} // namespace fd
