#pragma once

#include <QString>

namespace fd {

// Persists the key the GUI settings dialog was given when the user ticks "remember": it goes to
// ~/.config/nvrx/llm_api_key (the last place resolveLlmSettings() looks, shared with NVRx's own tools), with
// owner-only permissions, rather than into QSettings where it would sit in a world-readable .conf file.
// Unticked, the dialog keeps the key in memory (LlmSettings::apiKey, keySource Explicit) and calls
// forgetStoredApiKey() so an older remembered key does not come back on the next start.
QString storedApiKeyPath(const QString& homeDir = {});
bool storeApiKey(const QString& key, QString* errorMessage = nullptr, const QString& homeDir = {});
bool forgetStoredApiKey(QString* errorMessage = nullptr, const QString& homeDir = {});

} // namespace fd
