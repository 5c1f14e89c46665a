#pragma once

#include "DetailLevel.h"
#include "DumpDiscovery.h"
#include "WindowOfInterest.h"
#include "core/model/Job.h"

#include <atomic>
#include <functional>
#include <optional>
#include <variant>
#include <vector>

namespace fd {

// What reading one chosen file gave: its dump or why not. Empty when the read was cancelled first.
using DumpReadResult = std::optional<std::variant<RankDump, LoadError>>;

// Reads the chosen members of `archive` (DumpFile::member) in one streaming pass and decodes them on
// `threads` workers (0: one per core), a batch of at most a few hundred MB at a time, so memory stays bounded
// for archives of any size. A problem with the archive itself becomes each unread file's LoadError.
// `progress(done, total)` as for loadJob. Each dump remembers its archive and member, so that its entries'
// origins can be read again (io/RankOrigins.h).
std::vector<DumpReadResult> readArchiveDumps(const QString& archive, const std::vector<DumpFile>& files,
                                             JobPools& pools, int threads, DetailLevel details,
                                             WindowRule window, const std::atomic<bool>* cancel,
                                             const std::function<void(int, int)>& progress);

} // namespace fd
