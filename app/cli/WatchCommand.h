#pragma once

#include "CliOptions.h"

#include "core/report/Report.h"

namespace fd::cli {

// `flightdeck-cli --watch DIR`: re-analyses as dumps land in DIR (debounced), printing one status line per
// change (ranks present, missing, still growing, the verdict as it stands), until every rank's dump is there
// or --watch-timeout passes. The caller prints the last report like --fr-path's.
struct WatchOutcome
{
    int exitNow = -1; // >= 0: nothing usable arrived; exit with this
    Report report;
};
WatchOutcome runWatch(const CliOptions& options);

} // namespace fd::cli
