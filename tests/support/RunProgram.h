#pragma once

// Runs a program this build made (flightdeck-cli, fr-synth, flightdeck) from a test and keeps what it
// printed. Header-only: every test that includes it gets FD_BINARY_DIR from fd_add_test
// (tests/CMakeLists.txt).

#include <QDeadlineTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTest>

namespace fd::test {

struct ProgramRun
{
    bool finished = false; // exited by itself within the time limit, without crashing
    int exitCode = -1;     // -1 unless finished
    QString out;
    QString err;
};

struct RunOptions
{
    QString workDir; // empty: this process's
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // Keep this thread's event loop running while waiting, so that a server living in the test process (a
    // fake LLM endpoint, a fake worker) can answer the program.
    bool serveEvents = false;
    int timeoutMs = 60000;

    RunOptions& inDir(const QString& dir)
    {
        workDir = dir;
        return *this;
    }
    RunOptions& withEnvironment(const QProcessEnvironment& env)
    {
        environment = env;
        return *this;
    }
    RunOptions& servingEvents()
    {
        serveEvents = true;
        return *this;
    }
    RunOptions& timeout(int ms)
    {
        timeoutMs = ms;
        return *this;
    }
};

inline ProgramRun runProgram(const QString& program, const QStringList& args, const RunOptions& options = {})
{
    QProcess p;
    p.setProcessEnvironment(options.environment);
    if (!options.workDir.isEmpty())
        p.setWorkingDirectory(options.workDir);
    p.start(program, args);
    if (options.serveEvents) {
        const QDeadlineTimer deadline(options.timeoutMs);
        while (p.state() != QProcess::NotRunning && !deadline.hasExpired())
            QTest::qWait(20);
    } else {
        p.waitForFinished(options.timeoutMs);
    }
    ProgramRun run;
    if (p.state() != QProcess::NotRunning) {
        p.kill(); // timed out: the caller sees finished == false
        p.waitForFinished();
    } else if (p.exitStatus() == QProcess::NormalExit && p.error() != QProcess::FailedToStart) {
        run.finished = true;
        run.exitCode = p.exitCode();
    }
    run.out = QString::fromUtf8(p.readAllStandardOutput());
    run.err = QString::fromUtf8(p.readAllStandardError());
    return run;
}

// The flightdeck-cli of this build, with `args`.
inline ProgramRun runCli(const QStringList& args, const RunOptions& options = {})
{
    return runProgram(QStringLiteral(FD_BINARY_DIR "/app/cli/flightdeck-cli"), args, options);
}

} // namespace fd::test
