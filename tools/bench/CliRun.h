#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace fd::bench {

// One run of a program as a child process: its wall time and its peak resident set (getrusage of the child,
// which counts the mapped file pages it touched, as the user's `/usr/bin/time -v` does).
struct ChildRun
{
    double wallSeconds = 0;
    double peakRssBytes = 0;
    int exitCode = -1;
};

// Runs `program` with `arguments`, its stdout and stderr to /dev/null. nullopt when it could not be started
// or did not exit normally.
std::optional<ChildRun> runChild(const QString& program, const QStringList& arguments);

// The job's dump bytes as `cat` reads them: every regular file `files` names, read through to the end.
struct CatRun
{
    double wallSeconds = 0;
    double bytes = 0;
};
CatRun catFiles(const QStringList& files);

} // namespace fd::bench
