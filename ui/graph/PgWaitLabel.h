#pragma once

#include "core/analysis/Analysis.h"

#include <QString>

namespace fd {

// What a PG wait arrow of the graph says (Analysis::pgWaits): "cycle" or "waits on".
QString pgWaitLabel(PgWaitKind kind);

} // namespace fd
