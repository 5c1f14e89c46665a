#pragma once

#include "DetailLevel.h"
#include "core/model/Job.h"

#include <cstdint>
#include <memory>
#include <variant>
#include <vector>

namespace fd {

// A rank's dump read again after the job was loaded, and checked to still be the one loaded.
struct RereadDump
{
    std::unique_ptr<JobPools> pools; // what `dump` names: a loaded Job's pools are never added to
    RankDump dump;
    // Per entry of `dump`: whether the loaded window left it out (empty when the re-read kept the loaded
    // window's entries only, or the window was whole).
    std::vector<std::uint8_t> leftOut;
};
using RereadResult = std::variant<RereadDump, LoadError>;

// Reads `loaded`'s file (or archive member) again at `level`, keeping `window` of its entries (the loaded
// window's rule, or the whole history), and checks that it still holds what was loaded: the same size and,
// entry by entry, the same record ids, sequence numbers and ops where the loaded window kept entries. A file
// that changed, moved or became unreadable since gives a LoadError naming it and saying what is wrong.
// Blocking (an archive member: the archive is read up to it): call it off the GUI thread. Thread-safe.
RereadResult rereadDump(const Job& job, const RankDump& loaded, DetailLevel level, WindowRule window);

} // namespace fd
