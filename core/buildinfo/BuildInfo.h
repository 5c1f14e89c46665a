#pragma once

#include <QString>

namespace fd::BuildInfo {

// Facts fixed when the binary was configured and built; shown by --version and the About dialog.
QString version();          // "0.1.0", the CMake project version
QString gitCommit();        // short hash, or "unknown" outside a git checkout
QString buildType();        // CMAKE_BUILD_TYPE
QString compiler();         // "GNU 12.2.0"
QString qtBuildVersion();   // Qt the binary was compiled against
QString qtRuntimeVersion(); // Qt actually loaded (a distro upgrade can differ)

// What QCoreApplication::applicationVersion() is set to, so QCommandLineParser's --version prints
// "flightdeck-cli 0.1.0" on the first line (scripts parse that) and the build facts on the second.
QString applicationVersion();

// Multi-line, untranslated: pasted into bug reports, so it stays greppable in any UI language.
QString details();

} // namespace fd::BuildInfo
