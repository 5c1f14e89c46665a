#pragma once

#include <QString>

namespace fd {

// Why a request produced no answer. The GUI picks an icon and a hint from the kind; the CLI maps it to an
// exit message. Every kind carries a human message (LlmError::message) that never contains the API key.
enum class LlmErrorKind
{
    MissingKey,      // no key in LLM_API_KEY, LLM_API_KEY_FILE, ~/.llm_api_key, ~/.config/nvrx/llm_api_key
    InvalidUrl,      // base URL is not a valid http(s) URL
    InsecureUrl,     // plain http:// to a host other than loopback: the key would travel in clear text
    Unauthorized,    // HTTP 401/403: the key was refused
    RateLimited,     // HTTP 429 after all retries
    ServerError,     // HTTP 5xx after all retries, or an error object inside a stream
    RequestRejected, // other HTTP 3xx/4xx (unknown model, wrong base URL path, redirect refused)
    Timeout,         // no byte from the server for timeoutMs, after all retries
    Unreachable,     // host not found, connection refused, TLS handshake failed
    MalformedAnswer, // 2xx but the body is not an OpenAI-style chat completion
    Cancelled,       // LlmClient::cancel()
};

struct LlmError
{
    LlmErrorKind kind = LlmErrorKind::ServerError;
    QString message;    // one or two sentences for a human, key-free
    int httpStatus = 0; // 0 when no HTTP response arrived
    int attempts = 0;   // requests sent, retries included
};

// Stable lower-case name ("missing-key", "unauthorized", ...) for logs, JSON reports and tests.
QString errorKindName(LlmErrorKind kind);

// Replaces every form of `secret` (SecretScrub.h: as is in any case, base64, URL-encoded, ...) and any
// "Bearer <token>" in `text` with "[redacted]". Servers sometimes echo the Authorization header or the key in
// their error bodies; everything that reaches a message, a log line or a report goes through here first.
QString scrubSecret(const QString& text, const QString& secret);

} // namespace fd
