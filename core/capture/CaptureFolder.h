#pragma once

#include "core/exporting/OutputFile.h"

#include <QByteArray>
#include <QString>

#include <set>

namespace fd {

struct RankCapture;

// The folder one capture writes into (docs/capture.md): <outDir>/capture-<UTC time>/. It is built as a hidden
// sibling, .capture-<time>.partial (dump discovery skips hidden names), and renamed into place by commit(),
// so a reader never sees half a capture. Inside it, only _dump_<rank> and _dump_<rank>.json are written, each
// atomically (OutputFolder: a full disk leaves no partial file, and the error names the file and the reason):
// nothing is written anywhere else. A capture in which no rank gave a dump leaves no folder at all.
class CaptureFolder
{
public:
    QString create(const QString& outDir); // an error line, or empty
    // Checks `bytes` (checkCapturedDump), takes the rank from the dump when it names one (else keeps r.rank),
    // refuses a second dump for a rank, and writes it. Fills r.rank, r.rankFromDump, r.note, r.file, r.bytes;
    // returns an error line (for r.error) or empty.
    QString keep(RankCapture& r, const QByteArray& bytes);
    // Renames the folder into place; an error line, or empty. With no dump kept, removes it: folder() is
    // empty.
    QString commit();
    const QString& folder() const { return m_final; } // where the capture is (or will be, before commit())

private:
    QString m_final;
    QString m_partial;
    OutputFolder m_output;
    std::set<int> m_ranks;
};

} // namespace fd
