#include "LiveCapture.h"

#include "CapturedDump.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace fd {

namespace {

struct LiveCaptureText
{
    Q_DECLARE_TR_FUNCTIONS(fd::LiveCapture)
};

// In order of preference (docs/capture.md). Query flag names and values must be lower case: torch's
// handlers answer 400 to anything else. torchcomms' recorder (the standalone package's handler, and the name
// newer torch registers it under) comes first where a worker offers it, but only when it recorded something:
// a job that imports torchcomms and runs its collectives through c10d has an empty one.
struct HandlerChoice
{
    const char* name;
    const char* query;
    bool fallBackWhenEmpty;
};
constexpr HandlerChoice kHandlers[] = {
    {"torchcomms_fr_trace_json", "?includecollectives=true&onlyactive=false", true},
    {"torch_comms_fr_trace_json", "?includecollectives=true&onlyactive=false", true},
    {"dump_nccl_trace_pickle", "?includecollectives=true&includestacktraces=true&onlyactive=false", false},
    {"dump_nccl_trace_json", "?includecollectives=true&onlyactive=false", false},
    {"fr_trace_json", "", false},
};
constexpr std::size_t kHandlerCount = sizeof(kHandlers) / sizeof(kHandlers[0]);

// torch's debug frontend (rank 0's start_debug_server(port)) answers /handler/ with an HTML error page.
bool looksLikeHtml(const QByteArray& body)
{
    const QByteArray head = body.left(256).trimmed().toLower();
    return head.startsWith("<!doctype html") || head.startsWith("<html");
}

bool hasLaterHandler(const QStringList& offered, std::size_t from)
{
    for (std::size_t k = from; k < kHandlerCount; ++k)
        if (offered.contains(QLatin1String(kHandlers[k].name)))
            return true;
    return false;
}

} // namespace

LiveCapture::LiveCapture(std::vector<CaptureEndpoint> endpoints, CaptureOptions options, QObject* parent)
    : QObject(parent), m_endpoints(std::move(endpoints)), m_options(std::move(options))
{
}

int LiveCapture::remainingMs(std::size_t i) const
{
    return static_cast<int>(std::max<qint64>(1, m_deadlines[i] - QDateTime::currentMSecsSinceEpoch()));
}

void LiveCapture::start()
{
    const QString error = m_endpoints.empty() ? LiveCaptureText::tr("no worker server to capture from")
                                              : m_folder.create(m_options.outDir);
    if (!error.isEmpty()) {
        m_result.fatalError = error;
        QMetaObject::invokeMethod(
            this, [this] { complete(); }, Qt::QueuedConnection);
        return;
    }
    m_result.folder = m_folder.folder();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    m_result.ranks.resize(m_endpoints.size());
    m_deadlines.assign(m_endpoints.size(), now + m_options.perRankTimeoutMs);
    m_pending = m_endpoints.size();
    for (std::size_t i = 0; i < m_endpoints.size(); ++i) {
        m_result.ranks[i].endpoint = m_endpoints[i];
        m_result.ranks[i].source = m_endpoints[i].display();
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
        if (!o.ok || looksLikeHtml(o.body)) {
            r.noAnswer = o.noAnswer();
            r.error =
                looksLikeHtml(o.body)
                    ? LiveCaptureText::tr(
                          "%1 answers with an HTML page: this is torch's debug frontend (the port given to "
                          "start_debug_server()), not a worker server: use --store MASTER_ADDR:MASTER_PORT")
                          .arg(r.source)
                    : LiveCaptureText::tr("handler list: %1").arg(o.error);
            rankFinished(i);
            return;
        }
        QStringList handlers;
        const QJsonDocument doc = QJsonDocument::fromJson(o.body);
        for (const QJsonValue& v : doc.array())
            handlers << v.toString();
        if (!doc.isArray()) {
            r.error = LiveCaptureText::tr("handler list is not a JSON array: %1")
                          .arg(QString::fromUtf8(o.body.left(80)).simplified());
            rankFinished(i);
            return;
        }
        fetch(i, handlers, 0);
    });
    req->start();
}

void LiveCapture::fetch(std::size_t i, const QStringList& handlers, std::size_t from, bool again)
{
    for (std::size_t k = from; k < kHandlerCount; ++k) {
        const HandlerChoice& h = kHandlers[k];
        const QString name = QLatin1String(h.name);
        if (!handlers.contains(name))
            continue;
        auto* req = new SocketHttpRequest(m_endpoints[i], "POST", QByteArray("/handler/") + h.name + h.query,
                                          remainingMs(i), m_options.maxDumpBytes, this);
        connect(req, &SocketHttpRequest::finished, this,
                [this, i, req, name, handlers, k, again](const HttpOutcome& o) {
                    req->deleteLater();
                    // A live torch worker server (torch 2.13, gloo) now and then closes a dump request
                    // without a byte while its collectives run: the dump only reads the recorder, so it is
                    // asked once more, within the rank's own deadline. A timeout or a refused connection is
                    // evidence and is not retried.
                    if (!o.ok && o.status == 0 && !o.noAnswer() && !again && remainingMs(i) > 0) {
                        fetch(i, handlers, k, true);
                        return;
                    }
                    if (kHandlers[k].fallBackWhenEmpty && o.ok && hasLaterHandler(handlers, k + 1) &&
                        checkCapturedDump(o.body).entries == 0) {
                        fetch(i, handlers,
                              k + 1); // an empty torchcomms recorder: the job's collectives went through c10d
                        return;
                    }
                    store(i, name, o);
                });
        req->start();
        return;
    }
    m_result.ranks[i].error =
        LiveCaptureText::tr("the worker server has no Flight Recorder handler (it offers: %1)")
            .arg(handlers.join(QStringLiteral(", ")));
    rankFinished(i);
}

void LiveCapture::store(std::size_t i, const QString& handler, const HttpOutcome& o)
{
    RankCapture& r = m_result.ranks[i];
    r.handler = handler;
    const QString problem = o.ok ? m_folder.keep(r, o.body) : o.error;
    if (!problem.isEmpty()) {
        r.noAnswer = o.noAnswer();
        r.error = QStringLiteral("%1: %2").arg(handler, problem);
    } else if (r.endpoint.rankGuessed && !r.rankFromDump) {
        r.note =
            LiveCaptureText::tr(
                "rank %1 is its place in --hosts: the dump does not name its rank (--store takes each rank "
                "from the job's store)")
                .arg(r.rank);
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
    if (m_result.fatalError.isEmpty()) {
        m_result.fatalError = m_folder.commit();
        m_result.folder = m_folder.folder();
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
