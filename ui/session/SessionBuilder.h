#pragma once

#include "Session.h"

namespace fd {

// The one adapter from core's Analysis to what the views emphasise. Everything else in ui/ reads Highlights.
Highlights highlightsFrom(const Analysis& analysis);

// Builds a Session for a loaded job: the lookup index, the coalesced-op marks, the analysis (run here when
// `analysis` is null) and the highlights. Slow for big jobs: call it off the GUI thread.
Session buildSession(std::shared_ptr<const Job> job, std::shared_ptr<const Analysis> analysis = {});

// Runs core's analysis.
std::shared_ptr<const Analysis> analyse(const Job& job);

} // namespace fd
