#pragma once

#include "LlmError.h"
#include "LlmSettings.h"
#include "LlmTypes.h"
#include "SecretScrub.h"
#include "SseParser.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <optional>

class QNetworkAccessManager;
class QNetworkReply;

namespace fd {

// Talks to an OpenAI-compatible POST <baseUrl>/chat/completions endpoint, one request at a time.
//
// Outcome: exactly one of finished() or failed() per ask(), always from the event loop (never from inside
// ask(), so callers may connect after calling it in the same function). With settings.stream the text
// arrives as textChunk() signals in order before finished(), whose answer holds the whole text.
// Retries 429, 5xx, timeouts and dropped connections with exponential backoff (honouring Retry-After,
// bounded by maxRetryDelayMs), but never after text has been shown: a second attempt would repeat it.
// Refuses http:// to anything but loopback and follows no redirects, so the key only goes where the user
// pointed it. The key never appears in a signal, a log line or an error message, in any form (SecretScrub.h):
// not even when the server echoes it in the answer. settings.totalTimeoutMs bounds the whole request and
// settings.maxAnswerChars the answer.
class LlmClient : public QObject
{
    Q_OBJECT
public:
    explicit LlmClient(QObject* parent = nullptr);
    ~LlmClient() override;

    void setSettings(const LlmSettings& settings);
    const LlmSettings& settings() const { return m_settings; }

    // Starts a request. A request still running is aborted silently (no signal) and replaced.
    void ask(const LlmMessages& messages);
    // Aborts the running request and emits failed(Cancelled) right away; no-op when idle.
    void cancel();
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void textChunk(const QString& text);
    // About to wait `delayMs` before sending attempt number `attempt` (2 for the first retry).
    void retrying(int attempt, int delayMs, const QString& reason);
    void finished(const fd::LlmAnswer& answer);
    void failed(const fd::LlmError& error);

private:
    enum class Mode
    {
        Undecided,
        Buffered,
        Stream
    };

    void startAttempt();
    void readIncoming();
    void onReplyFinished();
    void onInactivity();
    void onDeadline();
    void stopAtSizeCap();
    bool handleEvent(const SseEvent& event);
    void handleHttpResult(int status, int networkError, const QString& networkErrorText,
                          const QByteArray& retryAfter, const QByteArray& location);
    void finishBuffered();
    void finishStream();
    void retryOrFail(LlmError error, std::optional<qint64> retryAfterMs = std::nullopt);
    void succeed();
    void fail(LlmError error);
    void dropReply();
    QString scrub(const QString& text) const;
    QString hostName() const;

    LlmSettings m_settings;
    QNetworkAccessManager* m_nam = nullptr;
    QPointer<QNetworkReply> m_reply;
    QTimer m_inactivity;
    QTimer m_retryTimer;
    QTimer m_deadline;                             // settings.totalTimeoutMs, from ask() to the outcome
    std::optional<StreamScrubber> m_chunkScrubber; // what textChunk() shows: never a form of the key
    QByteArray m_requestBody;
    QByteArray m_received; // non-streamed body, or an error body
    SseParser m_sse;
    Mode m_mode = Mode::Undecided;
    LlmAnswer m_answer;
    bool m_sawDone = false;
    bool m_emittedText = false;
    bool m_running = false;
    int m_attempts = 0;
    quint64 m_generation = 0; // bumped per ask()/cancel() so stale callbacks can tell they are stale
};

} // namespace fd
