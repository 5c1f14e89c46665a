#include "LlmClient.h"

#include "HangingRanks.h"
#include "LlmLog.h"
#include "LlmResponse.h"
#include "RetryPolicy.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

#include <nlohmann/json.hpp>

namespace fd {

namespace {

// A chat answer is a few kilobytes; anything far bigger is a misdirected download, not an answer.
constexpr qsizetype kMaxBodyBytes = 16 * 1024 * 1024;

bool isSuccess(int status)
{
    return status >= 200 && status <= 299;
}

QString seconds(int ms)
{
    return QString::number(ms / 1000.0, 'g', 3);
}

} // namespace

LlmClient::LlmClient(QObject* parent) : QObject(parent), m_nam(new QNetworkAccessManager(this))
{
    m_inactivity.setSingleShot(true);
    m_retryTimer.setSingleShot(true);
    m_deadline.setSingleShot(true);
    connect(&m_inactivity, &QTimer::timeout, this, &LlmClient::onInactivity);
    connect(&m_deadline, &QTimer::timeout, this, &LlmClient::onDeadline);
    connect(&m_retryTimer, &QTimer::timeout, this, &LlmClient::startAttempt);
}

LlmClient::~LlmClient()
{
    // Destruction is not a user cancel: abort quietly so no signal reaches a half-destroyed receiver.
    ++m_generation;
    dropReply();
}

void LlmClient::setSettings(const LlmSettings& settings)
{
    m_settings = settings;
}

void LlmClient::ask(const LlmMessages& messages)
{
    ++m_generation;
    dropReply();
    m_retryTimer.stop();
    m_deadline.stop();
    m_running = true;
    m_attempts = 0;
    m_answer = LlmAnswer{};
    m_emittedText = false;

    if (auto error = validateLlmSettings(m_settings)) {
        const quint64 generation = m_generation;
        QTimer::singleShot(0, this, [this, generation, error = *error] {
            if (generation == m_generation && m_running)
                fail(error);
        });
        return;
    }

    nlohmann::json body;
    body["model"] = m_settings.model.toStdString();
    body["messages"] = nlohmann::json::array();
    for (const LlmMessage& message : messages)
        body["messages"].push_back(
            {{"role", message.role.toStdString()}, {"content", message.content.toStdString()}});
    body["temperature"] = m_settings.temperature;
    body["stream"] = m_settings.stream;
    if (m_settings.maxTokens > 0)
        body["max_tokens"] = m_settings.maxTokens;
    const std::string text = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    m_requestBody = QByteArray(text.data(), static_cast<qsizetype>(text.size()));

    if (m_settings.totalTimeoutMs > 0)
        m_deadline.start(m_settings.totalTimeoutMs);
    // Deferred like the error path so the outcome never depends on whether the caller connected first.
    m_retryTimer.start(0);
}

void LlmClient::cancel()
{
    if (!m_running)
        return;
    ++m_generation;
    m_retryTimer.stop();
    dropReply();
    LlmError error;
    error.kind = LlmErrorKind::Cancelled;
    error.message = QStringLiteral("The LLM request was cancelled.");
    fail(error);
}

void LlmClient::startAttempt()
{
    if (!m_running)
        return;
    ++m_attempts;
    m_received.clear();
    m_sse = SseParser{};
    m_mode = Mode::Undecided;
    m_sawDone = false;
    m_answer.text.clear();
    m_chunkScrubber.emplace(m_settings.apiKey);

    QNetworkRequest request(m_settings.endpoint());
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("FlightDeck/" FLIGHTDECK_VERSION));
    request.setRawHeader("Accept", m_settings.stream ? "text/event-stream" : "application/json");
    request.setRawHeader("Authorization", "Bearer " + m_settings.apiKey.trimmed().toUtf8());
    // A redirect could carry the Authorization header to a host the user never named.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);

    qCInfo(lcLlm).noquote() << "POST"
                            << m_settings.endpoint().toDisplayString(QUrl::RemoveUserInfo | QUrl::RemoveQuery)
                            << "model" << m_settings.model << "attempt" << m_attempts << "body"
                            << m_requestBody.size() << "bytes" << (m_settings.stream ? "streaming" : "");
    m_reply = m_nam->post(request, m_requestBody);
    connect(m_reply, &QNetworkReply::readyRead, this, &LlmClient::readIncoming);
    connect(m_reply, &QNetworkReply::finished, this, &LlmClient::onReplyFinished);
    connect(m_reply, &QNetworkReply::uploadProgress, this, [this] { m_inactivity.start(); });
    m_inactivity.start(std::max(1, m_settings.timeoutMs));
}

