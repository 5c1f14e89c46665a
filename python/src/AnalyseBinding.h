#pragma once

#include "core/pipeline/Pipeline.h"
#include "core/report/Report.h"

#include <nanobind/nanobind.h>

#include <string>

namespace fd::py {

namespace nb = nanobind;

// One job loaded and analysed by the CLI's pipeline, and the report the CLI would print for it. Immutable, so
// any number of Python threads may read one.
struct AnalysedReport
{
    AnalysedJob run;
    Report report;
};

// loadAndAnalyse() with the CLI's options (no times or origins kept, no view index), then makeReport(); the
// GIL is released throughout.
AnalysedReport analyse(const std::string& frPath, const std::string& pattern, int worldSize);

void bindAnalyse(nb::module_& m);

} // namespace fd::py
