#include "LiveCapture.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace fd {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(fd::LiveCapture)
};

// In order of preference (docs/capture.md). Query flag names and values must be lower case: torch's
// handlers answer 400 to anything else.
struct HandlerChoice
{
    const char* name;
    const char* query;
    bool pickle;
};
constexpr HandlerChoice kHandlers[] = {
    {"dump_nccl_trace_pickle", "?includecollectives=true&includestacktraces=true&onlyactive=false", true},
    {"dump_nccl_trace_json", "?includecollectives=true&onlyactive=false", false},
    {"fr_trace_json", "", false},
};

QString utcStamp()
{
    return QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'"));
}

} // namespace

int CaptureResult::captured() const
{
    return static_cast<int>(std::count_if(ranks.begin(), ranks.end(), [](const RankCapture& r) { return !r.file.isEmpty(); }));
}

std::vector<int> CaptureResult::silentRanks() const
{
    std::vector<int> out;
    for (const RankCapture& r : ranks)
        if (r.noAnswer)
            out.push_back(r.rank);
    return out;
}

QString checkPickleDump(const QByteArray& bytes)
{
    if (bytes.size() < 3 || static_cast<unsigned char>(bytes[0]) != 0x80)
        return Text::tr("not a pickle (%1 bytes, no PROTO opcode at the start)").arg(bytes.size());
    if (bytes.back() != '.')
        return Text::tr("truncated pickle (%1 bytes, no STOP at the end)").arg(bytes.size());
    return {};
}

QString checkJsonDump(const QByteArray& bytes)
{
    const char* b = bytes.constData();
    if (!nlohmann::json::accept(b, b + bytes.size()))
        return Text::tr("not valid JSON (%1 bytes)").arg(bytes.size());
    const qsizetype first = bytes.indexOf('{');
    if (first < 0 || !bytes.left(first).trimmed().isEmpty())
        return Text::tr("JSON, but not an object");
    return {};
}

LiveCapture::LiveCapture(std::vector<CaptureEndpoint> endpoints, CaptureOptions options, QObject* parent)
    : QObject(parent)
    , m_endpoints(std::move(endpoints))
    , m_options(std::move(options))
{
}

int LiveCapture::remainingMs(std::size_t i) const
{
    return static_cast<int>(std::max<qint64>(1, m_deadlines[i] - QDateTime::currentMSecsSinceEpoch()));
}

