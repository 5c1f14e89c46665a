#include "ReportOutput.h"

#include "CliPrint.h"

#include "core/report/ReportJson.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace fd::cli {

bool printsText(const CliOptions& o)
{
    return o.format != QLatin1String("json") && o.jsonPath != QLatin1String("-");
}

TextOptions textOptions(const CliOptions& o)
{
    TextOptions text;
    text.verbose = o.verbose;
    text.healthCheck = o.healthCheck;
    return text;
}

int printReport(const Report& report, const CliOptions& o, bool outputsOk, bool analysisShown)
{
    if (!o.jsonPath.isEmpty()) {
        const QString err = writeReportFile(report, o.jsonPath);
        if (!err.isEmpty()) {
            print(stderr, err + QLatin1Char('\n'));
            outputsOk = false;
        }
    }
    if (o.format == QLatin1String("json")) {
        if (const QString err = writeReportFile(report, QStringLiteral("-")); !err.isEmpty()) {
            print(stderr, err + QLatin1Char('\n'));
            outputsOk = false;
        }
    } else if (printsText(o)) {
        print(stdout, analysisShown ? textEnding(report) : textReport(report, textOptions(o)));
    }
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        print(stderr,
              QStringLiteral("stdout: cannot write: %1\n").arg(QString::fromLocal8Bit(std::strerror(errno))));
        outputsOk = false;
    }
    if (!outputsOk)
        return ExitOutputFailed;
    const bool advancing = report.progress && report.progress->state == ProgressState::Advancing;
    if (!o.exitCode || !report.analysis || report.analysis->verdict == Verdict::NoHang || advancing)
        return ExitRan;
    return report.analysis->verdict == Verdict::Unknown ? ExitVerdictUnknown : ExitHangFound;
}

} // namespace fd::cli
