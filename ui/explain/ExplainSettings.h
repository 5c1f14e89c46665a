#pragma once

#include "core/llm/LlmSettings.h"

#include <QString>

namespace fd {

// Where the GUI keeps its LLM choices: base URL and model in QSettings group "llm", the key either in
// ~/.config/nvrx/llm_api_key (LlmKeyStore, when the user ticked "remember") or only in memory for this
// session. Never in QSettings: its .conf file is not owner-only.
namespace explainsettings {

inline constexpr const char* kGroup = "llm";
inline constexpr const char* kModelKey = "model";
inline constexpr const char* kBaseUrlKey = "baseUrl";
inline constexpr const char* kTotalTimeoutKey = "totalTimeoutSec"; // the whole step, retries included

// The settings the Explain panel uses: the QSettings values take the place of the CLI flags in
// resolveLlmSettings() (so they beat NVRX_LLM_MODEL / NVRX_LLM_BASE_URL, and empty means "default"), then a
// non-empty `sessionKey` replaces whatever key the environment or the key files gave. Streaming is on: the
// panel shows text as it comes. The whole request gives up after the stored "totalTimeoutSec" (default
// kDefaultLlmTotalTimeoutSec), as the CLI's --llm-timeout does. `homeDir` is for tests.
LlmSettings load(const QString& sessionKey = {}, const QString& homeDir = {});

// Stores base URL, model and the overall deadline; empty values are removed so the defaults and environment
// apply again.
void save(const QString& baseUrl, const QString& model, int totalTimeoutSec);

// The stored overall deadline in seconds (kDefaultLlmTotalTimeoutSec when none or a bad one is stored).
int totalTimeoutSec();

} // namespace explainsettings
} // namespace fd
