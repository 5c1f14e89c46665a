#pragma once

namespace fd {

struct Analysis;
struct AnalysisContext;

// Fills Analysis::evidence (one per frontier item) and Analysis::pinnedRanks, from the finished verdict and
// the member states the analysis worked from. Runs after attribution: it explains the result, never changes
// it.
void buildEvidence(AnalysisContext& ctx, Analysis& a);

} // namespace fd