void LlmClient::readIncoming()
{
    if (!m_reply)
        return;
    m_inactivity.start();
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_mode == Mode::Undecided) {
        const QString type = m_reply->header(QNetworkRequest::ContentTypeHeader).toString();
        // A server may ignore "stream": true and answer with plain JSON; read whatever it sent.
        m_mode = isSuccess(status) && type.contains(QLatin1String("text/event-stream"), Qt::CaseInsensitive)
                     ? Mode::Stream
                     : Mode::Buffered;
    }
    const QByteArray bytes = m_reply->readAll();
    if (m_mode == Mode::Buffered) {
        m_received.append(bytes);
        if (m_received.size() > kMaxBodyBytes) {
            dropReply();
            LlmError error;
            error.kind = LlmErrorKind::MalformedAnswer;
            error.message = QStringLiteral("The LLM server sent more than %1 MiB; that is not a chat answer.")
                                .arg(kMaxBodyBytes / (1024 * 1024));
            fail(error);
        }
        return;
    }
    const quint64 generation = m_generation;
    for (const SseEvent& event : m_sse.feed(bytes)) {
        // A textChunk() receiver may cancel or restart us; stop touching state that is no longer ours.
        if (!handleEvent(event) || generation != m_generation)
            return;
    }
    if (m_sse.bufferedBytes() > kMaxBodyBytes) {
        dropReply();
        LlmError error;
        error.kind = LlmErrorKind::MalformedAnswer;
        error.message = QStringLiteral("The LLM server sent an unterminated stream line; giving up.");
        fail(error);
    }
}

bool LlmClient::handleEvent(const SseEvent& event)
{
    const QByteArray data = event.data.trimmed();
    if (data.isEmpty())
        return true;
    if (data == "[DONE]") {
        m_sawDone = true;
        return true;
    }
    const CompletionPart part = parseStreamChunk(data);
    if (!part.problem.isEmpty() || !part.serverError.isEmpty()) {
        dropReply();
        LlmError error;
        error.kind = part.problem.isEmpty() ? LlmErrorKind::ServerError : LlmErrorKind::MalformedAnswer;
        error.message = part.problem.isEmpty()
                            ? QStringLiteral("The LLM server reported an error mid-stream: %1")
                                  .arg(scrub(part.serverError))
                            : QStringLiteral("The LLM stream is malformed: %1.").arg(scrub(part.problem));
        fail(error);
        return false;
    }
    if (!part.model.isEmpty())
        m_answer.model = part.model;
    if (!part.finishReason.isEmpty())
        m_answer.finishReason = part.finishReason;
    if (part.usage)
        m_answer.usage = part.usage;
    if (!part.text.isEmpty()) {
        m_answer.text += part.text;
        m_emittedText = true;
        const qsizetype before = m_answer.text.size() - part.text.size();
        const QString shown = m_chunkScrubber->feed(before >= m_settings.maxAnswerChars
                                                        ? QString()
                                                        : part.text.left(m_settings.maxAnswerChars - before));
        if (!shown.isEmpty())
            Q_EMIT textChunk(shown);
        if (m_answer.text.size() > m_settings.maxAnswerChars) {
            stopAtSizeCap();
            return false;
        }
    }
    return true;
}

void LlmClient::onReplyFinished()
{
    if (!m_reply)
        return;
    const quint64 generation = m_generation;
    readIncoming(); // bytes that arrived with the final notification
    if (generation != m_generation || !m_reply)
        return;
    QNetworkReply* reply = m_reply;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const int networkError = reply->error();
    const QString networkErrorText = reply->errorString();
    const QByteArray retryAfter = reply->rawHeader("Retry-After");
    const QByteArray location = reply->rawHeader("Location");
    dropReply();
    handleHttpResult(status, networkError, networkErrorText, retryAfter, location);
}

