#pragma once

#include "core/analysis/Analysis.h"

#include <QString>

#include <vector>

namespace fd {

// How the views show NVRx health checks (-c, health_check_results, in core's RankFinding::health): a badge in
// a rank's timeline lane header and a count on the PG graph nodes that hold it.

// The checks of `rank`; null when its dump carried none.
const std::vector<HealthCheck>* healthChecksOf(const Analysis& analysis, int rank);
bool allHealthy(const std::vector<HealthCheck>& checks);
// "GPU ✗", "GPU NIC ✗"; empty when every check passed (a green dot then).
QString healthBadge(const std::vector<HealthCheck>& checks);
// One line per check: "gpu: Failed — GPU 3: Xid 79, ...".
QString healthTooltip(int rank, const std::vector<HealthCheck>& checks);
// The ranks among `ranks` with a failed check, in the same order.
std::vector<int> unhealthyAmong(const Analysis& analysis, const std::vector<int>& ranks);

} // namespace fd
