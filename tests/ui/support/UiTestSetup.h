#pragma once

namespace fd::test {

// What every ui test that opens windows does first: Qt's test locations for QStandardPaths, and an
// organisation and application name of the test's own for QSettings, so that a test never reads or changes
// the user's recent jobs, window geometry or timeline preferences.
void isolateSettings(const char* testName);

// Runs the event loop until no view is computing in the background any more (charts, timeline and graph
// results from workers have arrived). False when that takes longer than `timeoutMs`.
bool waitForBackgroundViews(int timeoutMs = 60000);

} // namespace fd::test