void LlmClient::handleHttpResult(int status, int networkError, const QString& networkErrorText,
                                 const QByteArray& retryAfter, const QByteArray& location)
{
    LlmError error;
    error.httpStatus = status;
    if (status == 0) {
        switch (static_cast<QNetworkReply::NetworkError>(networkError)) {
        case QNetworkReply::TimeoutError:
            error.kind = LlmErrorKind::Timeout;
            error.message = QStringLiteral("The connection to %1 timed out.").arg(hostName());
            retryOrFail(error);
            return;
        case QNetworkReply::RemoteHostClosedError:
        case QNetworkReply::TemporaryNetworkFailureError:
            error.kind = LlmErrorKind::Unreachable;
            error.message =
                QStringLiteral("The connection to %1 dropped: %2").arg(hostName(), scrub(networkErrorText));
            retryOrFail(error);
            return;
        case QNetworkReply::ConnectionRefusedError:
            error.kind = LlmErrorKind::Unreachable;
            error.message =
                QStringLiteral("Cannot reach the LLM server: %1 refused the connection. Is the server "
                               "running and the base URL (%2) right?")
                    .arg(hostName(), m_settings.baseUrl);
            break;
        case QNetworkReply::HostNotFoundError:
            error.kind = LlmErrorKind::Unreachable;
            error.message =
                QStringLiteral("Cannot reach the LLM server: host %1 not found. Check the base URL and "
                               "your network or proxy.")
                    .arg(hostName());
            break;
        case QNetworkReply::SslHandshakeFailedError:
            error.kind = LlmErrorKind::Unreachable;
            error.message = QStringLiteral("The TLS handshake with %1 failed: %2")
                                .arg(hostName(), scrub(networkErrorText));
            break;
        default:
            error.kind = LlmErrorKind::Unreachable;
            error.message = QStringLiteral("Cannot reach the LLM server at %1: %2")
                                .arg(hostName(), scrub(networkErrorText));
            break;
        }
        fail(error);
        return;
    }

    if (isSuccess(status)) {
        if (networkError != QNetworkReply::NoError) {
            error.kind = LlmErrorKind::Unreachable;
            error.message = QStringLiteral("The connection to %1 dropped in the middle of the answer: %2")
                                .arg(hostName(), scrub(networkErrorText));
            retryOrFail(error);
            return;
        }
        if (m_mode == Mode::Stream)
            finishStream();
        else
            finishBuffered();
        return;
    }

    const QString serverSays = scrub(serverErrorText(m_received));
    const QString said =
        serverSays.isEmpty() ? QString() : QStringLiteral(" Server said: %1").arg(serverSays);
    if (status == 401 || status == 403) {
        error.kind = LlmErrorKind::Unauthorized;
        error.message =
            QStringLiteral("The LLM server refused the API key (HTTP %1). Check the key from %2.%3")
                .arg(QString::number(status),
                     m_settings.keySourceDescription.isEmpty() ? QStringLiteral("the settings")
                                                               : m_settings.keySourceDescription,
                     said);
        fail(error);
        return;
    }
    if (isRetryableStatus(status)) {
        error.kind = status == 429 ? LlmErrorKind::RateLimited : LlmErrorKind::ServerError;
        error.message =
            status == 429
                ? QStringLiteral("The LLM server is rate limiting requests (HTTP 429); try again later.%1")
                      .arg(said)
                : QStringLiteral("The LLM server failed (HTTP %1).%2").arg(QString::number(status), said);
        retryOrFail(error, parseRetryAfterMs(retryAfter));
        return;
    }
    error.kind = LlmErrorKind::RequestRejected;
    if (status >= 300 && status <= 399) {
        error.message =
            QStringLiteral("The LLM server redirects (HTTP %1) to %2; redirects are not followed so the "
                           "key stays with the host you named. Set the base URL to the new address.")
                .arg(QString::number(status), scrub(QString::fromUtf8(location)));
    } else if (status == 404) {
        error.message =
            QStringLiteral("The LLM server has no %1 (HTTP 404): check the base URL and the model "
                           "name (%2).%3")
                .arg(m_settings.endpoint().path(), m_settings.model, said);
    } else {
        error.message = QStringLiteral("The LLM server rejected the request (HTTP %1).%2")
                            .arg(QString::number(status), said);
    }
    fail(error);
}

void LlmClient::finishBuffered()
{
    // Some proxies relabel an event stream as text/plain; recognise it by its first field.
    if (m_received.trimmed().startsWith("data:")) {
        m_sse = SseParser{};
        const quint64 generation = m_generation;
        for (const SseEvent& event : m_sse.feed(m_received)) {
            if (!handleEvent(event) || generation != m_generation)
                return;
        }
        finishStream();
        return;
    }
    const CompletionPart part = parseCompletionBody(m_received);
    LlmError error;
    error.httpStatus = 200;
    if (!part.serverError.isEmpty()) {
        error.kind = LlmErrorKind::ServerError;
        error.message = QStringLiteral("The LLM server returned an error: %1").arg(scrub(part.serverError));
        fail(error);
        return;
    }
    if (!part.problem.isEmpty() || part.text.trimmed().isEmpty()) {
        error.kind = LlmErrorKind::MalformedAnswer;
        error.message =
            QStringLiteral("The LLM server's answer could not be used: %1.")
                .arg(part.problem.isEmpty() ? QStringLiteral("it contains no text") : scrub(part.problem));
        fail(error);
        return;
    }
    m_answer.text = part.text;
    m_answer.model = part.model;
    m_answer.finishReason = part.finishReason;
    m_answer.usage = part.usage;
    succeed();
}

