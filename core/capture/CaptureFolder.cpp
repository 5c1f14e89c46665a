#include "CaptureFolder.h"

#include "CaptureResult.h"
#include "CapturedDump.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>

namespace fd {

namespace {

struct CaptureFolderText
{
    Q_DECLARE_TR_FUNCTIONS(fd::CaptureFolder)
};

QString utcStamp()
{
    return QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'"));
}

} // namespace

QString CaptureFolder::create(const QString& outDir)
{
    const QDir out(outDir);
    if (!out.exists() && !QDir().mkpath(outDir))
        return CaptureFolderText::tr("cannot create the output folder %1").arg(outDir);
    // A name no other capture in the same second takes.
    QString name = QStringLiteral("capture-") + utcStamp();
    for (int n = 2; out.exists(name) || out.exists(QLatin1Char('.') + name + QStringLiteral(".partial")); ++n)
        name = QStringLiteral("capture-%1-%2").arg(utcStamp()).arg(n);
    m_final = out.absoluteFilePath(name);
    m_partial = out.absoluteFilePath(QLatin1Char('.') + name + QStringLiteral(".partial"));
    if (!QDir().mkdir(m_partial)) {
        m_final.clear();
        return CaptureFolderText::tr("cannot create %1").arg(m_partial);
    }
    if (QString error = m_output.open(m_partial, OutputFolder::Links::Refuse); !error.isEmpty()) {
        QDir().rmdir(m_partial);
        m_final.clear();
        m_partial.clear();
        return error;
    }
    return {};
}

QString CaptureFolder::keep(RankCapture& r, const QByteArray& bytes)
{
    const CapturedDumpCheck check = checkCapturedDump(bytes);
    if (!check.problem.isEmpty())
        return check.problem;
    r.rankFromDump = check.rank >= 0;
    if (r.rankFromDump && check.rank != r.rank) {
        r.note = CaptureFolderText::tr("the dump's process groups name rank %1, not %2; kept as rank %1")
                     .arg(check.rank)
                     .arg(r.rank);
        r.rank = check.rank;
    }
    if (r.rank < 0)
        return CaptureFolderText::tr("neither the dump nor its source names a rank");
    if (m_ranks.count(r.rank))
        return CaptureFolderText::tr("a dump of rank %1 is already in the capture; this one is not kept")
            .arg(r.rank);
    const QString file =
        QStringLiteral("_dump_%1%2").arg(r.rank).arg(check.pickle ? QString() : QStringLiteral(".json"));
    // A write error (a full disk) is the capture's, not the rank's: it is kept apart so that the rank is not
    // blamed for it, and nothing is left under the dump's name.
    if (QString error = m_output.write(file, std::string_view(bytes.constData(), std::size_t(bytes.size())));
        !error.isEmpty()) {
        r.writeFailed = true;
        return error;
    }
    m_ranks.insert(r.rank);
    r.file = file;
    r.bytes = bytes.size();
    return {};
}

QString CaptureFolder::commit()
{
    if (m_partial.isEmpty())
        return {};
    if (m_ranks.empty()) { // no rank gave a dump: no folder is left behind (the per-rank lines say why)
        QDir().rmdir(m_partial);
        m_partial.clear();
        m_final.clear();
        return {};
    }
    if (!QDir().rename(m_partial, m_final)) {
        const QString error = CaptureFolderText::tr("cannot rename %1 to %2").arg(m_partial, m_final);
        m_final = m_partial;
        return error;
    }
    m_partial.clear();
    return {};
}

} // namespace fd
