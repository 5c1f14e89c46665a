#pragma once

#include "LlmError.h"

#include <QString>
#include <QUrl>

#include <optional>

namespace fd {

inline constexpr const char* kDefaultLlmModel = "nvidia/nemotron-3-super-120b-a12b";
inline constexpr const char* kDefaultLlmBaseUrl = "https://integrate.api.nvidia.com/v1";

// Where the API key came from. Reported to the user ("key from ~/.llm_api_key") so a wrong key can be
// tracked down without ever printing it.
enum class LlmKeySource
{
    None,
    Explicit,   // set by the caller (GUI settings dialog)
    EnvVar,     // LLM_API_KEY
    EnvFile,    // the file named by LLM_API_KEY_FILE
    HomeFile,   // ~/.llm_api_key
    ConfigFile, // ~/.config/nvrx/llm_api_key
};

// How long the whole LLM step may take, retries included, unless the user says otherwise: the CLI's
// --llm-timeout and the Explain panel's "Give up after" start here.
inline constexpr int kDefaultLlmTotalTimeoutSec = 180;

struct LlmSettings
{
    QString model = QLatin1String(kDefaultLlmModel);
    QString baseUrl = QLatin1String(kDefaultLlmBaseUrl); // no trailing slash
    QString apiKey;                                      // never log, print or store this in a report
    LlmKeySource keySource = LlmKeySource::None;
    QString keySourceDescription; // e.g. "LLM_API_KEY_FILE (/run/secrets/llm)"; never the key itself
    QString keyNote;              // why a configured source was skipped, e.g. an unreadable key file

    // Inactivity timeout: the request fails when no byte arrives for this long. Generous because a large
    // model may think for a minute before its first (non-streamed) byte.
    int timeoutMs = 120000;
    int maxRetries = 3;          // extra attempts after the first, on 429, 5xx and timeouts
    int retryBaseDelayMs = 1000; // backoff: base * 2^retry, capped by maxRetryDelayMs
    int maxRetryDelayMs = 30000; // also caps a server's Retry-After so a bad header cannot stall us
    bool stream = false;         // server-sent events; the GUI turns this on, the CLI may
    double temperature = 0.2;    // low: we want a faithful explanation, not creativity
    int maxTokens = 0;           // 0: let the server decide (not sent)
    // The whole request, retries and waits included (curl's --max-time): it fails as a timeout after this
    // long whatever the server does (a slow drip, an endless stream). 0: no limit beyond timeoutMs per wait.
    int totalTimeoutMs = 0;
    // An answer is cut here, with a note saying so, and the rest is not read: a narrative is a few thousand
    // characters, an endless stream would fill the memory.
    int maxAnswerChars = 100000;

    // "<baseUrl>/chat/completions"; a base URL that already ends in /chat/completions is used as is.
    QUrl endpoint() const;
    // One line for --verbose and the GUI status bar: model, base URL and key source, never the key.
    QString describe() const;
};

// Settings as fr_attribution.py resolves them: CLI flag, else NVRX_LLM_MODEL / NVRX_LLM_BASE_URL, else the
// defaults; the key from LLM_API_KEY, else the file named by LLM_API_KEY_FILE, else ~/.llm_api_key, else
// ~/.config/nvrx/llm_api_key (whitespace trimmed; empty values count as unset). `homeDir` defaults to
// QDir::homePath(); tests pass a temporary directory.
LlmSettings resolveLlmSettings(const QString& cliModel = {}, const QString& cliBaseUrl = {},
                               const QString& homeDir = {});

QString keySourceName(LlmKeySource source);

// Checks the endpoint before any byte leaves the machine: https anywhere, http only to loopback
// (127.0.0.0/8, ::1, localhost) where nobody can sniff the key. Returns the error to report, if any.
std::optional<LlmError> checkEndpointSecurity(const QUrl& url);

// Checks everything a request needs (URL and key); LlmClient runs this before each request.
std::optional<LlmError> validateLlmSettings(const LlmSettings& settings);

bool isLoopbackHost(const QString& host);

} // namespace fd
