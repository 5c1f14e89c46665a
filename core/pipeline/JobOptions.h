#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QString>

class QCommandLineParser;

namespace fd {

// The command-line options about which job to follow that flightdeck and flightdeck-cli both take, each with
// one meaning, one help text and one check (docs/cli.md): --watch DIR, --watch-timeout SECONDS, --world-size
// N.
class JobOptions
{
public:
    static constexpr int kDefaultWatchTimeoutSec = 600;

    JobOptions();

    // To add to a program's parser.
    QList<QCommandLineOption> options() const { return {m_watch, m_watchTimeout, m_worldSize}; }
    // Reads the options from a parsed command line; returns the error to show, or an empty string.
    QString read(const QCommandLineParser& parser);

    QString watchDir;                              // --watch: follow this folder as dumps land
    int watchTimeoutSec = kDefaultWatchTimeoutSec; // --watch-timeout
    int worldSize = 0;                             // --world-size: 0 = what the dumps say

private:
    QCommandLineOption m_watch;
    QCommandLineOption m_watchTimeout;
    QCommandLineOption m_worldSize;
};

} // namespace fd
