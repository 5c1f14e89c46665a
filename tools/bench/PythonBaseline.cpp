#include "PythonBaseline.h"

#include <QProcess>
#include <QStandardPaths>

namespace {

// Reads the file list from stdin (one path a line) so that 16,384 paths do not hit the argument limit.
// Each pass opens and loads every file, as a Python analyzer must; the result is dropped at once so that one
// file's objects are alive at a time. json.load takes the file in binary as well.
constexpr char kScript[] = R"PY(
import importlib, sys, time
repeat = int(sys.argv[1])
loader = importlib.import_module(sys.argv[2])
files = [line.rstrip('\n') for line in sys.stdin if line.strip()]
best = None
for _ in range(repeat):
    start = time.perf_counter()
    for path in files:
        with open(path, 'rb') as f:
            loader.load(f)
    elapsed = time.perf_counter() - start
    best = elapsed if best is None else min(best, elapsed)
print(f"{best:.6f} {len(files)}")
)PY";

} // namespace

std::optional<PythonBaseline> timePythonLoad(const QString& module, const QStringList& files, int repeat,
                                             QString& error)
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty()) {
        error = QStringLiteral("python3 not found");
        return std::nullopt;
    }
    QProcess p;
    p.start(python, {QStringLiteral("-c"), QString::fromLatin1(kScript), QString::number(repeat), module});
    p.write(files.join(QLatin1Char('\n')).toUtf8());
    p.closeWriteChannel();
    if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        error = QStringLiteral("python3 failed: ") + QString::fromUtf8(p.readAllStandardError()).trimmed();
        return std::nullopt;
    }
    const QStringList parts = QString::fromUtf8(p.readAllStandardOutput()).trimmed().split(QLatin1Char(' '));
    bool ok = parts.size() == 2;
    PythonBaseline result;
    if (ok)
        result.bestSeconds = parts[0].toDouble(&ok);
    if (ok)
        result.files = parts[1].toInt(&ok);
    if (!ok) {
        error = QStringLiteral("python3 printed something unexpected");
        return std::nullopt;
    }
    return result;
}
