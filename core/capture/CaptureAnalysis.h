#pragma once

#include "CaptureResult.h"
#include "model/Job.h"

namespace fd {

// Adds what a live capture saw to the job loaded from its folder (docs/capture.md):
// - a rank whose worker server never answered has no dump (missing_dump), and its load error says that a
//   process that cannot answer its own server's thread is stuck hard or gone: that is evidence;
// - a bad answer (HTTP error, garbage, truncated pickle) is a load error of that rank (unreadable_dump);
// - the world covers every rank that was asked, so a silent last rank is not forgotten.
// Call it between loading and analysing: LoadRequest::amend (core/pipeline/Pipeline.h).
void addCaptureOutcome(Job& job, const CaptureResult& capture);

} // namespace fd
