#pragma once

#include "core/llm/LlmSettings.h"
#include "core/report/TraceExport.h"

#include <QString>
#include <QStringList>

namespace fd::cli {

// Exit codes (documented in --help and docs/cli.md). fr_attribution.py exits 0 whenever it ran, and scripts
// call it with `set -e` or check=True: so does FlightDeck, unless --exit-code asks for 1 on a hang.
enum ExitCode : int
{
    ExitRan = 0,            // the analysis ran, whatever it found (also --version, --help, --debug)
    ExitHangFound = 1,      // only with --exit-code: the analysis found a hang (verdict continue or stop)
    ExitNoUsableDump = 2,   // nothing could be loaded
    ExitUsage = 3,          // bad command line
    ExitOutputFailed = 4,   // an output (--json, --debug, capture's dumps, stdout) could not be written whole
    ExitVerdictUnknown = 5, // only with --exit-code: too few ranks could be judged to say (verdict unknown)
};

// Every fr_attribution.py flag with its meaning and default, plus FlightDeck's own.
struct CliOptions
{
    QString frPath;
    QString pattern = QStringLiteral("_dump_*");
    bool verbose = false;
    bool healthCheck = false;
    bool llmAnalyze = false;
    QString model;                                  // empty: NVRX_LLM_MODEL, else the default model
    QString baseUrl;                                // empty: NVRX_LLM_BASE_URL, else the default endpoint
    int llmTimeoutSec = kDefaultLlmTotalTimeoutSec; // --llm-timeout: the whole LLM step, retries included
    bool debug = false;
    bool emitStdout = false;
    bool exitCode = false;   // --exit-code: 1 when a hang was found
    bool frDebugEnv = false; // FR_DEBUG=1/true/yes
    QString jsonPath;        // --json FILE or "-"
    QString format = QStringLiteral("text");
    QString debugDir;
    QString watchDir;          // --watch DIR: follow the folder as dumps land (WatchCommand.h)
    int watchTimeoutSec = 600; // --watch-timeout (fd::JobOptions reads all three)
    int worldSize = 0;         // --world-size: 0 = what the dumps say
    int watchSettleMs = 1000;  // a file is complete once its size held this long (and it ends like a dump)
    bool watchCompare = false; // --watch-compare: wait for a second complete set and compare the two
    QString tracePath;         // --export-trace FILE: Chrome trace-event JSON (docs/trace-export.md)
    TraceOptions trace;        // --trace-ranks, --trace-pgs, --trace-last
};

struct ParseResult
{
    CliOptions options;
    int exitNow = -1; // >= 0: exit with this code (help, version, usage error)
    QString message;  // what to print before exiting
};

ParseResult parseCommandLine(const QStringList& arguments);

} // namespace fd::cli
