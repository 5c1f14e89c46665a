#pragma once

#include "Analysis.h"

namespace fd {

struct AnalysisContext;
struct WaitForResult;

// Turns the evidence into culprits (with kind and reason), victims, deadlock cycles, the diverging frontier,
// and the verdict with its reason paragraph. Expects out.pgs to be filled by the CollectiveMatcher.
void attribute(AnalysisContext& ctx, const WaitForResult& wf,
               const std::vector<CollectiveFinding>& mismatches, Analysis& out);

} // namespace fd
