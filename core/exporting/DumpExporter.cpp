#include "DumpExporter.h"

#include "OutputFile.h"
#include "ValueJsonWriter.h"
#include "core/io/ArchiveReader.h"
#include "core/io/DumpDiscovery.h"
#include "core/io/DumpReader.h"
#include "core/io/ParallelFor.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <QStringBuilder>

namespace fd {

namespace {

const QLatin1String kExportFolder("flightdeck-json");
// Appended to an archive's path: the JSON goes beside the archive, never into it.
const QLatin1String kArchiveExportSuffix("-flightdeck-json");

QString canonical(const QString& path)
{
    const QString c = QFileInfo(path).canonicalFilePath();
    return c.isEmpty() ? QFileInfo(path).absoluteFilePath() : c;
}

// The nearest existing folder on the way to `dir`, when nobody may write to it. Checked on the permission
// bits rather than with access(): run as root (CI, a debugging container), access() says yes to everything,
// and a folder of dumps someone made read-only is a folder they do not want written into.
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

int DumpExportSummary::writeFailures() const
{
    int n = 0;
    for (const auto& item : items)
        n += item.writeFailed ? 1 : 0;
    return n;
}

QString defaultExportDir(const QString& frPath)
{
    const QFileInfo info(frPath);
    if (info.isFile() && isArchivePath(frPath))
        return frPath + kArchiveExportSuffix;
    const QDir base = info.isDir() ? QDir(frPath) : info.dir();
    return base.filePath(kExportFolder);
}

DumpJsonText dumpFileToJson(const QString& dumpPath)
{
    DumpBytes bytes;
    if (QString err = bytes.open(dumpPath); !err.isEmpty()) {
        DumpJsonText out;
        out.error = dumpPath % QStringLiteral(": ") % err;
        return out;
    }
    DumpJsonText text = dumpBytesToJson(bytes.view(), dumpPath);
    if (QString changed = bytes.changedWhileRead(); !changed.isEmpty()) {
        text.json.clear();
        text.error = dumpPath % QStringLiteral(": ") % changed;
    }
    return text;
}

DumpJsonText dumpBytesToJson(std::string_view bytes, const QString& dumpPath)
{
    DumpJsonText out;
    DecodedDump decoded = decodeDumpBytes(bytes, dumpPath);
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
    if (QString error = writeOutputFile(jsonPath, text.json); !error.isEmpty())
        return error;
    return std::nullopt;
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
        summary.fatalError =
            blocked %
            QStringLiteral(
                ": folder is read-only; not writing there (choose another folder with --debug-dir)");
        summary.outputRefused = true;
        return summary;
    }
    if (!QFileInfo(summary.outputDir).isSymLink() && !QDir().mkpath(summary.outputDir)) {
        summary.fatalError =
            summary.outputDir %
            QStringLiteral(": cannot create the output folder (choose another with --debug-dir)");
        summary.outputRefused = true;
        return summary;
    }
    // Anyone who can write into a shared dump folder can put links there: the folder and the files in it are
    // opened without following links, so that a run never writes outside it.
    OutputFolder folder;
    if (QString error = folder.open(summary.outputDir, OutputFolder::Links::Refuse); !error.isEmpty()) {
        summary.fatalError = error % QStringLiteral(" (choose another folder with --debug-dir)");
        summary.outputRefused = true;
        return summary;
    }
    // Never write over an input: a JSON dump named like its output, or --debug-dir pointed at the dumps.
    QSet<QString> inputs;
    for (const DumpFile& f : found.files)
        inputs.insert(canonical(f.path));
    for (const LoadError& e : summary.discoveryErrors)
        inputs.insert(canonical(e.filePath)); // a second file for a rank is still somebody's dump

    if (!found.archive.isEmpty())
        inputs.insert(canonical(found.archive));

    summary.items.resize(found.files.size());
    // Where item i goes, or why it must not be written there.
    const auto targetFor = [&](std::size_t i) -> QString {
        DumpExportItem& item = summary.items[i];
        item.dumpPath = found.files[i].path;
        const QString target =
            QDir(summary.outputDir).filePath(QFileInfo(item.dumpPath).fileName() + QStringLiteral(".json"));
        if (inputs.contains(canonical(target))) {
            item.error =
                target %
                QStringLiteral(": is one of the input dumps; not overwritten (choose another --debug-dir)");
            return {};
        }
        return target;
    };
    const auto write = [&](std::size_t i, const QString& target, const DumpJsonText& text) {
        DumpExportItem& item = summary.items[i];
        if (!text.error.isEmpty())
            item.error = text.error;
        else if (QString err = folder.write(QFileInfo(target).fileName(), text.json); !err.isEmpty()) {
            item.error = err;
            item.writeFailed = true;
        } else
            item.jsonPath = target;
    };
    if (found.archive.isEmpty()) {
        parallelFor(found.files.size(), 0, nullptr, [&](std::size_t i) {
            if (const QString target = targetFor(i); !target.isEmpty())
                write(i, target, dumpFileToJson(summary.items[i].dumpPath));
        });
        return summary;
    }
    // An archive: its members streamed one after the other (--debug is for looking at a few dumps, not fast).
    QHash<QString, std::size_t> byMember;
    for (std::size_t i = 0; i < found.files.size(); ++i)
        byMember.insert(found.files[i].member, i);
    const QString stopped = readArchiveMembers(
        found.archive, [&](const QString& member) { return byMember.contains(member); },
        [&](const QString& member, std::string&& bytes, const QString& problem) {
            const std::size_t i = byMember.value(member);
            const QString target = targetFor(i);
            if (!problem.isEmpty())
                summary.items[i].error = summary.items[i].dumpPath % QStringLiteral(": ") % problem;
            else if (!target.isEmpty())
                write(i, target, dumpBytesToJson(bytes, summary.items[i].dumpPath));
            return true;
        });
    for (std::size_t i = 0; i < found.files.size(); ++i) {
        DumpExportItem& item = summary.items[i];
        if (item.jsonPath.isEmpty() && item.error.isEmpty())
            item.error =
                found.files[i].path % QStringLiteral(": not read: ") %
                (stopped.isEmpty() ? QStringLiteral("not found in the archive on the second read") : stopped);
    }
    return summary;
}

} // namespace fd
