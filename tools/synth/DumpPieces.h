#pragma once

#include "PickleWriter.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fd {

// Pieces of a schema 2.10 dump that every generator of fr-synth writes the same way.

// "[0, 1, 2]": how pg_config stores a group's ranks (Python's str() of the list).
std::string ranksText(const std::vector<int>& ranks);

// One item of pg_config: name -> {"name", "desc", "ranks"}.
void writePgConfigItem(PickleWriter& w, const std::string& name, const std::string& desc,
                       const std::string& ranks);

// One item of pg_status: str(local id) -> {"last_enqueued_collective", "last_started_collective",
// "last_completed_collective"}.
void writePgStatusItem(PickleWriter& w, int localId, std::int64_t enqueued, std::int64_t started,
                       std::int64_t completed);

} // namespace fd
