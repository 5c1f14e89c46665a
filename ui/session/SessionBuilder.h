#pragma once

#include "Session.h"

namespace fd {

// The one adapter from core's Analysis to what the views emphasise. Everything else in ui/ reads Highlights.
Highlights highlightsFrom(const Analysis& analysis);

// Builds a Session for a loaded job: the lookup index, the analysis (run here when `analysis` is null and
// the analysis library is built in) and the highlights. Slow for big jobs: call it off the GUI thread.
Session buildSession(std::shared_ptr<const Job> job, std::shared_ptr<const Analysis> analysis = {});

// Runs core's analysis when the build has it, else returns null.
std::shared_ptr<const Analysis> analyse(const Job& job);

} // namespace fd
