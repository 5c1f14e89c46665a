#include "CliRun.h"

#include <QElapsedTimer>
#include <QFile>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

extern char** environ;

namespace fd::bench {

std::optional<ChildRun> runChild(const QString& program, const QStringList& arguments)
{
    std::vector<std::string> args{QFile::encodeName(program).toStdString()};
    for (const QString& a : arguments)
        args.push_back(QFile::encodeName(a).toStdString());
    std::vector<char*> argv;
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    QElapsedTimer timer;
    timer.start();
    pid_t pid = -1;
    const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0)
        return std::nullopt;
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status))
        return std::nullopt;
    ChildRun run;
    run.wallSeconds = double(timer.nsecsElapsed()) / 1e9;
    run.peakRssBytes = double(usage.ru_maxrss) * 1024.0; // kB on Linux
    run.exitCode = WEXITSTATUS(status);
    return run;
}

CatRun catFiles(const QStringList& files)
{
    CatRun run;
    std::vector<char> buffer(std::size_t(128) << 10); // cat's own buffer size
    QElapsedTimer timer;
    timer.start();
    for (const QString& path : files) {
        const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            continue;
        for (;;) {
            const ssize_t n = ::read(fd, buffer.data(), buffer.size());
            if (n <= 0)
                break;
            run.bytes += double(n);
        }
        ::close(fd);
    }
    run.wallSeconds = double(timer.nsecsElapsed()) / 1e9;
    return run;
}

} // namespace fd::bench
