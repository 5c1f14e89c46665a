#pragma once

#include "CliOptions.h"

#include "core/pipeline/Pipeline.h"
#include "core/report/Report.h"

#include <QStringList>

#include <vector>

namespace fd::cli {

// `flightdeck-cli compare OLD NEW`: two dump folders of one job (two captures, or two timeout dumps), older
// first. Reports the newer one as --fr-path would, plus whether the job advanced in between (docs/cli.md).
struct CompareCommand
{
    int exitNow = -1;   // >= 0: stop with this exit code (help, usage error, unreadable, two different jobs)
    Report report;      // else: print this
    CliOptions options; // with these output options
};

bool isCompareCommand(const QStringList& arguments); // arguments[1] == "compare"
CompareCommand runCompareCommand(const QStringList& arguments);

// One snapshot loaded for a comparison as --fr-path loads it: with the entries' times, which tell one job's
// entries from another's; a capture's silent ranks in `ranksWithoutDump` (core/capture/CaptureAnalysis.h).
AnalysedJob loadSnapshot(const QString& folder, const QString& pattern, int worldSize,
                         std::vector<RankWithoutDump> ranksWithoutDump = {});
// Compares two loaded snapshots into report.progress; an error line when they are not one job's, in order.
// intervalSeconds < 0: from the folders (capture-<UTC time> names, else the dumps' modification times).
QString addProgress(Report& report, const AnalysedJob& older, const AnalysedJob& newer,
                    double intervalSeconds = -1);

} // namespace fd::cli
