#include "PipeCapture.h"

#include "DumpFolderWatch.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fd {

namespace {

struct PipeCaptureText
{
    Q_DECLARE_TR_FUNCTIONS(fd::PipeCapture)
};

constexpr int kPollMs = 100;

} // namespace

PipeRankList pipeRanks(const QString& stem, const QString& dumpPrefix)
{
    PipeRankList out;
    const QFileInfo stemInfo(stem);
    const QDir dir = stemInfo.dir();
    const QString base = stemInfo.fileName();
    const QRegularExpression name(QStringLiteral("^%1(\\d+)\\.pipe$").arg(QRegularExpression::escape(base)));
    const QStringList entries = dir.entryList(QDir::System | QDir::Files | QDir::Hidden, QDir::Name);
    for (const QString& entry : entries) {
        const QRegularExpressionMatch m = name.match(entry);
        if (!m.hasMatch())
            continue;
        const QString path = dir.filePath(entry);
        struct stat st
        {
        };
        if (::stat(QFile::encodeName(path).constData(), &st) != 0 || !S_ISFIFO(st.st_mode)) {
            out.errors << PipeCaptureText::tr("%1 is not a named pipe; not written to").arg(path);
            continue;
        }
        out.ranks.push_back({path, dumpPrefix + m.captured(1), m.captured(1).toInt()});
    }
    if (out.ranks.empty() && out.errors.isEmpty())
        out.errors << PipeCaptureText::tr("no pipe matches %1<rank>.pipe").arg(stem);
    std::sort(out.ranks.begin(), out.ranks.end(),
              [](const PipeRank& a, const PipeRank& b) { return a.rank < b.rank; });
    return out;
}

QString triggerPipe(const QString& pipePath)
{
    // O_NONBLOCK: opening a FIFO that no process reads fails at once (ENXIO) instead of waiting forever.
    const int fd = ::open(QFile::encodeName(pipePath).constData(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        return errno == ENXIO
                   ? PipeCaptureText::tr("no process reads %1 (the rank is gone, or not an NCCL rank)")
                         .arg(pipePath)
                   : PipeCaptureText::tr("cannot open %1: %2")
                         .arg(pipePath, QString::fromLocal8Bit(std::strerror(errno)));
    }
    struct stat st
    {
    };
    QString error;
    if (::fstat(fd, &st) != 0 || !S_ISFIFO(st.st_mode))
        error = PipeCaptureText::tr("%1 is not a named pipe; not written to").arg(pipePath);
    else if (::write(fd, "1\n", 2) != 2)
        error = PipeCaptureText::tr("cannot write to %1: %2")
                    .arg(pipePath, QString::fromLocal8Bit(std::strerror(errno)));
    ::close(fd);
    return error;
}

PipeCapture::PipeCapture(std::vector<PipeRank> ranks, CaptureOptions options, int settleMs, QObject* parent)
    : QObject(parent), m_ranks(std::move(ranks)), m_options(std::move(options)), m_settleMs(settleMs)
{
    m_timer.setInterval(kPollMs);
    connect(&m_timer, &QTimer::timeout, this, &PipeCapture::poll);
}

void PipeCapture::start()
{
    const QString error =
        m_ranks.empty() ? PipeCaptureText::tr("no pipe to trigger") : m_folder.create(m_options.outDir);
    if (!error.isEmpty()) {
        m_result.fatalError = error;
        QMetaObject::invokeMethod(
            this, [this] { complete(); }, Qt::QueuedConnection);
        return;
    }
    m_result.folder = m_folder.folder();
    m_result.ranks.resize(m_ranks.size());
    m_watch.resize(m_ranks.size());
    m_startMs = QDateTime::currentMSecsSinceEpoch();
    m_pending = m_ranks.size();
    for (std::size_t i = 0; i < m_ranks.size(); ++i) {
        RankCapture& r = m_result.ranks[i];
        r.source = m_ranks[i].pipePath;
        r.rank = m_ranks[i].rank;
        r.handler = QStringLiteral("pipe");
        const QFileInfo before(m_ranks[i].dumpPath);
        if (before.exists()) {
            m_watch[i].mtimeBefore = before.lastModified();
            m_watch[i].sizeBefore = before.size();
        }
        if (const QString error = triggerPipe(m_ranks[i].pipePath); !error.isEmpty()) {
            r.error = error;
            r.noAnswer = true;
            m_watch[i].done = true;
            --m_pending;
        }
    }
    if (m_pending == 0)
        QMetaObject::invokeMethod(
            this, [this] { complete(); }, Qt::QueuedConnection);
    else
        m_timer.start();
}

void PipeCapture::poll()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const bool late = now - m_startMs >= m_options.perRankTimeoutMs;
    for (std::size_t i = 0; i < m_ranks.size(); ++i) {
        Watch& w = m_watch[i];
        if (w.done)
            continue;
        RankCapture& r = m_result.ranks[i];
        const QFileInfo info(m_ranks[i].dumpPath);
        const bool fresh =
            info.exists() && (info.lastModified() != w.mtimeBefore || info.size() != w.sizeBefore);
        if (fresh && info.size() != w.size) {
            w.size = info.size();
            w.sizeSinceMs = now;
        }
        if (fresh && w.size > m_options.maxDumpBytes) {
            r.error = PipeCaptureText::tr("%1 is %2 bytes, over the %3-byte cap")
                          .arg(info.filePath())
                          .arg(w.size)
                          .arg(m_options.maxDumpBytes);
            finishRank(i);
            continue;
        }
        // Complete: new, its size held still, and (a pickle) ending with STOP; at the deadline, whatever is
        // there is checked, so a dump cut short is named as such.
        if (fresh && w.size > 0 && now - w.sizeSinceMs >= m_settleMs &&
            (late || dumpFileLooksComplete(info.filePath()))) {
            QFile f(info.filePath());
            const QByteArray bytes =
                f.open(QIODevice::ReadOnly) ? f.read(m_options.maxDumpBytes + 1) : QByteArray();
            if (const QString problem = m_folder.keep(r, bytes); !problem.isEmpty())
                r.error = QStringLiteral("%1: %2").arg(info.filePath(), problem);
            finishRank(i);
            continue;
        }
        if (late) {
            r.noAnswer = !fresh;
            r.error = fresh ? PipeCaptureText::tr("%1 was still incomplete after %2 ms (%3 bytes)")
                                  .arg(info.filePath())
                                  .arg(m_options.perRankTimeoutMs)
                                  .arg(w.size)
                            : PipeCaptureText::tr("no new dump at %1 within %2 ms of the trigger")
                                  .arg(info.filePath())
                                  .arg(m_options.perRankTimeoutMs);
            finishRank(i);
        }
    }
}

void PipeCapture::finishRank(std::size_t i)
{
    m_watch[i].done = true;
    if (--m_pending == 0) {
        m_timer.stop();
        complete();
    }
}

void PipeCapture::complete()
{
    if (m_result.fatalError.isEmpty()) {
        m_result.fatalError = m_folder.commit();
        m_result.folder = m_folder.folder();
    }
    Q_EMIT finished(m_result);
}

CaptureResult pipeCaptureBlocking(const std::vector<PipeRank>& ranks, const CaptureOptions& options,
                                  int settleMs)
{
    QEventLoop loop;
    PipeCapture capture(ranks, options, settleMs);
    QObject::connect(&capture, &PipeCapture::finished, &loop, &QEventLoop::quit);
    capture.start();
    loop.exec();
    return capture.result();
}

} // namespace fd