void LlmClient::finishStream()
{
    const quint64 generation = m_generation;
    for (const SseEvent& event : m_sse.finish()) {
        if (!handleEvent(event) || generation != m_generation)
            return;
    }
    if (m_answer.text.trimmed().isEmpty()) {
        LlmError error;
        error.kind = LlmErrorKind::MalformedAnswer;
        error.httpStatus = 200;
        error.message = QStringLiteral("The LLM stream ended without any text.");
        fail(error);
        return;
    }
    if (!m_sawDone)
        qCWarning(lcLlm) << "stream ended without [DONE]; keeping the text received";
    succeed();
}

void LlmClient::stopAtSizeCap()
{
    dropReply();
    const quint64 generation = m_generation;
    succeed();
    if (generation == m_generation)
        ++m_generation; // the events still queued in this read are not ours any more
}

void LlmClient::onDeadline()
{
    if (!m_running)
        return;
    ++m_generation;
    m_retryTimer.stop();
    dropReply();
    LlmError error;
    error.kind = LlmErrorKind::Timeout;
    error.message = QStringLiteral("The LLM step did not finish within %1 s, retries included; giving up.")
                        .arg(seconds(m_settings.totalTimeoutMs));
    fail(error);
}

void LlmClient::onInactivity()
{
    if (!m_reply)
        return;
    dropReply();
    LlmError error;
    error.kind = LlmErrorKind::Timeout;
    error.message =
        QStringLiteral("No answer from %1 within %2 s.").arg(hostName(), seconds(m_settings.timeoutMs));
    retryOrFail(error);
}

void LlmClient::retryOrFail(LlmError error, std::optional<qint64> retryAfterMs)
{
    // Retrying after text was shown would print the beginning of the answer twice.
    if (m_attempts > m_settings.maxRetries || m_emittedText) {
        fail(error);
        return;
    }
    const int delay = retryDelayMs(m_attempts - 1, retryAfterMs, m_settings);
    qCInfo(lcLlm).noquote() << "attempt" << m_attempts << "failed:" << error.message << "- retrying in"
                            << delay << "ms";
    const quint64 generation = m_generation;
    Q_EMIT retrying(m_attempts + 1, delay, error.message);
    if (m_running && generation == m_generation)
        m_retryTimer.start(delay);
}

void LlmClient::succeed()
{
    m_running = false;
    m_inactivity.stop();
    m_deadline.stop();
    const bool cut = m_answer.text.size() > m_settings.maxAnswerChars;
    m_answer.text = scrub(m_answer.text.left(m_settings.maxAnswerChars));
    m_answer.model = scrub(m_answer.model);
    m_answer.finishReason = scrub(m_answer.finishReason);
    QString rest = m_chunkScrubber && m_emittedText ? m_chunkScrubber->finish() : QString();
    if (cut) {
        const QString note = QStringLiteral("\n[FlightDeck stopped reading the answer after %1 characters.]")
                                 .arg(m_settings.maxAnswerChars);
        m_answer.text += note;
        if (m_emittedText)
            rest += note;
    }
    if (!rest.isEmpty())
        Q_EMIT textChunk(rest);
    if (m_answer.model.isEmpty())
        m_answer.model = m_settings.model;
    m_answer.parsedRanks = parseHangingRanks(m_answer.text);
    m_answer.attempts = m_attempts;
    qCInfo(lcLlm) << "answer:" << m_answer.text.size() << "characters after" << m_attempts << "attempt(s)";
    Q_EMIT finished(m_answer);
}

void LlmClient::fail(LlmError error)
{
    m_running = false;
    m_inactivity.stop();
    m_deadline.stop();
    m_retryTimer.stop();
    error.attempts = m_attempts;
    if (m_attempts > 1 && error.kind != LlmErrorKind::Cancelled)
        error.message += QStringLiteral(" (%1 attempts)").arg(m_attempts);
    error.message = scrub(error.message); // last line of defence for anything built above
    qCInfo(lcLlm).noquote() << errorKindName(error.kind) << error.message;
    Q_EMIT failed(error);
}

void LlmClient::dropReply()
{
    m_inactivity.stop();
    if (!m_reply)
        return;
    QNetworkReply* reply = m_reply;
    m_reply = nullptr;
    reply->disconnect(this);
    reply->abort();
    reply->deleteLater();
}

QString LlmClient::scrub(const QString& text) const
{
    return scrubSecret(text, m_settings.apiKey.trimmed());
}

QString LlmClient::hostName() const
{
    const QUrl url = m_settings.endpoint();
    return url.port() > 0 ? QStringLiteral("%1:%2").arg(url.host(), QString::number(url.port())) : url.host();
}

} // namespace fd
