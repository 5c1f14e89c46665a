#pragma once

#include "CaptureResult.h"
#include "core/io/JobInputs.h"

#include <vector>

namespace fd {

// What a live capture saw that its folder cannot show (docs/capture.md), as the assembler takes it
// (JobFacts::ranksWithoutDump, set on LoadOptions::facts before the folder is loaded):
// - a rank whose worker server never answered has no dump (missing_dump), and its load error says that a
//   process that cannot answer its own server's thread is stuck hard or gone: that is evidence;
// - a bad answer (HTTP error, garbage, truncated pickle) is a load error of that rank (unreadable_dump);
// - the world covers every rank that was asked, so a silent last rank is not forgotten.
std::vector<RankWithoutDump> ranksWithoutDump(const CaptureResult& capture);

} // namespace fd
