#include "DumpExporter.h"

#include "exporting/ValueJsonWriter.h"
#include "io/DumpDiscovery.h"
#include "io/DumpReader.h"
#include "io/ParallelFor.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QSet>
#include <QStringBuilder>

namespace fd {

namespace {

const QLatin1String kExportFolder("flightdeck-json");

QString canonical(const QString& path)
{
    const QString c = QFileInfo(path).canonicalFilePath();
    return c.isEmpty() ? QFileInfo(path).absoluteFilePath() : c;
}

std::optional<QString> writeAtomically(const QString& path, const std::string& text)
{
    // QSaveFile writes a temporary file beside the target and renames it on commit(): a reader never sees a
    // half-written JSON file, and an interrupted export leaves the previous one intact.
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return path % QStringLiteral(": cannot write: ") % out.errorString();
    if (out.write(text.data(), qint64(text.size())) != qint64(text.size()) || !out.commit())
        return path % QStringLiteral(": write failed: ") % out.errorString();
    return std::nullopt;
}

// The nearest existing folder on the way to `dir`, when nobody may write to it. Checked on the permission bits
// rather than with access(): run as root (CI, a debugging container), access() says yes to everything, and a
// folder of dumps someone made read-only is a folder they do not want written into.
QString readOnlyAncestor(const QString& dir)
{
    QFileInfo info(dir);
    while (!info.exists() && !info.isRoot() && info.absolutePath() != info.absoluteFilePath())
        info = QFileInfo(info.absolutePath());
    const auto writable = QFileDevice::WriteOwner | QFileDevice::WriteGroup | QFileDevice::WriteOther;
    return info.exists() && !(info.permissions() & writable) ? info.absoluteFilePath() : QString();
}

} // namespace

int DumpExportSummary::failures() const
{
    int n = 0;
    for (const auto& item : items)
        n += item.error.isEmpty() ? 0 : 1;
    return n;
}

QString defaultExportDir(const QString& frPath)
{
    const QFileInfo info(frPath);
    const QDir base = info.isDir() ? QDir(frPath) : info.dir();
    return base.filePath(kExportFolder);
}

DumpJsonText dumpFileToJson(const QString& dumpPath)
{
    DumpJsonText out;
    DumpBytes bytes;
    if (QString err = bytes.open(dumpPath); !err.isEmpty()) {
        out.error = dumpPath % QStringLiteral(": ") % err;
        return out;
    }
    DecodedDump decoded = decodeDumpBytes(bytes.view(), dumpPath);
    if (decoded.error) {
        out.error = decoded.error->toString();
        return out;
    }
    ValueJsonResult json = valueTreeToJson(decoded.tree);
    if (json.error) {
        out.error = dumpPath % QStringLiteral(": ") % QString::fromStdString(*json.error);
        return out;
    }
    out.json = std::move(json.json);
    return out;
}

std::optional<QString> exportDumpFileToJson(const QString& dumpPath, const QString& jsonPath)
{
    if (canonical(dumpPath) == canonical(jsonPath))
        return jsonPath % QStringLiteral(": refusing to overwrite the dump it was made from");
    DumpJsonText text = dumpFileToJson(dumpPath);
    if (!text.error.isEmpty())
        return text.error;
    return writeAtomically(jsonPath, text.json);
}

DumpExportSummary exportDumpsToJson(const QString& frPath, const QString& pattern, const QString& outputDir)
{
    DumpExportSummary summary;
    Discovery found = discoverDumps(frPath, pattern);
    summary.discoveryErrors = std::move(found.errors);
    summary.outputDir = outputDir.isEmpty() ? defaultExportDir(frPath) : outputDir;
    if (found.files.empty()) {
        summary.fatalError = QStringLiteral("no dump files found at %1").arg(frPath);
        return summary;
    }
    if (const QString blocked = readOnlyAncestor(summary.outputDir); !blocked.isEmpty()) {
        summary.fatalError = blocked
            % QStringLiteral(": folder is read-only; not writing there (choose another folder with --debug-dir)");
        return summary;
    }
    if (!QDir().mkpath(summary.outputDir)) {
        summary.fatalError = summary.outputDir
            % QStringLiteral(": cannot create the output folder (choose another with --debug-dir)");
        return summary;
    }
    // Never write over an input: a JSON dump named like its output, or --debug-dir pointed at the dumps.
    QSet<QString> inputs;
    for (const DumpFile& f : found.files)
        inputs.insert(canonical(f.path));
    for (const LoadError& e : summary.discoveryErrors)
        inputs.insert(canonical(e.filePath)); // a second file for a rank is still somebody's dump

    summary.items.resize(found.files.size());
    parallelFor(found.files.size(), 0, nullptr, [&](std::size_t i) {
        DumpExportItem& item = summary.items[i];
        item.dumpPath = found.files[i].path;
        const QString target = QDir(summary.outputDir).filePath(QFileInfo(item.dumpPath).fileName() + QStringLiteral(".json"));
        if (inputs.contains(canonical(target))) {
            item.error = target % QStringLiteral(": is one of the input dumps; not overwritten (choose another --debug-dir)");
            return;
        }
        if (auto err = exportDumpFileToJson(item.dumpPath, target))
            item.error = *err;
        else
            item.jsonPath = target;
    });
    return summary;
}

} // namespace fd
