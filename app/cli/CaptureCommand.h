#pragma once

#include "core/capture/CaptureResult.h"

#include <QStringList>

#include <optional>

namespace fd::cli {

// `flightdeck-cli capture ...`: pulls a fresh dump from every rank of a running job (docs/capture.md),
// prints one line per rank, then hands the new folder to the ordinary analysis.
struct CaptureCommand
{
    int exitNow = -1;              // >= 0: stop with this exit code (help, usage error, nothing captured)
    QStringList analysisArguments; // else: the arguments to analyse the capture with (--fr-path <folder> ...)
    CaptureResult capture; // what each rank answered, for the analysis (core/capture/CaptureAnalysis.h)
    // --again-after: the first of the two captures, to compare the analysed (second) one with.
    std::optional<CaptureResult> earlier;
    double intervalSeconds = 0; // between the starts of the two captures
};

bool isCaptureCommand(const QStringList& arguments); // arguments[1] == "capture"
CaptureCommand runCaptureCommand(const QStringList& arguments);

} // namespace fd::cli