void LiveCapture::start()
{
    if (m_endpoints.empty()) {
        m_result.fatalError = Text::tr("no worker server to capture from");
        QMetaObject::invokeMethod(this, [this] { complete(); }, Qt::QueuedConnection);
        return;
    }
    // A name no other capture in the same second takes; the partial folder is hidden from dump discovery.
    const QDir out(m_options.outDir);
    if (!out.exists() && !QDir().mkpath(m_options.outDir)) {
        m_result.fatalError = Text::tr("cannot create the output folder %1").arg(m_options.outDir);
        QMetaObject::invokeMethod(this, [this] { complete(); }, Qt::QueuedConnection);
        return;
    }
    QString name = QStringLiteral("capture-") + utcStamp();
    for (int n = 2; out.exists(name) || out.exists(QLatin1Char('.') + name + QStringLiteral(".partial")); ++n)
        name = QStringLiteral("capture-%1-%2").arg(utcStamp()).arg(n);
    m_result.folder = out.absoluteFilePath(name);
    m_partial = out.absoluteFilePath(QLatin1Char('.') + name + QStringLiteral(".partial"));
    if (!QDir().mkdir(m_partial)) {
        m_result.fatalError = Text::tr("cannot create %1").arg(m_partial);
        m_result.folder.clear();
        QMetaObject::invokeMethod(this, [this] { complete(); }, Qt::QueuedConnection);
        return;
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    m_result.ranks.resize(m_endpoints.size());
    m_deadlines.assign(m_endpoints.size(), now + m_options.perRankTimeoutMs);
    m_pending = m_endpoints.size();
    for (std::size_t i = 0; i < m_endpoints.size(); ++i) {
        m_result.ranks[i].endpoint = m_endpoints[i];
        m_result.ranks[i].rank = m_endpoints[i].rank >= 0 ? m_endpoints[i].rank : static_cast<int>(i);
        discover(i);
    }
}

void LiveCapture::discover(std::size_t i)
{
    auto* req = new SocketHttpRequest(m_endpoints[i], "GET", "/handler/", remainingMs(i), 1 << 20, this);
    connect(req, &SocketHttpRequest::finished, this, [this, i, req](const HttpOutcome& o) {
        req->deleteLater();
        RankCapture& r = m_result.ranks[i];
        if (!o.ok) {
            r.noAnswer = o.status == 0;
            r.error = Text::tr("handler list: %1").arg(o.error);
            rankFinished(i);
            return;
        }
        QStringList handlers;
        const QJsonDocument doc = QJsonDocument::fromJson(o.body);
        for (const QJsonValue& v : doc.array())
            handlers << v.toString();
        if (!doc.isArray()) {
            r.error = Text::tr("handler list is not a JSON array: %1").arg(QString::fromUtf8(o.body.left(80)).simplified());
            rankFinished(i);
            return;
        }
        fetch(i, handlers);
    });
    req->start();
}

void LiveCapture::fetch(std::size_t i, const QStringList& handlers)
{
    for (const HandlerChoice& h : kHandlers) {
        const QString name = QLatin1String(h.name);
        if (!handlers.contains(name))
            continue;
        auto* req = new SocketHttpRequest(m_endpoints[i], "POST", QByteArray("/handler/") + h.name + h.query,
                                          remainingMs(i), m_options.maxDumpBytes, this);
        connect(req, &SocketHttpRequest::finished, this, [this, i, req, name](const HttpOutcome& o) {
            req->deleteLater();
            store(i, name, o);
        });
        req->start();
        return;
    }
    m_result.ranks[i].error = Text::tr("the worker server has no Flight Recorder handler (it offers: %1)")
                                  .arg(handlers.join(QStringLiteral(", ")));
    rankFinished(i);
}

void LiveCapture::store(std::size_t i, const QString& handler, const HttpOutcome& o)
{
    RankCapture& r = m_result.ranks[i];
    r.handler = handler;
    const bool pickle = handler.endsWith(QLatin1String("_pickle"));
    QString problem = o.ok ? (pickle ? checkPickleDump(o.body) : checkJsonDump(o.body)) : o.error;
    if (problem.isEmpty()) {
        const QString file = QStringLiteral("_dump_%1%2").arg(r.rank).arg(pickle ? QString() : QStringLiteral(".json"));
        QSaveFile f(QDir(m_partial).filePath(file));
        if (f.open(QIODevice::WriteOnly) && f.write(o.body) == o.body.size() && f.commit()) {
            r.file = file;
            r.bytes = o.body.size();
        } else {
            problem = Text::tr("cannot write %1: %2").arg(f.fileName(), f.errorString());
        }
    }
    if (!problem.isEmpty()) {
        r.noAnswer = o.status == 0 && o.timedOut;
        r.error = QStringLiteral("%1: %2").arg(handler, problem);
    }
    rankFinished(i);
}

void LiveCapture::rankFinished(std::size_t i)
{
    Q_EMIT rankDone(m_result.ranks[i]);
    if (--m_pending == 0)
        complete();
}

void LiveCapture::complete()
{
    if (!m_partial.isEmpty()) {
        if (!QDir().rename(m_partial, m_result.folder)) {
            m_result.fatalError = Text::tr("cannot rename %1 to %2").arg(m_partial, m_result.folder);
            m_result.folder = m_partial;
        }
    }
    Q_EMIT finished(m_result);
}

CaptureResult captureBlocking(const std::vector<CaptureEndpoint>& endpoints, const CaptureOptions& options)
{
    QEventLoop loop;
    LiveCapture capture(endpoints, options);
    QObject::connect(&capture, &LiveCapture::finished, &loop, &QEventLoop::quit);
    capture.start();
    loop.exec();
    return capture.result();
}

} // namespace fd
